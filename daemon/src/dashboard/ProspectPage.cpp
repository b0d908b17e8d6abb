// One prospect: what research found and where, the ICP breakdown with its reasons, the emails
// sent, its meetings and its history.
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include "dashboard/Pages.hpp"
#include "domain/JsonValues.hpp"
#include "outreach/ProspectView.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/ProjectRepository.hpp"

namespace lodestone::dashboard {
namespace {

std::string meetingSourceName(const std::optional<std::string>& source) {
    if (!source) return "the meetings API";
    if (*source == "calcom") return "Cal.com";
    if (*source == "calendly") return "Calendly";
    return *source;
}

// A JSON value as a line of text: strings as they are, objects by their url or text if they
// have one, anything else as JSON.
std::string textOf(const Poco::Dynamic::Var& value) {
    if (value.isEmpty()) return "";
    if (value.isString()) return value.extract<std::string>();
    if (value.type() == typeid(Poco::JSON::Object::Ptr)) {
        auto object = value.extract<Poco::JSON::Object::Ptr>();
        for (const char* key : {"url", "text", "source"}) {
            if (object->has(key) && object->get(key).isString())
                return object->getValue<std::string>(key);
        }
    }
    return value.toString();
}

mustache::data lines(const Poco::JSON::Object::Ptr& object, const std::string& key) {
    mustache::data list{mustache::data::type::list};
    if (!object) return list;
    auto array = object->getArray(key);
    if (!array) return list;
    for (std::size_t i = 0; i < array->size(); ++i)
        list.push_back(mustache::data(textOf(array->get(i))));
    return list;
}

Poco::JSON::Object::Ptr parsedObject(const std::optional<std::string>& json) {
    if (!json) return nullptr;
    auto parsed = domain::parseOrdered(*json);
    if (!parsed || parsed->type() != typeid(Poco::JSON::Object::Ptr)) return nullptr;
    return parsed->extract<Poco::JSON::Object::Ptr>();
}

void addScore(mustache::data& data, const domain::Prospect& prospect) {
    auto score = parsedObject(prospect.scoreJson);
    mustache::data breakdown{mustache::data::type::list};
    if (score) {
        data.set("scored", true);
        data.set("score", textOf(score->get("score")));
        data.set("threshold", textOf(score->get("threshold")));
        data.set("qualified", score->has("qualified") && score->get("qualified").isBoolean() &&
                                  score->getValue<bool>("qualified"));
        if (auto entries = score->getArray("breakdown")) {
            for (std::size_t i = 0; i < entries->size(); ++i) {
                auto entry = entries->getObject(i);
                if (!entry) continue;
                mustache::data row;
                for (const char* key :
                     {"criterion", "outcome", "weight", "reason", "evidence", "source"}) {
                    row.set(key, textOf(entry->get(key)));
                }
                breakdown.push_back(row);
            }
        }
    }
    data.set("breakdown", breakdown);
}

void addResearch(mustache::data& data, const std::optional<domain::Job>& job) {
    const domain::JobStep* step = job ? job->step(domain::StepName::Research) : nullptr;
    data.set("researchStatus", step ? std::string(domain::toString(step->status)) : "not started");
    auto findings = step ? parsedObject(step->outputJson) : nullptr;
    auto facts = lines(findings, "facts");
    auto sources = lines(findings, "sources");
    data.set("hasFacts", !facts.is_empty_list());
    data.set("hasSources", !sources.is_empty_list());
    data.set("facts", facts);
    data.set("sources", sources);
}

}  // namespace

Reply retryProspectLeadMagnet(Dashboard& dashboard, DashboardRequest& request) {
    const std::string& campaignId = request.param("campaignId");
    const std::string& prospectId = request.param("prospectId");
    auto [campaign, lead] = dashboard.services().store.read([&](storage::Repositories& r) {
        return std::make_pair(r.campaigns().find(campaignId), r.leads().findByProspect(prospectId));
    });
    if (!campaign || campaign->organisationId != request.who->op.organisationId || !lead) {
        return problem(404, "Not found", "This prospect has no lead magnet.", &*request.who);
    }
    auto [project, job] = dashboard.services().store.read([&](storage::Repositories& r) {
        return std::make_pair(r.projects().find(lead->projectId), r.jobs().findByLead(lead->id));
    });
    if (!project || !job) {
        return problem(404, "Not found", "This prospect has no lead magnet.", &*request.who);
    }
    if (auto refused = retryLeadMagnetJob(dashboard, request, *project, job->id)) return *refused;
    return redirectTo("/dashboard/campaigns/" + campaignId + "/prospects/" + prospectId +
                      "?retried=1");
}

Reply prospect(Dashboard& dashboard, DashboardRequest& request) {
    const std::string& campaignId = request.param("campaignId");
    const std::string& prospectId = request.param("prospectId");
    auto [campaign, record] = dashboard.services().store.read([&](storage::Repositories& r) {
        return std::make_pair(r.campaigns().find(campaignId),
                              outreach::loadProspectRecord(r, campaignId, prospectId));
    });
    if (!campaign || campaign->organisationId != request.who->op.organisationId || !record) {
        return problem(404, "Not found", "There is no such prospect.", &*request.who);
    }
    const auto& p = record->prospect;
    mustache::data data;
    data.set("campaignId", campaign->id);
    data.set("campaignName", campaign->name);
    data.set("prospectId", p.id);
    if (request.field("retried") == "1") {
        data.set("flash",
                 "The lead magnet is queued again; emails held for it go out once it is "
                 "ready.");
    }
    data.set("status", std::string(domain::toString(p.status)));
    data.set("email", p.email);
    data.set("companyName", p.companyName);
    if (p.domain && !p.domain->empty()) data.set("domain", *p.domain);
    data.set("jobTitle", p.title.value_or(""));  // "title" is the page's
    if (p.error) data.set("error", *p.error);
    addScore(data, p);
    addResearch(data, record->job);
    mustache::data emails{mustache::data::type::list};
    for (const auto& send : record->emails) {
        mustache::data row;
        row.set("step", std::to_string(send.step + 1));
        row.set("status", std::string(domain::toString(send.status)));
        row.set("due", shownTime(send.dueAt));
        row.set("sent", send.sentAt ? shownTime(*send.sentAt) : "");
        row.set("reply", send.smtpReply.value_or(send.lastError.value_or("")));
        emails.push_back(row);
    }
    data.set("emails", emails);
    mustache::data meetings{mustache::data::type::list};
    for (const auto& meeting : record->meetings) {
        mustache::data row;
        row.set("scheduledAt", meeting.scheduledAt);
        row.set("duration", std::to_string(meeting.durationMinutes));
        row.set("title", meeting.title);
        row.set("status", meeting.cancelledAt ? "cancelled" : "booked");
        if (meeting.updatedAt) {
            row.set("changed", (meeting.cancelledAt ? "cancelled " : "moved ") +
                                   shownTime(*meeting.updatedAt));
        }
        row.set("source", meetingSourceName(meeting.source));
        meetings.push_back(row);
    }
    data.set("meetings", meetings);
    mustache::data leadMagnets{mustache::data::type::list};
    for (const auto& [lead, activity] : record->leadMagnets) {
        mustache::data row;
        row.set("leadId", lead.id);
        row.set("url", lead.leadMagnetUrl);
        row.set("activity", pageActivityText(activity));
        row.set("created", shownTime(lead.createdAt));
        leadMagnets.push_back(row);
    }
    data.set("leadMagnets", leadMagnets);
    if (const auto& own = record->leadMagnet) {
        mustache::data magnet;
        magnet.set("url", own->lead.leadMagnetUrl);
        // Only a written title: the page's link reads as its URL until there is one.
        if (auto title = own->job.leadMagnetTitle(); !title.empty()) magnet.set("title", title);
        magnet.set("status", std::string(domain::toString(own->job.status)));
        magnet.set("activity", pageActivityText(own->activity));
        if (own->job.status == domain::JobStatus::Failed) {
            magnet.set("error", own->job.error.value_or(""));
            magnet.set("canRetry", own->job.retryable);
        }
        data.set("leadMagnet", magnet);
    }
    if (auto held = outreach::sequenceHeldBecause(*record)) data.set("sequenceHeld", *held);
    mustache::data history{mustache::data::type::list};
    for (const auto& transition : record->history) {
        mustache::data row;
        row.set("at", shownTime(transition.at));
        row.set("status", std::string(domain::toString(transition.status)));
        row.set("detail", transition.detail.value_or(""));
        history.push_back(row);
    }
    data.set("history", history);
    return page(200, p.contactName + ", " + p.companyName, "prospect.mustache", std::move(data),
                &*request.who, Section::Campaigns);
}

}  // namespace lodestone::dashboard
