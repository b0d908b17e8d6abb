// One campaign: its settings (shown and edited in a form), its prospects, and its failed webhook
// deliveries; and a new campaign made from the campaigns page. Changes go through the same
// Administration as `lodestonectl campaign create|update`.
#include <Poco/JSON/Stringifier.h>
#include <Poco/String.h>

#include <sstream>

#include "admin/Administration.hpp"
#include "admin/OperatorAccounts.hpp"
#include "admin/WebhookAddress.hpp"
#include "config/ConfigError.hpp"
#include "config/ProvisionReader.hpp"
#include "dashboard/Pages.hpp"
#include "domain/JsonValues.hpp"
#include "domain/Text.hpp"
#include "domain/Time.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/PageCursor.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/StorageError.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "webhooks/DeliveryRecords.hpp"

namespace lodestone::dashboard {
namespace {

// Stored JSON laid out for reading and editing; empty when there is none.
std::string indented(const std::optional<std::string>& json) {
    if (!json || json->empty() || *json == "null") return "";
    auto parsed = domain::parseOrdered(*json);
    if (!parsed) return *json;
    std::ostringstream out;
    Poco::JSON::Stringifier::stringify(*parsed, out, 2);
    return out.str();
}

// A textarea's text as browsers send it (CRLF line ends), for comparing with what was shown.
std::string typed(std::string text) {
    std::erase(text, '\r');
    return Poco::trim(text);
}

// The settings form's values: the campaign's, or what was posted when it is shown again with
// an error.
struct SettingsForm {
    std::string name, webhookUrl, calendarUrl, icp, sequence, projectId;
};

SettingsForm storedSettings(const domain::Campaign& campaign) {
    return {campaign.name,
            campaign.webhookUrl.value_or(""),
            campaign.calendarUrl.value_or(""),
            indented(campaign.icpJson),
            indented(campaign.sequenceJson),
            campaign.projectId.value_or("")};
}

SettingsForm postedSettings(const DashboardRequest& request) {
    return {request.field("name"), request.field("webhookUrl"), request.field("calendarUrl"),
            request.field("icp"),  request.field("sequence"),   request.field("projectId")};
}

// The organisation's projects as the form's choices for the lead-magnet project.
mustache::data projectOptions(const std::vector<domain::Project>& projects,
                              const std::string& chosen) {
    mustache::data options{mustache::data::type::list};
    for (const auto& project : projects) {
        mustache::data option;
        option.set("id", project.id);
        option.set("name", project.name);
        option.set("selected", project.id == chosen);
        options.push_back(option);
    }
    return options;
}

mustache::data prospectRows(const std::vector<domain::Prospect>& prospects) {
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
    return rows;
}

mustache::data deliveryRows(const std::vector<webhooks::DeliveryRecord>& failed) {
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
    return deliveries;
}

// "webhook URL, ICP criteria": the names of the settings given, as the pages and the audit log
// say them.
std::string settingNames(bool webhookUrl, bool calendarUrl, bool icp, bool sequence, bool project) {
    std::vector<std::string> names;
    if (webhookUrl) names.emplace_back("webhook URL");
    if (calendarUrl) names.emplace_back("calendar URL");
    if (icp) names.emplace_back("ICP criteria");
    if (sequence) names.emplace_back("email sequence");
    if (project) names.emplace_back("lead-magnet project");
    return domain::joined(names);
}

// A campaign the configuration file provisions gets the file's settings back at every start
// (admin::Provisioner), and a renamed one is made again: said on its page, naming what the file
// sets, so an edit here is not lost by surprise.
std::string provisionNote(const config::Config& config, const std::string& organisationName,
                          const domain::Campaign& campaign) {
    for (const auto& organisation : config.provision.organisations) {
        if (organisation.name != organisationName) continue;
        for (const auto& spec : organisation.campaigns) {
            if (spec.name != campaign.name) continue;
            const std::string set = settingNames(
                spec.webhookUrl.has_value(), spec.calendarUrl.has_value(), spec.icpJson.has_value(),
                spec.sequenceJson.has_value(), spec.project.has_value());
            return "This campaign is provisioned by " + config.file.filename().string() +
                   " (line " + std::to_string(spec.line) + "). At every start" +
                   (set.empty() ? std::string()
                                : ", what the file sets (" + set + ") is set again") +
                   ", and a renamed campaign is made anew under its old name: change " +
                   (set.empty() ? "its name" : "those") + " in the file.";
        }
    }
    return "";
}

// Fixed sentences: a link must not be able to put words of its own on this page.
std::string flashOf(const DashboardRequest& request) {
    if (request.field("redelivered") == "1") return "Redelivery queued, with the same webhook-id.";
    if (request.field("tested") == "1") {
        return "A test event is queued to the webhook URL, signed and retried as every delivery "
               "is.";
    }
    if (request.field("saved") == "1") return "Settings saved.";
    if (request.field("paused") == "1") {
        return "Campaign paused: no email is sent until it is resumed.";
    }
    if (request.field("resumed") == "1") {
        return "Campaign resumed: its waiting emails go out in its sending windows.";
    }
    if (request.field("testSent") == "1") {
        return "Test message sent through the mailer plugin; the audit log says to whom.";
    }
    if (request.field("created") == "1") {
        return "Campaign created. Add its ICP criteria and email sequence below. Its webhook "
               "signing secret is shown to admins only: an admin sees it by rotating it.";
    }
    return "";
}

// The page; with an error, the settings form shows what was posted, with `status`.
Reply campaignPage(Dashboard& dashboard, DashboardRequest& request,
                   const domain::Campaign& campaign, const std::string& error, int status = 400) {
    const auto filter = prospectFilter(request, campaign.id);
    const auto page = pageOf(request);
    std::string organisationName;
    std::vector<domain::Project> projects;
    auto [prospects, failed] = dashboard.services().store.read([&](storage::Repositories& r) {
        if (auto organisation = r.organisations().find(campaign.organisationId))
            organisationName = organisation->name;
        projects = r.projects().list(campaign.organisationId);
        storage::DeliveryFilter deliveries;
        deliveries.campaignId = campaign.id;
        deliveries.status = domain::DeliveryStatus::Failed;
        deliveries.limit = 50;
        return std::make_pair(r.prospects().page(filter, page),
                              webhooks::listDeliveries(r, deliveries));
    });
    auto next = storage::endOfPage(prospects, page);
    const auto form = error.empty() ? storedSettings(campaign) : postedSettings(request);
    mustache::data data;
    data.set("id", campaign.id);
    data.set("name", form.name);
    data.set("webhookUrl", form.webhookUrl);
    data.set("calendarUrl", form.calendarUrl);
    data.set("icp", form.icp);
    data.set("sequence", form.sequence);
    data.set("projects", projectOptions(projects, form.projectId));
    data.set("noProject", form.projectId.empty());
    data.set("hasWebhookUrl", campaign.webhookUrl.has_value());
    data.set("paused", campaign.isPaused());
    if (campaign.pausedAt) data.set("pausedSince", shownTime(*campaign.pausedAt));
    // The settings the form was made from: a save from an older page is refused (two operators
    // editing at once would otherwise undo each other's changes unseen).
    data.set("version", std::to_string(campaign.updatedAt));
    const auto& config = dashboard.services().config;
    if (campaign.webhookUrl) {
        if (auto warning = admin::webhookAddressWarning(*campaign.webhookUrl,
                                                        config.webhooks.allowPrivateNetworks)) {
            data.set("urlWarning", *warning);
        }
    }
    data.set("q", filter.text.value_or(""));
    data.set("minScore", filter.minScore ? std::to_string(*filter.minScore) : "");
    data.set("statuses", statusOptions(domain::everyProspectStatus(), filter.status));
    data.set("prospects", prospectRows(prospects));
    // The filters as they were asked for, for the next page and the export alike.
    const std::string filters = "q=" + urlEncoded(request.field("q")) +
                                "&status=" + urlEncoded(request.field("status")) +
                                "&minScore=" + urlEncoded(request.field("minScore"));
    if (next) {
        data.set("next", "/dashboard/campaigns/" + campaign.id + "?" + filters +
                             "&cursor=" + *next + "#prospects");
    }
    data.set("exportUrl", "/dashboard/campaigns/" + campaign.id + "/leads.csv?" + filters);
    data.set("deliveries", deliveryRows(failed));
    addPreview(dashboard, request, campaign, prospects, data);
    addImports(dashboard, campaign, data);
    data.set("isAdmin", request.who->op.isAdmin());
    if (auto note = provisionNote(config, organisationName, campaign); !note.empty()) {
        data.set("provisioned", note);
    }
    if (!error.empty()) data.set("error", error);
    if (auto flash = flashOf(request); !flash.empty() && error.empty()) data.set("flash", flash);
    return dashboard::page(error.empty() ? 200 : status, campaign.name, "campaign.mustache",
                           std::move(data), &*request.who, Section::Campaigns);
}

// A mapping typed into the form, as JSON, checked as lodestonectl checks its files; empty when
// the box is.
template <typename Check>
std::string typedMapping(const std::string& text, const std::string& what, Check check) {
    if (text.empty()) return "";
    try {
        return check(config::parseMappingText(text, what, what));
    } catch (const config::ConfigError& e) {
        throw admin::InvalidRequest(domain::joined(e.messages(), "; "));
    }
}

// What the form changes: only the fields that differ from what the page showed, so saving
// unchanged settings rewrites nothing (and the send queue keeps its place).
admin::CampaignChanges changesFrom(const SettingsForm& shown, const SettingsForm& posted) {
    admin::CampaignChanges changes;
    if (posted.name != shown.name) changes.name = posted.name;
    if (typed(posted.webhookUrl) != shown.webhookUrl) changes.webhookUrl = typed(posted.webhookUrl);
    if (typed(posted.calendarUrl) != shown.calendarUrl)
        changes.calendarUrl = typed(posted.calendarUrl);
    if (typed(posted.icp) != typed(shown.icp)) {
        changes.icpJson = typedMapping(typed(posted.icp), "ICP criteria", admin::checkedIcpFile);
    }
    if (typed(posted.sequence) != typed(shown.sequence)) {
        changes.sequenceJson =
            typedMapping(typed(posted.sequence), "email sequence", admin::checkedSequenceFile);
    }
    if (posted.projectId != shown.projectId) changes.projectId = posted.projectId;
    return changes;
}

// "name, webhook URL, ICP criteria": what a change touched, for the audit log.
std::string changedNames(const admin::CampaignChanges& changes) {
    const auto settings =
        settingNames(changes.webhookUrl.has_value(), changes.calendarUrl.has_value(),
                     changes.icpJson.has_value(), changes.sequenceJson.has_value(),
                     changes.projectId.has_value());
    if (!changes.name) return settings;
    return settings.empty() ? "name" : "name, " + settings;
}

}  // namespace

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

Reply campaign(Dashboard& dashboard, DashboardRequest& request) {
    auto campaign = ownCampaign(dashboard, request);
    if (!campaign) return problem(404, "Not found", "There is no such campaign.", &*request.who);
    return campaignPage(dashboard, request, *campaign, "");
}

Reply saveCampaignSettings(Dashboard& dashboard, DashboardRequest& request) {
    auto campaign = ownCampaign(dashboard, request);
    if (!campaign) return problem(404, "Not found", "There is no such campaign.", &*request.who);
    if (request.field("version") != std::to_string(campaign->updatedAt)) {
        return campaignPage(dashboard, request, *campaign,
                            "These settings were changed after this page was loaded (by someone "
                            "else, or in another tab), so yours were not saved. They are below: "
                            "reload the page to see the current settings, or save again to "
                            "replace them with yours.",
                            409);
    }
    try {
        auto changes = changesFrom(storedSettings(*campaign), postedSettings(request));
        const auto what = changedNames(changes);
        if (what.empty()) return redirectTo("/dashboard/campaigns/" + campaign->id + "?saved=1");
        const auto now = dashboard.services().clock.now();
        dashboard.services().store.write([&](storage::Repositories& r) {
            auto changed = admin::Administration(r, now).updateCampaign(campaign->id, changes);
            admin::recordChange(r, campaign->organisationId, actorOf(request), "campaign.update",
                                campaign->id, "Changed the " + what + " of " + changed.name, now);
        });
    } catch (const admin::InvalidRequest& e) {
        return campaignPage(dashboard, request, *campaign, e.what());
    } catch (const storage::Conflict&) {
        return campaignPage(dashboard, request, *campaign,
                            "Another campaign of the organisation has that name.");
    }
    return redirectTo("/dashboard/campaigns/" + campaign->id + "?saved=1");
}

Reply createCampaign(Dashboard& dashboard, DashboardRequest& request) {
    admin::CampaignDraft draft;
    draft.organisationId = request.who->op.organisationId;
    draft.name = request.field("name");
    draft.webhookUrl = typed(request.field("webhookUrl"));
    draft.calendarUrl = typed(request.field("calendarUrl"));
    domain::Campaign created;
    const auto now = dashboard.services().clock.now();
    try {
        created = dashboard.services().store.write([&](storage::Repositories& r) {
            auto campaign = admin::Administration(r, now).createCampaign(draft);
            admin::recordChange(r, campaign.organisationId, actorOf(request), "campaign.create",
                                campaign.id, "Created campaign " + campaign.name, now);
            return campaign;
        });
    } catch (const admin::InvalidRequest& e) {
        return campaigns(dashboard, request, e.what());
    } catch (const storage::Conflict&) {
        return campaigns(dashboard, request, "Another campaign of the organisation has that name.");
    }
    // Receivers need the signing secret: an admin sees it once now, as after a rotation.
    if (request.who->op.isAdmin()) {
        dashboard.keepShownOnce(request.who->session.tokenHash,
                                {"secret:" + created.id, created.name, created.webhookSecret, now});
        return redirectTo("/dashboard/campaigns/" + created.id + "/secret");
    }
    return redirectTo("/dashboard/campaigns/" + created.id + "?created=1");
}

}  // namespace lodestone::dashboard
