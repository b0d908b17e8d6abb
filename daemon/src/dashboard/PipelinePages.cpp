// The organisation's pipeline: the overview, its campaigns, a failed webhook delivery sent
// again, and the audit log.
#include <Poco/URI.h>

#include "admin/OperatorAccounts.hpp"
#include "dashboard/Pages.hpp"
#include "domain/Time.hpp"
#include "storage/AuditLogRepository.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/PageCursor.hpp"
#include "storage/PageRequest.hpp"
#include "storage/PipelineCountRepository.hpp"
#include "storage/StorageError.hpp"
#include "webhooks/DeliveryRecords.hpp"

namespace lodestone::dashboard {
namespace {

constexpr int kPageSize = 25;
constexpr domain::Timestamp kDayMs = 24LL * 60 * 60 * 1000;

mustache::data counted(const std::map<std::string, int>& counts) {
    mustache::data list{mustache::data::type::list};
    for (const auto& [name, count] : counts) {
        mustache::data entry;
        entry.set("name", name);
        entry.set("count", std::to_string(count));
        list.push_back(entry);
    }
    return list;
}

}  // namespace

std::optional<domain::Campaign> ownCampaign(Dashboard& dashboard, const DashboardRequest& request) {
    auto campaign = dashboard.services().store.read([&](storage::Repositories& repositories) {
        return repositories.campaigns().find(request.param("campaignId"));
    });
    if (!campaign || campaign->organisationId != request.who->op.organisationId)
        return std::nullopt;
    return campaign;
}

std::string actorOf(const DashboardRequest& request) {
    return request.who ? request.who->op.email : "operator";
}

storage::PageRequest pageOf(const DashboardRequest& request) {
    storage::PageRequest page{kPageSize + 1, std::nullopt};
    if (auto cursor = request.field("cursor"); !cursor.empty()) {
        page.after = storage::pageStartOf(cursor);
    }
    return page;
}

std::string urlEncoded(const std::string& text) {
    std::string out;
    Poco::URI::encode(text, "&=+#?/", out);
    return out;
}

Reply overview(Dashboard& dashboard, DashboardRequest& request) {
    const auto& op = request.who->op;
    const auto now = dashboard.services().clock.now();
    auto [organisation, counts] = dashboard.services().store.read([&](storage::Repositories& r) {
        return std::make_pair(r.organisations().find(op.organisationId),
                              r.pipelineCounts().counts(op.organisationId, now - kDayMs));
    });
    mustache::data data;
    data.set("organisation", organisation ? organisation->name : op.organisationId);
    data.set("credits", std::to_string(organisation ? organisation->credits : 0));
    data.set("jobs", counted(counts.jobsByStatus));
    data.set("prospects", counted(counts.prospectsByStatus));
    data.set("failedDeliveries", std::to_string(counts.failedDeliveries));
    data.set("isAdmin", op.isAdmin());
    return page(200, "Overview", "overview.mustache", std::move(data), &*request.who,
                Section::Overview);
}

Reply campaigns(Dashboard& dashboard, DashboardRequest& request, const std::string& error) {
    const auto page = pageOf(request);
    auto rows = dashboard.services().store.read([&](storage::Repositories& r) {
        return r.campaigns().page(request.who->op.organisationId, page);
    });
    auto next = storage::endOfPage(rows, page);
    mustache::data list{mustache::data::type::list};
    for (const auto& campaign : rows) {
        mustache::data entry;
        entry.set("id", campaign.id);
        entry.set("name", campaign.name);
        entry.set("webhookUrl", campaign.webhookUrl.value_or(""));
        entry.set("calendarUrl", campaign.calendarUrl.value_or(""));
        entry.set("created", shownTime(campaign.createdAt));
        list.push_back(entry);
    }
    mustache::data data;
    data.set("campaigns", list);
    if (next) data.set("next", *next);
    if (!error.empty()) {
        data.set("error", error);
        // The new campaign's form as it was posted.
        data.set("newName", request.field("name"));
        data.set("newWebhookUrl", request.field("webhookUrl"));
        data.set("newCalendarUrl", request.field("calendarUrl"));
    }
    return dashboard::page(error.empty() ? 200 : 400, "Campaigns", "campaigns.mustache",
                           std::move(data), &*request.who, Section::Campaigns);
}

Reply redeliverOwned(Dashboard& dashboard, DashboardRequest& request,
                     const webhooks::DeliveryOwner& owner, const std::string& ownerKind,
                     const std::string& ownerName, const std::string& done) {
    const std::string& id = request.param("deliveryId");
    const auto now = dashboard.services().clock.now();
    try {
        dashboard.services().store.write([&](storage::Repositories& r) {
            webhooks::redeliver(r, id, now, owner);
            admin::recordChange(r, request.who->op.organisationId, actorOf(request),
                                "webhook.redeliver", id,
                                "Queued a redelivery of " + id + " (" + ownerName + ")", now);
        });
    } catch (const webhooks::DeliveryNotFound&) {
        return problem(404, "Not found", "This " + ownerKind + " has no such webhook delivery.",
                       &*request.who);
    } catch (const webhooks::DeliveryStillPending&) {
        return problem(409, "Still pending",
                       "An attempt of this delivery is still due or under way; wait for it.",
                       &*request.who);
    }
    if (dashboard.services().webhookQueued) dashboard.services().webhookQueued();
    return redirectTo(done);
}

Reply redeliver(Dashboard& dashboard, DashboardRequest& request) {
    auto campaign = ownCampaign(dashboard, request);
    if (!campaign) return problem(404, "Not found", "There is no such campaign.", &*request.who);
    return redeliverOwned(dashboard, request, {campaign->id}, "campaign", campaign->name,
                          "/dashboard/campaigns/" + campaign->id + "?redelivered=1#deliveries");
}

Reply audit(Dashboard& dashboard, DashboardRequest& request) {
    const auto page = pageOf(request);
    auto entries = dashboard.services().store.read([&](storage::Repositories& r) {
        return r.auditLog().page(request.who->op.organisationId, page);
    });
    auto next = storage::endOfPage(entries, page);
    mustache::data list{mustache::data::type::list};
    for (const auto& entry : entries) {
        mustache::data row;
        row.set("at", shownTime(entry.createdAt));
        row.set("actor", entry.actor);
        row.set("action", entry.action);
        row.set("detail", entry.detail);
        list.push_back(row);
    }
    mustache::data data;
    data.set("entries", list);
    if (next) data.set("next", *next);
    return dashboard::page(200, "Audit log", "audit.mustache", std::move(data), &*request.who,
                           Section::Audit);
}

}  // namespace lodestone::dashboard
