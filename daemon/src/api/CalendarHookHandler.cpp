#include "api/CalendarHookHandler.hpp"

#include <Poco/Logger.h>

#include "api/ApiError.hpp"
#include "api/JsonResponse.hpp"
#include "api/RequestBody.hpp"
#include "domain/Ids.hpp"
#include "outreach/CalendarBookings.hpp"
#include "outreach/Meetings.hpp"
#include "outreach/calendar/IntakeSignature.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/StorageError.hpp"

namespace lodestone::api {
namespace {

using outreach::BookingOutcome;
using outreach::calendar::CalendarProvider;

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.calendar");
}

std::optional<std::string> headerOf(const Poco::Net::HTTPServerRequest& request,
                                    const std::string& name) {
    if (!request.has(name)) return std::nullopt;
    return request.get(name);
}

void verify(CalendarProvider provider, const std::string& secret,
            const Poco::Net::HTTPServerRequest& request, const std::string& body,
            domain::Timestamp now) {
    namespace calendar = outreach::calendar;
    try {
        if (provider == CalendarProvider::CalCom) {
            calendar::verifyCalcomSignature(secret, headerOf(request, "X-Cal-Signature-256"), body);
        } else {
            calendar::verifyCalendlySignature(
                secret, headerOf(request, "Calendly-Webhook-Signature"), body, now / 1000);
        }
    } catch (const calendar::SignatureRefused& e) {
        throw ApiError(401, e.what());
    }
}

std::string describe(const outreach::calendar::CalendarNotice& notice) {
    return std::string(outreach::calendar::providerName(notice.provider)) + " " + notice.trigger +
           " (booking " + notice.bookingId + ")";
}

}  // namespace

Poco::JSON::Object::Ptr CalendarHookHandler::serve(Poco::Net::HTTPServerRequest& request) {
    if (!domain::looksLikeId(domain::IdKind::Campaign, campaignId_)) {
        throw ApiError(404, "Campaign not found");
    }
    // The body is read before anything else answers, so an unsigned request learns only that
    // the campaign exists, as the URL already said.
    const std::string body = readJsonBodyBytes(request, services_.config.server.maxBodyBytes);
    auto campaign = services_.store.read([&](storage::Repositories& repositories) {
        return repositories.campaigns().find(campaignId_);
    });
    if (!campaign) throw ApiError(404, "Campaign not found");
    if (!campaign->intakeSecret) {
        throw ApiError(401,
                       "this campaign has no intake secret: give it one with `lodestonectl "
                       "campaign update " +
                           campaign->id + " --new-intake-secret`");
    }
    verify(provider_, *campaign->intakeSecret, request, body, services_.clock.now());

    outreach::calendar::CalendarNotice notice;
    try {
        notice = provider_ == CalendarProvider::CalCom
                     ? outreach::calendar::readCalcomNotice(body)
                     : outreach::calendar::readCalendlyNotice(body);
    } catch (const outreach::calendar::InvalidNotice& e) {
        throw ApiError(400, std::string("Not a booking report this service reads: ") + e.what());
    }
    auto apply = [&] {
        return services_.store.write([&](storage::Repositories& repositories) {
            return outreach::applyCalendarNotice(repositories, *campaign, notice,
                                                 services_.clock.now());
        });
    };
    outreach::BookingResult result;
    try {
        try {
            result = apply();
        } catch (const storage::Conflict&) {
            // The same booking reported twice at once, on two threads or hosts: the one that
            // lost sees the other's meeting now.
            result = apply();
        }
    } catch (const outreach::MeetingConflict& e) {
        throw ApiError(409, e.what()).with("meetingId", e.meetingId());
    }

    auto answer = orderedObject();
    answer->set("success", true);
    answer->set("outcome", std::string(outreach::toString(result.outcome)));
    answer->set("meetingId",
                result.meeting ? Poco::Dynamic::Var(result.meeting->id) : Poco::Dynamic::Var());
    switch (result.outcome) {
        case BookingOutcome::Booked:
            if (services_.webhookQueued) services_.webhookQueued();
            log().information("campaign %s: %s booked meeting %s", campaign->id, describe(notice),
                              result.meeting->id);
            break;
        case BookingOutcome::Cancelled:
            // meeting_cancelled may be waiting for its subscribers.
            if (services_.webhookQueued) services_.webhookQueued();
            [[fallthrough]];
        case BookingOutcome::Rescheduled:
            log().information("campaign %s: %s: meeting %s %s", campaign->id, describe(notice),
                              result.meeting->id, std::string(outreach::toString(result.outcome)));
            break;
        case BookingOutcome::Unmatched:
            log().warning(
                "campaign %s: %s matched no prospect: the booking carried no known token and "
                "the campaign has no prospect with the attendee's email %s; no meeting recorded",
                campaign->id, describe(notice), notice.attendeeEmail.value_or("(none)"));
            answer->set("message",
                        "No prospect of this campaign matches this booking; nothing recorded");
            break;
        case BookingOutcome::UnknownBooking:
            log().warning("campaign %s: %s cancels a booking never recorded here", campaign->id,
                          describe(notice));
            break;
        default:
            break;
    }
    return answer;
}

void CalendarHookHandler::handleRequest(Poco::Net::HTTPServerRequest& request,
                                        Poco::Net::HTTPServerResponse& response) {
    try {
        sendJson(request, response, 200, *serve(request));
    } catch (const std::exception& caught) {
        auto error = refusalOf(caught, request, log());
        // A refused signature is worth an operator's look: a wrong secret, or someone probing.
        if (error.status() == 401) {
            log().warning("%s %s: refused: %s", request.getMethod(), request.getURI(),
                          std::string(error.what()));
        }
        for (const auto& [name, value] : error.headers()) response.set(name, value);
        sendJson(request, response, error.status(), *error.body());
    }
}

}  // namespace lodestone::api
