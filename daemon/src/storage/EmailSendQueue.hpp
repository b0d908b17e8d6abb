#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/EmailSends.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// How an attempt to send an email ended, and what the send does next.
struct SendAttemptEnd {
    std::string sendId;
    std::string owner;  // the lease owner that made the attempt
    int number = 0;     // which attempt
    Timestamp at = 0;
    // Sent; Pending (a retry, due at retryAt); Failed or Bounced (for good).
    domain::EmailSendStatus status = domain::EmailSendStatus::Sent;
    std::optional<Timestamp> retryAt;
    std::optional<std::string> error;
    std::optional<std::string> smtpReply;
};

// The scheduled emails of prospects' sequences as leased work (the webhook outbox's pattern: a
// claim is a lease, and the holder's writes are guarded by owner and attempt number), and each
// campaign's sending day, which the claims consult and advance in the same transaction.
class EmailSendQueue {
  public:
    virtual ~EmailSendQueue() = default;
    // Pending, unleased sends due by `now` whose campaign may start a send now (its sending
    // day's next send time has come), oldest due first; at most `limit`.
    virtual std::vector<domain::EmailSend> due(Timestamp now, int limit) = 0;
    // The same, chosen to be claimed in this write: on PostgreSQL the rows are locked to the end
    // of the transaction, and rows another host's claim holds are skipped.
    virtual std::vector<domain::EmailSend> claimable(Timestamp now, int limit) = 0;
    // When the next unleased pending send may start, its campaign's next send time included.
    virtual std::optional<Timestamp> nextDue() = 0;
    // Leases a pending, unleased send to `owner` until `leaseUntil` and counts the attempt. False
    // when another claim took it meanwhile.
    virtual bool lease(const std::string& id, const std::string& owner, Timestamp leaseUntil,
                       Timestamp now) = 0;
    // Moves an unleased pending send to a later due time (its window is closed).
    virtual bool postpone(const std::string& id, Timestamp dueAt, Timestamp now) = 0;
    // Holds an unleased pending send until the prospect's lead magnet is ready (its step links
    // to it): marked waiting_for lead_magnet, due again at `recheckAt` at the latest. False, and
    // nothing held, when the magnet's job has completed meanwhile: on PostgreSQL its release may
    // have committed between the claim's look and this hold, and would find nothing to release.
    virtual bool holdForLeadMagnet(const std::string& id, Timestamp recheckAt, Timestamp now) = 0;
    // The prospect's lead magnet is ready: its held sends are due at once and no longer marked.
    // How many.
    virtual int releaseHeld(const std::string& prospectId, Timestamp now) = 0;
    // Records the attempt's end; false (nothing written) when the lease is no longer the
    // owner's for that attempt.
    virtual bool finishAttempt(const SendAttemptEnd& end) = 0;
    // Hands back a claim whose attempt never started (a stop): uncounted, due as before.
    virtual bool release(const std::string& id, const std::string& owner, int number) = 0;
    // Ends an unleased pending send unsent, as Cancelled or Failed, saying why. False when it is
    // leased or no longer pending.
    virtual bool end(const std::string& id, domain::EmailSendStatus status,
                     const std::string& reason, Timestamp now) = 0;

    virtual std::optional<domain::SendingDay> sendingDay(const std::string& campaignId) = 0;
    virtual void saveSendingDay(const domain::SendingDay& day) = 0;
    // The campaign's sending rules changed: its held sends are looked at again at once, and its
    // next send times worked out afresh from the day's count and last send under the new rules.
    virtual void reopenSendingDay(const std::string& campaignId) = 0;
};

}  // namespace lodestone::storage
