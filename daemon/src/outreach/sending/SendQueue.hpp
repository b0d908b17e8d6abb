#pragma once

#include <map>
#include <memory>
#include <string>

#include "metrics/Series.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "outreach/sequence/Sequence.hpp"
#include "plugins/LivePlugins.hpp"
#include "work/RetryPolicy.hpp"
#include "work/WorkKind.hpp"

namespace lodestone::outreach {

struct SendSettings {
    plugins::PluginChoice mailer;
    std::string publicUrl;                     // for the unsubscribe and calendar links
    std::chrono::milliseconds timeout{60000};  // of one SMTP conversation
    int maxAttempts = 5;                       // of one email, before it fails for good
    int leadMagnetRetries = 3;                 // jobs.max_retries, for a lead magnet it starts
    work::RetryPolicy retries{std::chrono::minutes(5)};
    const metrics::Series* series = nullptr;  // where outcomes are counted, if anywhere
};

// The email sends as the engine's lease keeper and rescuer see them. A send taken back from a
// lost worker counts as a failed attempt and is tried again: the server may or may not have
// accepted it (the one duplicate outreach can cause, docs/outreach.md).
class SendTable final : public work::LeaseTable {
  public:
    explicit SendTable(const SendSettings& settings) : settings_(settings) {}

    const std::string& name() const override { return name_; }
    storage::LeaseRepository& leases(storage::Repositories& repositories) override {
        return repositories.emailSendLeases();
    }
    work::Rescue rescue(storage::Repositories& repositories, const storage::HeldLease& lease,
                        work::LostBecause why, work::Timestamp now) override;

  private:
    const std::string name_ = "email send";
    const SendSettings& settings_;
};

// Outreach emails as a kind of work: each claim is one attempt at one step of one prospect's
// sequence, sent through the mailer plugin, inside the campaign's sending window, daily cap and
// minimum gap (docs/outreach.md).
class SendQueue final : public work::WorkKind {
  public:
    explicit SendQueue(SendSettings settings);

    const std::string& name() const override { return name_; }
    work::LeaseTable& table() override { return table_; }
    work::Claims claim(storage::Repositories& repositories,
                       const work::ClaimRequest& request) override;
    std::optional<work::Timestamp> nextDue(storage::Repositories& repositories) override;
    work::Prepared prepare(work::Claim& claim,
                           const std::shared_ptr<plugins::RunControl>& control) override;
    work::Outcome conclude(work::Claim& claim, const work::CallEnd& end,
                           const plugins::RunControl& control) override;
    work::Recorded record(storage::Repositories& repositories, const work::Claim& claim,
                          const work::Outcome& outcome, work::Timestamp now) override;
    // lodestone_emails_total by outcome, and a retry.
    void recorded(const work::Claim& claim, const work::Outcome& outcome,
                  const work::Recorded& recorded) override;

  private:
    // A campaign's sequence as last read, kept while the campaign is unchanged: parsing compiles
    // every template.
    struct KnownSequence {
        work::Timestamp campaignUpdatedAt = 0;
        std::shared_ptr<const Sequence> sequence;  // none: the campaign has none, or it is bad
        std::string problem;
    };
    const KnownSequence& sequenceOf(const domain::Campaign& campaign);
    // A due send that may go out now as far as its prospect and campaign go: the prospect and
    // the sequence to render. Otherwise the send is ended (and the prospect moved on) saying
    // why, and none.
    struct Sendable {
        domain::Prospect prospect;
        std::shared_ptr<const Sequence> sequence;
    };
    std::optional<Sendable> sendable(storage::Repositories& repositories,
                                     const domain::EmailSend& send,
                                     const std::optional<domain::Campaign>& campaign,
                                     work::Timestamp now);
    const TimeZone& zone(const std::string& name);
    // The zone the prospect's window is read in: its own contact.timezone, else the window's.
    const TimeZone& zoneOf(const domain::Prospect& prospect, const TimeZone& windowZone);

    const std::string name_ = kEmailSendWork;
    SendSettings settings_;
    SendTable table_{settings_};
    // Used by claim() only, which the pool's dispatcher thread alone calls.
    std::map<std::string, KnownSequence> sequences_;
    std::map<std::string, TimeZone> zones_;
};

}  // namespace lodestone::outreach
