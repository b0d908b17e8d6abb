#include "domain/WebhookDeliveries.hpp"

#include <array>
#include <utility>

namespace lodestone::domain {
namespace {

constexpr std::array<std::pair<DeliveryStatus, std::string_view>, 3> kNames{{
    {DeliveryStatus::Pending, "pending"},
    {DeliveryStatus::Delivered, "delivered"},
    {DeliveryStatus::Failed, "failed"},
}};

}  // namespace

std::string_view toString(DeliveryStatus status) {
    for (const auto& [value, name] : kNames) {
        if (value == status) return name;
    }
    return "";
}

std::optional<DeliveryStatus> deliveryStatusFromString(std::string_view text) {
    for (const auto& [value, name] : kNames) {
        if (name == text) return value;
    }
    return std::nullopt;
}

}  // namespace lodestone::domain
