#pragma once

#include <optional>
#include <string>

#include "domain/EmailSends.hpp"
#include "domain/Prospects.hpp"
#include "domain/Records.hpp"
#include "outreach/sequence/Sequence.hpp"
#include "storage/Repositories.hpp"

// A prospect's life in its campaign's email sequence (docs/outreach.md): entering it when
// qualified, moving from one step to the next, and stopping for good. Every function runs inside
// the caller's transaction.
namespace lodestone::outreach {

// The name of the kind of work that sends outreach emails (outreach/sending), which a step that
// qualifies a prospect wakes.
inline constexpr const char* kEmailSendWork = "email_send";

// The statuses in which a prospect may still be emailed.
bool isInSequence(domain::ProspectStatus status);

// A just-qualified prospect enters its campaign's sequence: its first email is scheduled (due
// after the first step's delay; the sending window is applied when it comes due). Nothing
// happens when the campaign has no sequence, or one that no longer reads (lodestoned warns of
// such campaigns at start). An address its organisation suppressed never enters: the prospect
// stops at once, as unsubscribed or bounced when the address did that, else as completed, its
// history saying why.
void enterSequence(storage::Repositories& repositories, const domain::Prospect& prospect,
                   const domain::Campaign& campaign, domain::Timestamp now);

// After step `sentStep` was sent: the prospect is in_sequence, and either its next step is
// scheduled (due after that step's delay) or, after the last step, it has completed. Nothing
// changes when it stopped meanwhile (a reply while the email was on its way).
void advanceSequence(storage::Repositories& repositories, const domain::Prospect& prospect,
                     const Sequence& sequence, int sentStep, domain::Timestamp now);

// Stops the prospect's sequence for good: moves it to `to` (replied, unsubscribed, bounced) from
// any status in which it is or was emailed, cancels its unsent emails, and for unsubscribed and
// bounced suppresses its address in the organisation. False (nothing changed) when the prospect
// had already stopped or never entered a sequence. `announce`: publish prospect.replied,
// prospect.unsubscribed or email.bounced (docs/events.md); false when the prospect did none of
// those itself (its address was suppressed by another campaign).
bool stopSequence(storage::Repositories& repositories, const domain::Prospect& prospect,
                  domain::ProspectStatus to, const std::string& detail, domain::Timestamp now,
                  bool announce = true);

// The address bounced for good (a 5xx to RCPT or DATA, a delivery report): the sequence stops,
// as stopSequence does, and the address is suppressed in the organisation whatever the
// prospect's status (a report may come for a prospect that replied or booked meanwhile).
void bounce(storage::Repositories& repositories, const domain::Prospect& prospect,
            const std::string& detail, domain::Timestamp now);

// The campaign's sequence lost the steps the prospect had left (or was removed): a prospect in
// the middle of it has completed it. `why` goes in its history.
void endSequenceEarly(storage::Repositories& repositories, const domain::Prospect& prospect,
                      const std::string& why, domain::Timestamp now);

// The prospect asked to hear no more (its unsubscribe link): its sequence stops, as
// stopSequence does, and its address is suppressed in the organisation whatever its status (a
// prospect who booked a meeting may still not want the emails).
void unsubscribe(storage::Repositories& repositories, const domain::Prospect& prospect,
                 const std::string& detail, domain::Timestamp now);

// The organisation's entry `suppression` covers the prospect's address: its sequence stops
// (unsubscribed or bounced when the address did that, else completed) and its unsent emails are
// cancelled, the reason in its history and on each email. Not announced: the prospect did
// nothing itself.
void stopSuppressed(storage::Repositories& repositories, const domain::Prospect& prospect,
                    const domain::Suppression& suppression, domain::Timestamp now);

// A new entry stops at once every prospect of the organisation it covers that is still in a
// sequence (stopSuppressed), in the caller's transaction; how many.
int stopCovered(storage::Repositories& repositories, const domain::Suppression& suppression,
                domain::Timestamp now);

// The Message-ID an email send carries: its id at the sender's domain.
std::string messageIdFor(const std::string& sendId, const std::string& senderAddress);

}  // namespace lodestone::outreach
