#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/WebhookDeliveries.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// The endpoints organisations subscribed to lifecycle events (docs/events.md).
class WebhookEndpointRepository {
  public:
    virtual ~WebhookEndpointRepository() = default;
    virtual void insert(const domain::WebhookEndpoint& endpoint) = 0;
    virtual std::optional<domain::WebhookEndpoint> find(const std::string& id) = 0;
    // Oldest first, disabled ones included; every organisation's without one.
    virtual std::vector<domain::WebhookEndpoint> list(
        const std::optional<std::string>& organisationId) = 0;
    // The organisation's endpoints still enabled.
    virtual std::vector<domain::WebhookEndpoint> enabled(const std::string& organisationId) = 0;
    // False when it was already disabled (or does not exist).
    virtual bool disable(const std::string& id, Timestamp at) = 0;
};

}  // namespace lodestone::storage
