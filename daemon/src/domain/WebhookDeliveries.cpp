#include "domain/WebhookDeliveries.hpp"

#include <algorithm>

#include "domain/EnumNames.hpp"

namespace lodestone::domain {
namespace {

constexpr EnumNames<DeliveryStatus, 3> kNames{{
    {DeliveryStatus::Pending, "pending"},
    {DeliveryStatus::Delivered, "delivered"},
    {DeliveryStatus::Failed, "failed"},
}};

}  // namespace

std::string_view toString(DeliveryStatus status) {
    return nameOf(kNames, status);
}

std::optional<DeliveryStatus> deliveryStatusFromString(std::string_view text) {
    return valueOf(kNames, text);
}

bool WebhookEndpoint::wants(std::string_view type, const std::optional<std::string>& about) const {
    if (disabledAt) return false;
    if (projectId && projectId != about) return false;
    return std::find(events.begin(), events.end(), type) != events.end();
}

}  // namespace lodestone::domain
