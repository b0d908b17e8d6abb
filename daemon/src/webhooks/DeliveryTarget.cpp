#include "webhooks/DeliveryTarget.hpp"

#include <chrono>

#include "storage/CampaignRepository.hpp"
#include "storage/WebhookEndpointRepository.hpp"

namespace lodestone::webhooks {

DeliveryTarget targetOf(const domain::Campaign& campaign) {
    DeliveryTarget target;
    target.kind = "campaign";
    target.name = "campaign " + campaign.id;
    target.url = campaign.webhookUrl;
    target.secret = campaign.webhookSecret;
    target.previousSecret = campaign.previousWebhookSecret;
    target.previousSecretExpiresAt = campaign.previousSecretExpiresAt;
    target.urlCommand = "lodestonectl campaign update " + campaign.id + " --webhook-url URL";
    return target;
}

DeliveryTarget targetOf(const domain::WebhookEndpoint& endpoint) {
    DeliveryTarget target;
    target.kind = "endpoint";
    target.name = "endpoint " + endpoint.id;
    target.url = endpoint.url;
    target.secret = endpoint.secret;
    if (endpoint.retryDelaysMs) {
        std::vector<std::chrono::milliseconds> delays;
        for (auto delay : *endpoint.retryDelaysMs) delays.emplace_back(delay);
        target.schedule = RetrySchedule(std::move(delays));
    }
    if (endpoint.disabledAt) {
        target.refusal = "endpoint " + endpoint.id + " was deleted";
    }
    target.urlCommand = "lodestonectl endpoint create … --url URL";
    return target;
}

std::optional<DeliveryTarget> findTarget(storage::Repositories& repositories,
                                         const domain::WebhookDelivery& delivery) {
    if (delivery.endpointId) {
        auto endpoint = repositories.webhookEndpoints().find(*delivery.endpointId);
        if (!endpoint) return std::nullopt;
        return targetOf(*endpoint);
    }
    if (!delivery.campaignId) return std::nullopt;
    auto campaign = repositories.campaigns().find(*delivery.campaignId);
    if (!campaign) return std::nullopt;
    return targetOf(*campaign);
}

}  // namespace lodestone::webhooks
