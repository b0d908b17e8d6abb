#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/WebhookDeliveries.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// How an attempt ended, and what the delivery does next.
struct AttemptOutcome {
    std::string deliveryId;
    std::string owner;  // the lease owner that made the attempt
    int number = 0;     // which attempt
    Timestamp finishedAt = 0;
    bool delivered = false;
    std::optional<int> statusCode;
    std::optional<std::int64_t> latencyMs;
    std::optional<std::string> error;
    // Failed only: when the next attempt is due; none ends the delivery as failed.
    std::optional<Timestamp> retryAt;
};

// The webhook outbox as leased work. Claims follow the job queue's pattern: a claim is a lease,
// and a lease-holder's writes are guarded by owner and attempt number, so a late worker never
// overwrites a delivery that was recovered and claimed again.
class WebhookDeliveryQueue {
  public:
    virtual ~WebhookDeliveryQueue() = default;
    // Claims up to `limit` pending deliveries due at `now`, oldest due first: leases each to
    // `owner` until `leaseExpiresAt`, counts the attempt and records it as started (with the
    // campaign's webhook URL of the moment). Returns them with attemptCount = this attempt.
    virtual std::vector<domain::WebhookDelivery> claim(const std::string& owner, Timestamp now,
                                                       Timestamp leaseExpiresAt, int limit) = 0;
    // The earliest next attempt among unclaimed pending deliveries.
    virtual std::optional<Timestamp> nextDue() = 0;
    // Records the attempt's outcome and the delivery's next state; false (nothing written) when
    // the lease is no longer `owner`'s for that attempt.
    virtual bool finishAttempt(const AttemptOutcome& outcome) = 0;
    // Hands back a claim whose attempt was never sent (shutdown): uncounts and forgets it.
    virtual bool release(const std::string& id, const std::string& owner, int number) = 0;
};

}  // namespace lodestone::storage
