#pragma once

#include <string>

#include "metrics/Series.hpp"
#include "webhooks/DeliveryAttempt.hpp"
#include "webhooks/RetrySchedule.hpp"
#include "work/WorkKind.hpp"

namespace lodestone::webhooks {

// The webhook outbox as the engine's lease keeper and rescuer see it. A delivery taken back from
// a lost worker counts as a failed ("interrupted") attempt, retried on the schedule: it may or
// may not have reached the receiver.
class DeliveryTable final : public work::LeaseTable {
  public:
    explicit DeliveryTable(const RetrySchedule& schedule) : schedule_(schedule) {}

    const std::string& name() const override { return name_; }
    storage::LeaseRepository& leases(storage::Repositories& repositories) override {
        return repositories.deliveryLeases();
    }
    work::Rescue rescue(storage::Repositories& repositories, const storage::HeldLease& lease,
                        work::LostBecause why, work::Timestamp now) override;

  private:
    const std::string name_ = "webhook delivery";
    const RetrySchedule& schedule_;
};

// Webhook deliveries as a kind of work: each claim is one attempt of one delivery, made through
// the webhook plugin, its outcome and the next due time recorded with the delivery.
class DeliveryQueue final : public work::WorkKind {
  public:
    // `series`: where delivery outcomes are counted (none: nowhere).
    DeliveryQueue(DeliveryAttempt attempt, RetrySchedule schedule,
                  const metrics::Series* series = nullptr);

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
    // lodestone_webhook_deliveries_total by outcome, the receiver's answer time, and a retry.
    void recorded(const work::Claim& claim, const work::Outcome& outcome,
                  const work::Recorded& recorded) override;

  private:
    const std::string name_ = "webhook_delivery";
    DeliveryAttempt attempt_;
    RetrySchedule schedule_;
    DeliveryTable table_{schedule_};
    const metrics::Series* series_;
};

}  // namespace lodestone::webhooks
