// Webhook endpoints, for the organisation's admins (docs/events.md): listed with their failed
// deliveries (each with Redeliver), subscribed (the signing secret shown once) and deleted,
// through the same admin::createEndpoint and deleteEndpoint as `lodestonectl endpoint`.
#include <algorithm>

#include "admin/Administration.hpp"
#include "admin/OperatorAccounts.hpp"
#include "admin/WebhookAddress.hpp"
#include "admin/WebhookEndpoints.hpp"
#include "dashboard/Pages.hpp"
#include "domain/Text.hpp"
#include "domain/Time.hpp"
#include "events/LifecycleEvents.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "storage/WebhookEndpointRepository.hpp"
#include "webhooks/DeliveryRecords.hpp"

namespace lodestone::dashboard {
namespace {

constexpr int kFailedShownPerEndpoint = 20;

std::string projectName(const std::optional<std::string>& id,
                        const std::vector<domain::Project>& projects) {
    if (!id) return "all";
    for (const auto& project : projects) {
        if (project.id == *id) return project.name;
    }
    return *id;
}

void addFailedRows(mustache::data& rows, const domain::WebhookEndpoint& endpoint,
                   const std::vector<webhooks::DeliveryRecord>& failed) {
    for (const auto& record : failed) {
        const auto& delivery = record.delivery;
        mustache::data row;
        row.set("id", delivery.id);
        row.set("endpointId", endpoint.id);
        row.set("url", endpoint.url);
        row.set("event", delivery.event);
        row.set("attempts", std::to_string(delivery.attemptCount));
        row.set("lastError", delivery.lastError.value_or(""));
        row.set("updated", shownTime(delivery.updatedAt));
        row.set("canRedeliver", !endpoint.disabledAt.has_value());
        rows.push_back(row);
    }
}

// The form's event types, ticked as they were posted.
mustache::data eventChoices(const DashboardRequest& request, bool posted) {
    const auto ticked = request.allOf("events");
    mustache::data choices{mustache::data::type::list};
    for (const auto& type : events::eventTypes()) {
        mustache::data choice;
        choice.set("name", type);
        choice.set("checked",
                   posted && std::find(ticked.begin(), ticked.end(), type) != ticked.end());
        choices.push_back(choice);
    }
    return choices;
}

}  // namespace

std::optional<domain::WebhookEndpoint> ownEndpoint(Dashboard& dashboard,
                                                   const DashboardRequest& request) {
    auto endpoint = dashboard.services().store.read([&](storage::Repositories& r) {
        return r.webhookEndpoints().find(request.param("endpointId"));
    });
    if (!endpoint || endpoint->organisationId != request.who->op.organisationId)
        return std::nullopt;
    return endpoint;
}

Reply endpoints(Dashboard& dashboard, DashboardRequest& request, const std::string& error) {
    const auto& organisationId = request.who->op.organisationId;
    std::vector<domain::WebhookEndpoint> found;
    std::vector<domain::Project> projects;
    mustache::data failed{mustache::data::type::list};
    dashboard.services().store.read([&](storage::Repositories& r) {
        found = r.webhookEndpoints().list(organisationId);
        projects = r.projects().list(organisationId);
        for (const auto& endpoint : found) {
            storage::DeliveryFilter filter;
            filter.endpointId = endpoint.id;
            filter.status = domain::DeliveryStatus::Failed;
            filter.limit = kFailedShownPerEndpoint;
            addFailedRows(failed, endpoint, webhooks::listDeliveries(r, filter));
        }
        return 0;
    });
    mustache::data rows{mustache::data::type::list};
    for (const auto& endpoint : found) {
        mustache::data row;
        row.set("id", endpoint.id);
        row.set("url", endpoint.url);
        row.set("events", domain::joined(endpoint.events));
        row.set("project", projectName(endpoint.projectId, projects));
        row.set("created", shownTime(endpoint.createdAt));
        row.set("enabled", !endpoint.disabledAt.has_value());
        if (auto warning = admin::webhookAddressWarning(
                endpoint.url, dashboard.services().config.webhooks.allowPrivateNetworks);
            warning && !endpoint.disabledAt) {
            row.set("warning", *warning);
        }
        if (endpoint.disabledAt) row.set("deleted", shownTime(*endpoint.disabledAt));
        rows.push_back(row);
    }
    mustache::data data;
    data.set("endpoints", rows);
    data.set("failed", failed);
    data.set("projects", projectChoices(projects, request.field("project")));
    data.set("eventTypes", eventChoices(request, !error.empty()));
    if (!error.empty()) {
        data.set("error", error);
        data.set("newUrl", request.field("url"));
        data.set("newSchedule", request.field("retrySchedule"));
    }
    // Fixed sentences: a link must not be able to put words of its own on this page.
    if (request.field("deleted") == "1") {
        data.set("flash",
                 "Endpoint deleted: nothing new is queued for it, and its pending "
                 "deliveries fail at their next attempt.");
    } else if (request.field("redelivered") == "1") {
        data.set("flash", "Redelivery queued, with the same webhook-id.");
    }
    return page(error.empty() ? 200 : 400, "Webhook endpoints", "endpoints.mustache",
                std::move(data), &*request.who, Section::Endpoints);
}

Reply createEndpoint(Dashboard& dashboard, DashboardRequest& request) {
    admin::EndpointDraft draft;
    draft.organisationId = request.who->op.organisationId;
    draft.url = request.field("url");
    draft.events = domain::joined(request.allOf("events"), ",");
    if (auto project = request.field("project"); !project.empty()) draft.projectId = project;
    if (auto schedule = request.field("retrySchedule"); !schedule.empty())
        draft.retrySchedule = schedule;
    if (draft.events.empty()) return endpoints(dashboard, request, "Tick at least one event.");
    const auto now = dashboard.services().clock.now();
    domain::WebhookEndpoint created;
    try {
        created = dashboard.services().store.write([&](storage::Repositories& r) {
            auto endpoint = admin::createEndpoint(r, draft, now);
            admin::recordChange(
                r, endpoint.organisationId, actorOf(request), "endpoint.create", endpoint.id,
                "Subscribed " + endpoint.url + " to " + domain::joined(endpoint.events), now);
            return endpoint;
        });
    } catch (const admin::InvalidRequest& e) {
        return endpoints(dashboard, request, e.what());
    }
    dashboard.keepShownOnce(request.who->session.tokenHash,
                            {"endpoint:" + created.id, created.url, created.secret, now});
    return redirectTo("/dashboard/endpoints/" + created.id + "/secret");
}

Reply newEndpointSecret(Dashboard& dashboard, DashboardRequest& request) {
    auto endpoint = ownEndpoint(dashboard, request);
    if (!endpoint) return problem(404, "Not found", "There is no such endpoint.", &*request.who);
    auto secret =
        dashboard.takeShownOnce(request.who->session.tokenHash, "endpoint:" + endpoint->id,
                                dashboard.services().clock.now());
    // Shown once: a reload (or a second visit) goes back to the list.
    if (!secret) return redirectTo("/dashboard/endpoints");
    mustache::data data;
    data.set("intro", "The signing secret of the endpoint for " + endpoint->url +
                          ", shown only now. Its receiver verifies every delivery with it "
                          "(docs/webhooks.md).");
    data.set("plaintext", secret->plaintext);
    data.set("back", "/dashboard/endpoints");
    data.set("backText", "Back to the webhook endpoints");
    return page(200, "New endpoint's secret", "secret-shown.mustache", std::move(data),
                &*request.who, Section::Endpoints);
}

Reply deleteEndpoint(Dashboard& dashboard, DashboardRequest& request) {
    auto endpoint = ownEndpoint(dashboard, request);
    if (!endpoint) return problem(404, "Not found", "There is no such endpoint.", &*request.who);
    const auto now = dashboard.services().clock.now();
    dashboard.services().store.write([&](storage::Repositories& r) {
        if (!admin::deleteEndpoint(r, endpoint->id, now)) return;
        admin::recordChange(r, endpoint->organisationId, actorOf(request), "endpoint.delete",
                            endpoint->id, "Deleted the endpoint for " + endpoint->url, now);
    });
    // Its pending deliveries now fail at their next attempt: let the loop find them.
    if (dashboard.services().webhookQueued) dashboard.services().webhookQueued();
    return redirectTo("/dashboard/endpoints?deleted=1");
}

Reply redeliverToEndpoint(Dashboard& dashboard, DashboardRequest& request) {
    auto endpoint = ownEndpoint(dashboard, request);
    if (!endpoint) return problem(404, "Not found", "There is no such endpoint.", &*request.who);
    if (endpoint->disabledAt) {
        return problem(409, "Endpoint deleted",
                       "This endpoint is deleted: a redelivery would fail at once.", &*request.who);
    }
    return redeliverOwned(dashboard, request, {std::nullopt, endpoint->id}, "endpoint",
                          endpoint->url, "/dashboard/endpoints?redelivered=1#failed");
}

}  // namespace lodestone::dashboard
