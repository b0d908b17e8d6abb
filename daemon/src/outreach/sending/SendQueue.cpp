#include "outreach/sending/SendQueue.hpp"

#include <algorithm>
#include <set>

#include "metrics/Series.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "outreach/sending/OutgoingEmail.hpp"
#include "outreach/sending/SendRecords.hpp"
#include "outreach/sending/SendingBudget.hpp"
#include "outreach/sending/StepMaterial.hpp"
#include "plugins/PluginError.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/EmailSendQueue.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/SuppressionRepository.hpp"

namespace lodestone::outreach {
namespace {

using domain::EmailSendStatus;

const char* const kLostClaim =
    "interrupted: the lodestoned sending this email stopped before recording whether the server "
    "accepted it (it may have been sent; a resend carries the same Message-ID)";

// Claims look further than the free workers: some due sends are put off (window closed, the
// campaign's budget spent, the lead magnet not ready) or end (the prospect stopped) instead of
// being leased.
constexpr int kLookAhead = 4;

// A send held for its prospect's lead magnet is due again when the magnet is finished (its job's
// last step releases it); this is only how long it waits at most before it is looked at again,
// in case that release was lost with a host.
constexpr work::Timestamp kLeadMagnetRecheck = 10 * 60 * 1000;

std::string describeSend(const domain::EmailSend& send) {
    return "email send " + send.id + " (step " + std::to_string(send.step + 1) + ", attempt " +
           std::to_string(send.attemptCount) + ")";
}

// One attempt at one email, with what it was read with at the claim, and then what the attempt
// came to.
struct ClaimedSend final : work::Claim {
    std::string describe() const override { return describeSend(send); }

    domain::EmailSend send;
    domain::Prospect prospect;
    std::shared_ptr<const Sequence> sequence;
    StepMaterial material;
    SendAttempt attempt;  // filled in by prepare() and conclude()
};

work::Outcome failure(ClaimedSend& claimed, std::string detail, bool retryable) {
    claimed.attempt.result = SendAttempt::Result::Failed;
    claimed.attempt.retryable = retryable;
    claimed.attempt.detail = detail;
    return work::Outcome::failed(std::move(detail), retryable);
}

std::string overran(std::chrono::milliseconds timeout) {
    return "the mailer did not finish within pipeline.mailer.timeout (" +
           std::to_string(timeout.count()) + " ms); the message may have been sent";
}

}  // namespace

work::Rescue SendTable::rescue(storage::Repositories& repositories, const storage::HeldLease& lease,
                               work::LostBecause why, work::Timestamp now) {
    work::Rescue rescue;
    rescue.subject = "email send " + lease.id;
    rescue.error = kLostClaim;
    const auto send = repositories.emailSends().find(lease.id);
    // Changed hands meanwhile, or renewed since it was found expired.
    if (!send || send->leaseOwner != lease.owner) return rescue;
    if (why == work::LostBecause::Expired && send->leaseExpiresAt > now) return rescue;
    rescue.subject = describeSend(*send);
    SendAttempt attempt;
    attempt.send = &*send;
    attempt.owner = lease.owner;
    attempt.result = SendAttempt::Result::Failed;
    attempt.detail = kLostClaim;
    rescue.recorded = recordSendAttempt(repositories, settings_, attempt, nullptr, now);
    return rescue;
}

SendQueue::SendQueue(SendSettings settings) : settings_(std::move(settings)) {}

const SendQueue::KnownSequence& SendQueue::sequenceOf(const domain::Campaign& campaign) {
    auto& known = sequences_[campaign.id];
    if (known.campaignUpdatedAt == campaign.updatedAt && (known.sequence || !known.problem.empty()))
        return known;
    known = KnownSequence{campaign.updatedAt, nullptr, {}};
    if (!campaign.sequenceJson) {
        known.problem = "campaign " + campaign.id + " has no email sequence any more";
        return known;
    }
    try {
        known.sequence = std::make_shared<const Sequence>(Sequence::parse(*campaign.sequenceJson));
    } catch (const std::exception& e) {
        known.problem = "campaign " + campaign.id + "'s sequence cannot be read: " + e.what();
    }
    return known;
}

const TimeZone& SendQueue::zone(const std::string& name) {
    auto found = zones_.find(name);
    if (found == zones_.end()) found = zones_.emplace(name, TimeZone::load(name)).first;
    return found->second;
}

std::optional<SendQueue::Sendable> SendQueue::sendable(
    storage::Repositories& repositories, const domain::EmailSend& send,
    const std::optional<domain::Campaign>& campaign, work::Timestamp now) {
    auto& sends = repositories.emailSendQueue();
    auto prospect = repositories.prospects().find(send.prospectId);
    if (!campaign || !prospect) {
        sends.end(send.id, EmailSendStatus::Failed,
                  campaign ? "its prospect no longer exists" : "its campaign no longer exists",
                  now);
        return std::nullopt;
    }
    if (!isInSequence(prospect->status)) {
        sends.end(send.id, EmailSendStatus::Cancelled,
                  "the prospect is " + std::string(domain::toString(prospect->status)), now);
        return std::nullopt;
    }
    const auto& known = sequenceOf(*campaign);
    std::string gone = known.problem;
    if (known.sequence && send.step >= static_cast<int>(known.sequence->steps.size())) {
        gone = "the campaign's sequence has no step " + std::to_string(send.step + 1) + " any more";
    }
    if (!gone.empty()) {
        sends.end(send.id, EmailSendStatus::Cancelled, gone, now);
        endSequenceEarly(repositories, *prospect, gone, now);
        return std::nullopt;
    }
    // Another campaign of the organisation may have lost the address since this one scheduled
    // it.
    // The address's own entry or its domain's.
    if (auto suppressed =
            repositories.suppressions().find(prospect->organisationId, prospect->emailKey)) {
        stopSuppressed(repositories, *prospect, *suppressed, now);
        return std::nullopt;
    }
    return Sendable{std::move(*prospect), known.sequence};
}

const TimeZone& SendQueue::zoneOf(const domain::Prospect& prospect, const TimeZone& windowZone) {
    auto own = contactTimeZone(prospect);
    if (!own) return windowZone;
    try {
        return zone(*own);
    } catch (const std::exception&) {
        // A zone this host's database lacks: the campaign's own zone stands in.
        return windowZone;
    }
}

work::Claims SendQueue::claim(storage::Repositories& repositories,
                              const work::ClaimRequest& request) {
    const auto now = request.now;
    auto& sends = repositories.emailSendQueue();
    work::Claims claimed;
    std::map<std::string, std::optional<domain::Campaign>> campaigns;
    std::map<std::string, SendingBudget> budgets;
    auto due = sends.claimable(now, request.limit * kLookAhead);
    // Each campaign's sending day is held to the end of the claim (on PostgreSQL, where hosts
    // claim at once): taken in one order on every host, so two claims never wait on each other.
    std::set<std::string> campaignsDue;
    for (const auto& send : due) campaignsDue.insert(send.campaignId);
    for (const auto& id : campaignsDue) sends.sendingDay(id);
    for (auto& send : due) {
        if (static_cast<int>(claimed.size()) >= request.limit) break;
        auto campaign = campaigns.find(send.campaignId);
        if (campaign == campaigns.end()) {
            campaign =
                campaigns.emplace(send.campaignId, repositories.campaigns().find(send.campaignId))
                    .first;
        }
        // Paused after the claim's look (on PostgreSQL, another transaction's pause may commit
        // in between): the send stays pending, due as it was.
        if (campaign->second && campaign->second->isPaused()) continue;
        auto ready = sendable(repositories, send, campaign->second, now);
        if (!ready) continue;
        const Sequence& sequence = *ready->sequence;
        auto material =
            leadMagnetMaterial(repositories, *campaign->second, ready->prospect,
                               sequence.steps[static_cast<std::size_t>(send.step)],
                               MagnetStart{settings_.publicUrl, settings_.leadMagnetRetries, now});
        if (material.waiting) {
            sends.holdForLeadMagnet(send.id, now + kLeadMagnetRecheck, now);
            continue;
        }
        const TimeZone& windowZone = zone(sequence.window.timezone);
        const auto opens = nextInWindow(sequence.window, zoneOf(ready->prospect, windowZone), now);
        if (opens > now) {
            sends.postpone(send.id, opens, now);
            continue;
        }
        auto budget = budgets.find(send.campaignId);
        if (budget == budgets.end()) {
            budget = budgets
                         .emplace(send.campaignId,
                                  SendingBudget(send.campaignId, sends.sendingDay(send.campaignId),
                                                sequence, windowZone, now))
                         .first;
        }
        const bool firstAttempt = send.attemptCount == 0;
        if (!budget->second.mayStart(now, firstAttempt)) continue;
        if (!sends.lease(send.id, request.owner, request.leaseUntil, now)) continue;
        budget->second.start(now, firstAttempt);

        auto one = std::make_unique<ClaimedSend>();
        one->itemId = send.id;
        one->owner = request.owner;
        one->send = std::move(send);
        one->send.attemptCount += 1;
        one->send.leaseOwner = request.owner;
        one->material = std::move(material);
        one->material.researchJson = researchOutput(repositories, ready->prospect.id);
        one->prospect = std::move(ready->prospect);
        one->sequence = ready->sequence;
        claimed.push_back(std::move(one));
    }
    for (const auto& [id, budget] : budgets) {
        if (budget.changed()) sends.saveSendingDay(budget.day());
    }
    return claimed;
}

std::optional<work::Timestamp> SendQueue::nextDue(storage::Repositories& repositories) {
    return repositories.emailSendQueue().nextDue();
}

work::Prepared SendQueue::prepare(work::Claim& claim,
                                  const std::shared_ptr<plugins::RunControl>& control) {
    auto& claimed = static_cast<ClaimedSend&>(claim);
    claimed.attempt.send = &claimed.send;
    claimed.attempt.owner = claimed.owner;
    std::string input;
    try {
        input = composeEmail(claimed.send, claimed.prospect, *claimed.sequence,
                             claimed.material.researchJson, settings_.publicUrl,
                             claimed.material.leadMagnet)
                    .mailerInput();
    } catch (const std::exception& e) {
        return {nullptr,
                failure(claimed, std::string("cannot compose the email: ") + e.what(), false)};
    }
    // The mailer in force now: a reload during the conversation does not touch it.
    return {[mailer = settings_.mailer.current(), control, input = std::move(input)] {
                return mailer->run(*control, input);
            },
            {}};
}

work::Outcome SendQueue::conclude(work::Claim& claim, const work::CallEnd& end,
                                  const plugins::RunControl& control) {
    auto& claimed = static_cast<ClaimedSend&>(claim);
    switch (end.how) {
        case work::CallEnding::Finished:
            break;
        case work::CallEnding::Overran:
            return failure(claimed, overran(settings_.timeout), true);
        case work::CallEnding::Interrupted:
            return failure(claimed,
                           "interrupted: lodestoned stopped during this attempt (the message may "
                           "have been sent)",
                           true);
    }
    if (end.error) {
        try {
            std::rethrow_exception(end.error);
        } catch (const plugins::PluginError& e) {
            if (control.cancelled()) return failure(claimed, overran(settings_.timeout), true);
            // The mailer found the message itself unsendable: the same message fails again.
            return failure(claimed, e.what(), e.status() != LODESTONE_ERROR_INVALID_INPUT);
        } catch (const std::exception& e) {
            return failure(claimed, e.what(), true);
        }
    }
    MailerAnswer answer;
    try {
        answer = readMailerAnswer(end.output);
    } catch (const std::exception& e) {
        return failure(claimed, e.what(), true);
    }
    claimed.attempt.smtpReply = answer.describe();
    claimed.attempt.detail = answer.describe();
    if (answer.accepted) {
        claimed.attempt.result = SendAttempt::Result::Sent;
        return work::Outcome::succeeded();
    }
    if (answer.isHardBounce()) {
        claimed.attempt.result = SendAttempt::Result::Bounced;
        return work::Outcome::failed("bounced: " + answer.describe(), false);
    }
    return failure(claimed, "refused: " + answer.describe(), true);
}

work::Recorded SendQueue::record(storage::Repositories& repositories, const work::Claim& claim,
                                 const work::Outcome& outcome, work::Timestamp now) {
    const auto& claimed = static_cast<const ClaimedSend&>(claim);
    if (outcome.type == work::Outcome::Type::HandedBack) {
        work::Recorded recorded;
        recorded.held = repositories.emailSendQueue().release(claimed.send.id, claim.owner,
                                                              claimed.send.attemptCount);
        return recorded;
    }
    SendAttempt attempt = claimed.attempt;
    attempt.send = &claimed.send;
    attempt.owner = claim.owner;
    if (attempt.detail.empty()) attempt.detail = outcome.error;
    return recordSendAttempt(repositories, settings_, attempt, claimed.sequence.get(), now);
}

void SendQueue::recorded(const work::Claim& claim, const work::Outcome& outcome,
                         const work::Recorded& recorded) {
    if (outcome.type == work::Outcome::Type::HandedBack || !settings_.series) return;
    const auto& series = *settings_.series;
    const auto& claimed = static_cast<const ClaimedSend&>(claim);
    std::string outcomeLabel = "sent";
    if (outcome.type == work::Outcome::Type::Failed) {
        if (claimed.attempt.result == SendAttempt::Result::Bounced) {
            outcomeLabel = "bounced";
        } else if (recorded.retryAt) {
            outcomeLabel = "retried";
            series.retries.with({"email"}).add();
        } else {
            outcomeLabel = "failed";
        }
    }
    series.emails.with({outcomeLabel}).add();
}

}  // namespace lodestone::outreach
