#pragma once

#include <Poco/JSON/Parser.h>

#include <algorithm>
#include <string>
#include <vector>

#include "domain/Ids.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "storage/WebhookEndpointRepository.hpp"
#include "unit/storage/ProspectStoreFixture.hpp"

namespace lodestone::events::test {

// A store with an organisation, its campaigns and a project, and helpers to subscribe endpoints
// and read what the outbox holds for them.
class EndpointStoreFixture : public storage::test::ProspectStoreFixture {
  protected:
    void SetUp() override {
        ProspectStoreFixture::SetUp();
        project_.id = domain::newId(domain::IdKind::Project);
        project_.organisationId = org_.id;
        project_.name = "Guides";
        project_.createdAt = project_.updatedAt = kT0;
        store_->write([&](storage::Repositories& r) { r.projects().insert(project_); });
    }

    domain::WebhookEndpoint subscribe(std::vector<std::string> events,
                                      std::optional<std::string> projectId = std::nullopt) {
        domain::WebhookEndpoint endpoint;
        endpoint.id = domain::newId(domain::IdKind::WebhookEndpoint);
        endpoint.organisationId = org_.id;
        endpoint.projectId = std::move(projectId);
        endpoint.url = "https://hooks.example/" + endpoint.id;
        endpoint.secret = "whsec_dGVzdA==";
        endpoint.events = std::move(events);
        endpoint.createdAt = kT0;
        store_->write([&](storage::Repositories& r) { r.webhookEndpoints().insert(endpoint); });
        return endpoint;
    }

    // The endpoint's deliveries, oldest first.
    std::vector<domain::WebhookDelivery> deliveriesTo(const std::string& endpointId) {
        storage::DeliveryFilter filter;
        filter.endpointId = endpointId;
        auto found = store_->read(
            [&](storage::Repositories& r) { return r.webhookDeliveries().list(filter); });
        std::reverse(found.begin(), found.end());
        return found;
    }

    std::vector<std::string> typesTo(const std::string& endpointId) {
        std::vector<std::string> types;
        for (const auto& delivery : deliveriesTo(endpointId)) types.push_back(delivery.event);
        return types;
    }

    static Poco::JSON::Object::Ptr payloadOf(const domain::WebhookDelivery& delivery) {
        return Poco::JSON::Parser().parse(delivery.payloadJson).extract<Poco::JSON::Object::Ptr>();
    }

    domain::Project project_;
};

}  // namespace lodestone::events::test
