#include "webhooks/DeliveryQueue.hpp"

#include <map>

#include "metrics/Series.hpp"
#include "storage/WebhookDeliveryQueue.hpp"
#include "storage/WebhookDeliveryRepository.hpp"

namespace lodestone::webhooks {
namespace {

const char* const kLostClaim =
    "interrupted: the lodestoned making this attempt stopped before recording its outcome (it "
    "may have reached the receiver)";

std::string describe(const std::string& deliveryId, int attempt) {
    return "delivery " + deliveryId + ", attempt " + std::to_string(attempt);
}

// A delivery claimed for one attempt, with its campaign or endpoint as it was at the claim, and
// then what the attempt came to.
struct ClaimedDelivery final : work::Claim {
    std::string describe() const override {
        return webhooks::describe(delivery.id, delivery.attemptCount);
    }

    domain::WebhookDelivery delivery;
    std::optional<DeliveryTarget> target;
    std::chrono::steady_clock::time_point started;
    AttemptResult result;
};

// An attempt's duration is the real time its call took, whatever the application's clock says.
std::int64_t millisSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start)
        .count();
}

// An endpoint's own schedule, else webhooks.retry_schedule.
const RetrySchedule& pick(const std::optional<DeliveryTarget>& target,
                          const RetrySchedule& configured) {
    return target && target->schedule ? *target->schedule : configured;
}

work::Outcome outcomeOf(const AttemptResult& result) {
    if (result.delivered) return work::Outcome::succeeded();
    return work::Outcome::failed(result.error.value_or("the attempt failed"), result.retryable);
}

}  // namespace

work::Rescue DeliveryTable::rescue(storage::Repositories& repositories,
                                   const storage::HeldLease& lease, work::LostBecause why,
                                   work::Timestamp now) {
    work::Rescue rescue;
    rescue.subject = "delivery " + lease.id;
    rescue.error = kLostClaim;
    const auto delivery = repositories.webhookDeliveries().find(lease.id);
    // Changed hands meanwhile, or renewed since it was found expired.
    if (!delivery || delivery->leaseOwner != lease.owner) return rescue;
    if (why == work::LostBecause::Expired && delivery->leaseExpiresAt > now) return rescue;
    rescue.subject = describe(delivery->id, delivery->attemptCount);
    storage::AttemptOutcome outcome;
    outcome.deliveryId = delivery->id;
    outcome.owner = lease.owner;
    outcome.number = delivery->attemptCount;
    outcome.finishedAt = now;
    outcome.error = rescue.error;
    outcome.retryAt = pick(findTarget(repositories, *delivery), schedule_)
                          .retryAt(delivery->attemptCount, delivery->manual, now);
    rescue.recorded.held = repositories.webhookDeliveryQueue().finishAttempt(outcome);
    if (rescue.recorded.held) rescue.recorded.retryAt = outcome.retryAt;
    return rescue;
}

DeliveryQueue::DeliveryQueue(DeliveryAttempt attempt, RetrySchedule schedule,
                             const metrics::Series* series)
    : attempt_(std::move(attempt)), schedule_(std::move(schedule)), series_(series) {}

work::Claims DeliveryQueue::claim(storage::Repositories& repositories,
                                  const work::ClaimRequest& request) {
    work::Claims claimed;
    // Read once per claim: a backlog's deliveries mostly share a few campaigns and endpoints.
    std::map<std::string, std::optional<DeliveryTarget>> targets;
    for (auto& delivery : repositories.webhookDeliveryQueue().claim(
             request.owner, request.now, request.leaseUntil, request.limit)) {
        const std::string key = delivery.endpointId
                                    ? "endpoint " + *delivery.endpointId
                                    : "campaign " + delivery.campaignId.value_or("");
        auto found = targets.find(key);
        if (found == targets.end()) {
            found = targets.emplace(key, findTarget(repositories, delivery)).first;
        }
        auto one = std::make_unique<ClaimedDelivery>();
        one->itemId = delivery.id;
        one->owner = request.owner;
        one->target = found->second;
        one->delivery = std::move(delivery);
        claimed.push_back(std::move(one));
    }
    return claimed;
}

std::optional<work::Timestamp> DeliveryQueue::nextDue(storage::Repositories& repositories) {
    return repositories.webhookDeliveryQueue().nextDue();
}

work::Prepared DeliveryQueue::prepare(work::Claim& claim,
                                      const std::shared_ptr<plugins::RunControl>& control) {
    auto& claimed = static_cast<ClaimedDelivery&>(claim);
    claimed.started = std::chrono::steady_clock::now();
    auto call = attempt_.prepare(claimed.delivery, claimed.target, control);
    if (call.ended) {
        claimed.result = std::move(*call.ended);
        return {nullptr, outcomeOf(claimed.result)};
    }
    return {std::move(call.run), {}};
}

work::Outcome DeliveryQueue::conclude(work::Claim& claim, const work::CallEnd& end,
                                      const plugins::RunControl& control) {
    auto& claimed = static_cast<ClaimedDelivery&>(claim);
    claimed.result = attempt_.conclude(end, control, millisSince(claimed.started));
    return outcomeOf(claimed.result);
}

work::Recorded DeliveryQueue::record(storage::Repositories& repositories, const work::Claim& claim,
                                     const work::Outcome& outcome, work::Timestamp now) {
    const auto& claimed = static_cast<const ClaimedDelivery&>(claim);
    const auto& delivery = claimed.delivery;
    work::Recorded recorded;
    if (outcome.type == work::Outcome::Type::HandedBack) {
        recorded.held = repositories.webhookDeliveryQueue().release(delivery.id, claim.owner,
                                                                    delivery.attemptCount);
        return recorded;
    }
    const bool delivered = outcome.type == work::Outcome::Type::Succeeded;
    storage::AttemptOutcome attempt;
    attempt.deliveryId = delivery.id;
    attempt.owner = claim.owner;
    attempt.number = delivery.attemptCount;
    attempt.finishedAt = now;
    attempt.delivered = delivered;
    attempt.statusCode = claimed.result.statusCode;
    attempt.latencyMs = claimed.result.latencyMs;
    if (!delivered) {
        attempt.error = outcome.error;
        if (outcome.retryable) {
            attempt.retryAt =
                pick(claimed.target, schedule_).retryAt(attempt.number, delivery.manual, now);
        }
    }
    recorded.held = repositories.webhookDeliveryQueue().finishAttempt(attempt);
    if (!recorded.held) return recorded;
    recorded.retryAt = attempt.retryAt;
    if (delivered) {
        recorded.note = "delivered (HTTP " + std::to_string(claimed.result.statusCode.value_or(0)) +
                        ", " + std::to_string(claimed.result.latencyMs) + " ms)";
    }
    return recorded;
}

void DeliveryQueue::recorded(const work::Claim& claim, const work::Outcome& outcome,
                             const work::Recorded& recorded) {
    if (outcome.type == work::Outcome::Type::HandedBack || !series_) return;
    const auto& series = *series_;
    const auto& claimed = static_cast<const ClaimedDelivery&>(claim);
    // Only an attempt the receiver answered has a latency worth showing: one that could not
    // connect, or timed out, would only show the timeout.
    if (claimed.result.statusCode) {
        series.webhookDeliveryLatency.with({}).observe(
            static_cast<double>(claimed.result.latencyMs) / 1000.0);
    }
    std::string outcomeLabel = "delivered";
    if (outcome.type == work::Outcome::Type::Failed) {
        outcomeLabel = recorded.retryAt ? "retried" : "failed";
        if (recorded.retryAt) series.retries.with({"webhook_delivery"}).add();
    }
    series.webhookDeliveries.with({outcomeLabel}).add();
}

}  // namespace lodestone::webhooks
