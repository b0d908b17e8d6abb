// The organisation's pipeline: the overview, its campaigns, a campaign's prospects and failed
// webhook deliveries (with Redeliver), and the audit log.
#include <Poco/JSON/Stringifier.h>
#include <Poco/URI.h>

#include <sstream>

#include "admin/OperatorAccounts.hpp"
#include "dashboard/Pages.hpp"
#include "dashboard/Templates.hpp"
#include "domain/JsonValues.hpp"
#include "domain/Time.hpp"
#include "storage/PageCursor.hpp"
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

// Stored JSON laid out for reading; none when there is none.
std::optional<std::string> indented(const std::optional<std::string>& json) {
    if (!json || json->empty() || *json == "null") return std::nullopt;
    auto parsed = domain::parseOrdered(*json);
    if (!parsed) return *json;
    std::ostringstream out;
    Poco::JSON::Stringifier::stringify(*parsed, out, 2);
    return out.str();
}

storage::ProspectFilter prospectFilter(const DashboardRequest& request,
                                       const std::string& campaignId) {
    storage::ProspectFilter filter{campaignId};
    if (auto status = domain::prospectStatusFromString(request.field("status")))
        filter.status = status;
    if (auto q = request.field("q"); !q.empty()) filter.text = q.substr(0, 200);
    if (auto minScore = request.field("minScore"); !minScore.empty()) {
        try {
            filter.minScore = std::clamp(std::stoi(minScore), 0, 100);
        } catch (const std::exception&) {
            // Not a number: no filter, as an empty box would be.
        }
    }
    return filter;
}

}  // namespace

std::optional<domain::Campaign> ownCampaign(Dashboard& dashboard, const DashboardRequest& request) {
    auto campaign = dashboard.services().store.read([&](storage::Repositories& repositories) {
        return repositories.campaigns().find(request.segments[1]);
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
    const auto now = domain::nowMillis();
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
    return page(200, "Overview", templates::kOverview, std::move(data), &*request.who,
                Section::Overview);
}

Reply campaigns(Dashboard& dashboard, DashboardRequest& request) {
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
    return dashboard::page(200, "Campaigns", templates::kCampaigns, std::move(data), &*request.who,
                           Section::Campaigns);
}

Reply campaign(Dashboard& dashboard, DashboardRequest& request) {
    auto campaign = ownCampaign(dashboard, request);
    if (!campaign) return problem(404, "Not found", "There is no such campaign.", &*request.who);
    const auto filter = prospectFilter(request, campaign->id);
    const auto page = pageOf(request);
    auto [prospects, failed] = dashboard.services().store.read([&](storage::Repositories& r) {
        storage::DeliveryFilter deliveries;
        deliveries.campaignId = campaign->id;
        deliveries.status = domain::DeliveryStatus::Failed;
        deliveries.limit = 50;
        return std::make_pair(r.prospects().page(filter, page),
                              webhooks::listDeliveries(r, deliveries));
    });
    auto next = storage::endOfPage(prospects, page);
    mustache::data data;
    data.set("id", campaign->id);
    // Set only when there is one: the template shows "none" for a key it does not find.
    if (campaign->webhookUrl) data.set("webhookUrl", *campaign->webhookUrl);
    if (campaign->calendarUrl) data.set("calendarUrl", *campaign->calendarUrl);
    if (auto icp = indented(campaign->icpJson)) data.set("icp", *icp);
    if (auto sequence = indented(campaign->sequenceJson)) data.set("sequence", *sequence);
    data.set("q", filter.text.value_or(""));
    data.set("minScore", filter.minScore ? std::to_string(*filter.minScore) : "");
    data.set("statuses", statusOptions(domain::everyProspectStatus(), filter.status));
    mustache::data rows{mustache::data::type::list};
    for (const auto& p : prospects) {
        mustache::data entry;
        entry.set("id", p.id);
        entry.set("campaignId", p.campaignId);
        entry.set("contactName", p.contactName);
        entry.set("email", p.email);
        entry.set("companyName", p.companyName);
        entry.set("status", std::string(domain::toString(p.status)));
        entry.set("score", p.score ? std::to_string(*p.score) : "");
        entry.set("created", shownTime(p.createdAt));
        rows.push_back(entry);
    }
    data.set("prospects", rows);
    if (next) {
        data.set("next",
                 "/dashboard/campaigns/" + campaign->id + "?q=" + urlEncoded(request.field("q")) +
                     "&status=" + urlEncoded(request.field("status")) + "&minScore=" +
                     urlEncoded(request.field("minScore")) + "&cursor=" + *next + "#prospects");
    }
    mustache::data deliveries{mustache::data::type::list};
    for (const auto& record : failed) {
        const auto& delivery = record.delivery;
        mustache::data entry;
        entry.set("id", delivery.id);
        entry.set("campaignId", delivery.campaignId.value_or(""));
        entry.set("event", delivery.event);
        entry.set("attempts", std::to_string(delivery.attemptCount));
        entry.set("lastError", delivery.lastError.value_or(""));
        entry.set("updated", shownTime(delivery.updatedAt));
        deliveries.push_back(entry);
    }
    data.set("deliveries", deliveries);
    data.set("isAdmin", request.who->op.isAdmin());
    // Fixed sentences: a link must not be able to put words of its own on this page.
    if (request.field("redelivered") == "1") {
        data.set("flash", "Redelivery queued, with the same webhook-id.");
    } else if (request.field("tested") == "1") {
        data.set("flash",
                 "A test event is queued to the webhook URL, signed and retried as every "
                 "delivery is.");
    }
    return dashboard::page(200, campaign->name, templates::kCampaign, std::move(data),
                           &*request.who, Section::Campaigns);
}

Reply redeliver(Dashboard& dashboard, DashboardRequest& request) {
    auto campaign = ownCampaign(dashboard, request);
    if (!campaign) return problem(404, "Not found", "There is no such campaign.", &*request.who);
    const std::string& id = request.segments[3];
    const auto now = domain::nowMillis();
    try {
        dashboard.services().store.write([&](storage::Repositories& r) {
            webhooks::redeliver(r, id, now, {campaign->id});
            admin::recordChange(r, campaign->organisationId, actorOf(request), "webhook.redeliver",
                                id, "Queued a redelivery of " + id + " (" + campaign->name + ")",
                                now);
        });
    } catch (const webhooks::DeliveryNotFound&) {
        return problem(404, "Not found", "This campaign has no such webhook delivery.",
                       &*request.who);
    } catch (const webhooks::DeliveryStillPending&) {
        return problem(409, "Still pending",
                       "An attempt of this delivery is still due or under way; wait for it.",
                       &*request.who);
    }
    if (dashboard.services().webhookQueued) dashboard.services().webhookQueued();
    return redirectTo("/dashboard/campaigns/" + campaign->id + "?redelivered=1#deliveries");
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
    return dashboard::page(200, "Audit log", templates::kAudit, std::move(data), &*request.who,
                           Section::Audit);
}

}  // namespace lodestone::dashboard
