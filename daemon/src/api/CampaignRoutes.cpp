#include <Poco/JSON/Array.h>
#include <Poco/Logger.h>

#include "admin/Administration.hpp"
#include "api/ApiError.hpp"
#include "api/ApiRoutes.hpp"
#include "api/CampaignAccess.hpp"
#include "api/Idempotency.hpp"
#include "api/JsonResponse.hpp"
#include "domain/Text.hpp"
#include "outreach/CampaignLeads.hpp"
#include "outreach/Meetings.hpp"
#include "outreach/ProspectView.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "outreach/sending/EmailPreview.hpp"
#include "outreach/sequence/Sequence.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::api {
namespace {

ApiError invalidLead(const outreach::CampaignLeadError& problem) {
    ApiError error(400, problem.what());
    error.with("missingFields", stringArray(problem.missingFields()));
    error.with("invalidFields", stringArray(problem.invalidFields()));
    auto reasons = orderedObject();
    for (const auto& [path, why] : problem.reasons()) reasons->set(path, why);
    error.with("fieldErrors", reasons);
    return error;
}

ApiError invalidMeeting(const outreach::InvalidMeeting& problem) {
    ApiError error(400, problem.what());
    error.with("missingFields", stringArray(problem.missingFields()));
    error.with("invalidFields", stringArray(problem.invalidFields()));
    return error;
}

ApiResponse addLead(ApiServices& services, ApiRequest& request) {
    domain::Campaign campaign = ownCampaign(services, request);
    std::optional<outreach::CampaignLead> lead;
    try {
        lead = outreach::readCampaignLead(*request.body, services.clock);
    } catch (const outreach::CampaignLeadError& problem) {
        throw invalidLead(problem);
    }
    try {
        auto response =
            writeIdempotently(services.store, request, [&](storage::Repositories& repositories) {
                auto added =
                    outreach::addProspect(repositories, campaign, *lead,
                                          services.config.jobs.maxRetries, services.clock.now());
                auto body = orderedObject();
                body->set("success", true);
                body->set("prospectId", added.prospect.id);
                body->set("status", std::string(domain::toString(added.prospect.status)));
                body->set("message",
                          "Lead added to the campaign; it will be researched, scored against "
                          "the campaign's ICP and queued for outreach");
                // Beyond the spec, and only when there are some: sent keys no rule knows.
                if (!lead->ignoredFields.empty()) {
                    body->set("ignoredFields", stringArray(lead->ignoredFields));
                }
                return ApiResponse{201, body};
            });
        if (!request.replayed) services.jobQueued();
        return response;
    } catch (const outreach::DuplicateProspect& duplicate) {
        ApiError error(409, "A lead with this email is already in the campaign");
        error.with("prospectId", duplicate.existing().id);
        error.with("status", std::string(domain::toString(duplicate.existing().status)));
        throw error;
    }
}

ApiResponse showLead(ApiServices& services, ApiRequest& request) {
    domain::Campaign campaign = ownCampaign(services, request);
    const std::string& id = request.param("prospectId");
    auto record = services.store.read([&](storage::Repositories& repositories) {
        return outreach::loadProspectRecord(repositories, campaign.id, id);
    });
    if (!record) throw ApiError(404, "Prospect not found");
    outreach::keepVisibleLeadMagnets(*record, [&](const std::string& projectId) {
        return request.key.mayUseProject(projectId);
    });
    auto body = orderedObject();
    body->set("success", true);
    body->set("prospect", outreach::renderProspect(
                              *record, outreach::bookingUrl(services.config.server.publicUrl,
                                                            record->prospect)));
    return {200, body};
}

// Beyond the spec: a reply seen outside lodestoned (a shared inbox, a CRM) stops the sequence.
ApiResponse markReplied(ApiServices& services, ApiRequest& request) {
    domain::Campaign campaign = ownCampaign(services, request);
    const std::string& id = request.param("prospectId");
    auto now = services.clock.now();
    auto prospect = services.store.write(
        [&](storage::Repositories& repositories) -> std::optional<domain::Prospect> {
            auto prospect = repositories.prospects().find(id);
            if (!prospect || prospect->campaignId != campaign.id) return std::nullopt;
            outreach::stopSequence(repositories, *prospect, domain::ProspectStatus::Replied,
                                   "reply recorded through the API", now);
            return repositories.prospects().find(id);
        });
    if (!prospect) throw ApiError(404, "Prospect not found");
    const auto status = prospect->status;
    if (status != domain::ProspectStatus::Replied) {
        ApiError error(409, "Only a prospect that was emailed can be marked replied; this one is " +
                                std::string(domain::toString(status)));
        error.with("status", std::string(domain::toString(status)));
        throw error;
    }
    auto body = orderedObject();
    body->set("success", true);
    body->set("prospectId", prospect->id);
    body->set("status", std::string(domain::toString(status)));
    body->set("message", "Marked replied; no further email of the sequence is sent");
    return {200, body};
}

ApiResponse bookMeeting(ApiServices& services, ApiRequest& request) {
    domain::Campaign campaign = ownCampaign(services, request);
    outreach::MeetingRequest meeting;
    try {
        meeting = outreach::readMeetingRequest(*request.body);
    } catch (const outreach::InvalidMeeting& problem) {
        throw invalidMeeting(problem);
    }
    try {
        auto response =
            writeIdempotently(services.store, request, [&](storage::Repositories& repositories) {
                auto booked =
                    outreach::bookMeeting(repositories, campaign, meeting, services.clock.now());
                auto meetingJson = orderedObject();
                meetingJson->set("id", booked.meeting.id);
                meetingJson->set("prospectId", booked.meeting.prospectId);
                meetingJson->set("scheduledAt", booked.meeting.scheduledAt);
                meetingJson->set("duration", booked.meeting.durationMinutes);
                meetingJson->set("title", booked.meeting.title);
                meetingJson->set("externalId", booked.meeting.externalId
                                                   ? Poco::Dynamic::Var(*booked.meeting.externalId)
                                                   : Poco::Dynamic::Var());
                meetingJson->set("createdAt", booked.meeting.createdAt);
                auto body = orderedObject();
                body->set("success", true);
                body->set("meeting", meetingJson);
                body->set("prospectStatus", std::string(domain::toString(booked.prospect.status)));
                body->set("message", booked.created
                                         ? "Meeting recorded; the meeting_booked webhook is queued"
                                         : "Meeting already recorded under this externalId");
                return ApiResponse{booked.created ? 201 : 200, body};
            });
        if (response.status == 201 && !request.replayed) services.webhookQueued();
        return response;
    } catch (const outreach::ProspectNotFound& e) {
        throw ApiError(404, e.what());
    } catch (const outreach::MeetingConflict& e) {
        ApiError error(409, e.what());
        error.with("meetingId", e.meetingId());
        throw error;
    } catch (const outreach::InvalidMeeting& problem) {
        throw invalidMeeting(problem);
    }
}

// What POST /api/campaigns/{campaignId}/preview asks for: {prospectId, step} (step 1-based,
// optional); a 400 names every field at fault, as the meetings route does.
struct PreviewAsked {
    std::string prospectId;
    int step = 1;
};

PreviewAsked readPreviewAsked(const Poco::JSON::Object& body) {
    std::vector<std::string> missing, invalid;
    PreviewAsked asked;
    const auto prospectId = body.has("prospectId") ? body.get("prospectId") : Poco::Dynamic::Var();
    if (prospectId.isEmpty() || (prospectId.isString() && prospectId.toString().empty())) {
        missing.emplace_back("prospectId");
    } else if (!prospectId.isString()) {
        invalid.emplace_back("prospectId");
    } else {
        asked.prospectId = prospectId.toString();
    }
    const auto step = body.has("step") ? body.get("step") : Poco::Dynamic::Var();
    if (!step.isEmpty()) {
        const bool whole = step.isInteger() && !step.isBoolean();
        const auto number = whole ? step.convert<Poco::Int64>() : 0;
        if (number < 1 || number > outreach::Sequence::kMaxSteps) {
            invalid.emplace_back("step");
        } else {
            asked.step = static_cast<int>(number);
        }
    }
    if (missing.empty() && invalid.empty()) return asked;
    std::string message = "Invalid preview request:";
    if (!missing.empty()) message += " missing " + domain::joined(missing) + ";";
    if (!invalid.empty()) {
        message += " invalid " + domain::joined(invalid) +
                   " (prospectId: a prospect id; step: a step number from 1)";
    }
    if (message.back() == ';') message.pop_back();
    ApiError error(400, message);
    error.with("missingFields", stringArray(missing));
    error.with("invalidFields", stringArray(invalid));
    throw error;
}

// Beyond the spec: one step of a prospect's sequence as it would be sent now
// (outreach::previewEmail, as `lodestonectl campaign preview` and the dashboard show it).
ApiResponse preview(ApiServices& services, ApiRequest& request) {
    domain::Campaign campaign = ownCampaign(services, request);
    const auto asked = readPreviewAsked(*request.body);
    try {
        auto shown = services.store.read([&](storage::Repositories& repositories) {
            return outreach::previewEmail(repositories, campaign, asked.prospectId, asked.step,
                                          services.config.server.publicUrl);
        });
        auto body = orderedObject();
        body->set("success", true);
        body->set("preview", shown.toJson());
        return {200, body};
    } catch (const outreach::PreviewRefused& refused) {
        using Reason = outreach::PreviewRefused::Reason;
        switch (refused.reason()) {
            case Reason::UnknownProspect:
                throw ApiError(404, "Prospect not found");
            case Reason::StepOutOfRange: {
                ApiError error(400, refused.what());
                error.with("missingFields", stringArray({}));
                error.with("invalidFields", stringArray({"step"}));
                throw error;
            }
            case Reason::NoSequence:
                break;
        }
        throw ApiError(409, refused.what());
    }
}

// Beyond the spec: pausing and resuming a campaign's email (docs/outreach.md), audited as the
// key that asked. Another organisation's campaign is a 404, as unknown as a missing one.
ApiResponse changeState(ApiServices& services, ApiRequest& request, bool pause) {
    const domain::Campaign campaign = visibleCampaign(services, request);
    const auto now = services.clock.now();
    bool changed = false;
    auto updated = services.store.write([&](storage::Repositories& repositories) {
        admin::Administration administration(repositories, now, "api key " + request.key.prefix);
        const bool wasPaused = administration.campaign(campaign.id).isPaused();
        changed = wasPaused != pause;
        return pause ? administration.pauseCampaign(campaign.id)
                     : administration.resumeCampaign(campaign.id);
    });
    auto body = orderedObject();
    body->set("success", true);
    body->set("campaignId", updated.id);
    body->set("state", updated.isPaused() ? "paused" : "active");
    body->set("pausedAt",
              updated.pausedAt ? Poco::Dynamic::Var(*updated.pausedAt) : Poco::Dynamic::Var());
    if (pause) {
        body->set("message", changed ? "Campaign paused; its emails wait until it is resumed, "
                                       "and leads are still accepted, researched and scored"
                                     : "Campaign was already paused");
    } else {
        body->set("message", changed ? "Campaign resumed; its waiting emails go out in its "
                                       "sending windows and caps"
                                     : "Campaign was not paused");
    }
    return {200, body};
}

}  // namespace

void addCampaignRoutes(ApiRoutes& routes, ApiServices& services) {
    if (!outreach::TimeZone::known("Etc/UTC")) {
        Poco::Logger::get("lodestone.api")
            .warning(
                "no time zone database at /usr/share/zoneinfo (Debian package tzdata): every "
                "contact.timezone of an added lead will be refused");
    }
    routes.add({"POST", "/api/campaigns/{campaignId}/leads", RouteGroup::CampaignLeads, true,
                [&services](ApiRequest& request) { return addLead(services, request); }});
    routes.add({"GET", "/api/campaigns/{campaignId}/leads/{prospectId}", RouteGroup::Status, false,
                [&services](ApiRequest& request) { return showLead(services, request); }});
    routes.add({"POST", "/api/campaigns/{campaignId}/leads/{prospectId}/replied",
                RouteGroup::CampaignLeads, false,
                [&services](ApiRequest& request) { return markReplied(services, request); }});
    routes.add({"POST", "/api/campaigns/{campaignId}/meetings", RouteGroup::CampaignLeads, true,
                [&services](ApiRequest& request) { return bookMeeting(services, request); }});
    routes.add({"POST", "/api/campaigns/{campaignId}/preview", RouteGroup::Status, true,
                [&services](ApiRequest& request) { return preview(services, request); }});
    routes.add({"POST", "/api/campaigns/{campaignId}/pause", RouteGroup::CampaignLeads, false,
                [&services](ApiRequest& request) { return changeState(services, request, true); }});
    routes.add(
        {"POST", "/api/campaigns/{campaignId}/resume", RouteGroup::CampaignLeads, false,
         [&services](ApiRequest& request) { return changeState(services, request, false); }});
}

}  // namespace lodestone::api
