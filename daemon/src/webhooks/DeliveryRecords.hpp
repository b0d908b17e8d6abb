#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "domain/Records.hpp"
#include "storage/Repositories.hpp"
#include "storage/WebhookDeliveryRepository.hpp"

namespace lodestone::webhooks {

// A delivery with its attempts: what operators look at, over HTTP and in lodestonectl.
struct DeliveryRecord {
    domain::WebhookDelivery delivery;
    std::vector<domain::WebhookAttempt> attempts;
};

class DeliveryNotFound : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A redelivery asked for while an attempt is still due or in flight.
class DeliveryStillPending : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

std::vector<DeliveryRecord> listDeliveries(storage::Repositories& repositories,
                                           const storage::DeliveryFilter& filter);
std::optional<DeliveryRecord> findDelivery(storage::Repositories& repositories,
                                           const std::string& id);

// Whose deliveries a caller may touch: a campaign's, an endpoint's, or (both none) any.
struct DeliveryOwner {
    std::optional<std::string> campaignId = std::nullopt;
    std::optional<std::string> endpointId = std::nullopt;
};

// Queues one fresh attempt, due now, of a delivered or failed delivery, with the same
// webhook-id (receivers that already have it drop it). Throws DeliveryNotFound (also for a
// delivery that is not `owner`'s) or DeliveryStillPending.
DeliveryRecord redeliver(storage::Repositories& repositories, const std::string& id,
                         domain::Timestamp now, const DeliveryOwner& owner = {});

// The JSON shape documented in docs/webhooks.md; times are epoch milliseconds, as elsewhere in
// the API.
Poco::JSON::Object::Ptr renderDelivery(const DeliveryRecord& record);

// Queues a `test` event to the campaign's webhook URL, delivered, signed and retried as every
// event is (docs/webhooks.md): {"event":"test","campaignId":…,"message":…}. Its id.
std::string queueTestEvent(storage::Repositories& repositories, const domain::Campaign& campaign,
                           domain::Timestamp now);

}  // namespace lodestone::webhooks
