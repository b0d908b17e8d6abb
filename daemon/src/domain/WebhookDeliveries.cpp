#include "domain/WebhookDeliveries.hpp"

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

}  // namespace lodestone::domain
