#include "outreach/Meetings.hpp"

#include <sstream>

#include "domain/Ids.hpp"
#include "domain/JsonValues.hpp"
#include "events/LifecycleEvents.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/MeetingRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/WebhookDeliveryRepository.hpp"

namespace lodestone::outreach {
namespace {

using domain::ProspectStatus;

domain::Prospect prospectOf(storage::Repositories& repositories, const domain::Campaign& campaign,
                            const MeetingRequest& request) {
    std::optional<domain::Prospect> byId, byEmail;
    if (request.prospectId) {
        byId = repositories.prospects().find(*request.prospectId);
        if (!byId || byId->campaignId != campaign.id) {
            throw ProspectNotFound("Prospect " + *request.prospectId +
                                   " not found in this campaign");
        }
    }
    if (request.emailKey) {
        byEmail = repositories.prospects().findByEmail(campaign.id, *request.emailKey);
        if (!byEmail) throw ProspectNotFound("No prospect with that email in this campaign");
    }
    if (byId && byEmail && byId->id != byEmail->id) {
        throw InvalidMeeting("prospectId and email name different prospects", {},
                             {"prospectId", "email"});
    }
    return byId ? *byId : *byEmail;
}

// Every status but meeting_booked itself: a booking is a booking, whatever outreach thought of
// the prospect (even one disqualified or unsubscribed books a meeting now and then).
const std::vector<ProspectStatus> kBookableFrom = {
    ProspectStatus::Queued,       ProspectStatus::Researching,  ProspectStatus::Scored,
    ProspectStatus::Qualified,    ProspectStatus::Disqualified, ProspectStatus::InSequence,
    ProspectStatus::Replied,      ProspectStatus::Completed,    ProspectStatus::Bounced,
    ProspectStatus::Unsubscribed, ProspectStatus::Failed};

// A repeat of a recorded booking names the same prospect and the same details.
bool sameBooking(storage::Repositories& repositories, const domain::Meeting& known,
                 const MeetingRequest& request) {
    if (request.prospectId && *request.prospectId != known.prospectId) return false;
    if (request.emailKey) {
        auto prospect = repositories.prospects().find(known.prospectId);
        if (!prospect || prospect->emailKey != *request.emailKey) return false;
    }
    return known.scheduledAt == request.scheduledAt &&
           known.durationMinutes == request.durationMinutes && known.title == request.title;
}

}  // namespace

BookedMeeting bookMeeting(storage::Repositories& repositories, const domain::Campaign& campaign,
                          const MeetingRequest& request, domain::Timestamp now) {
    if (request.externalId) {
        if (auto known =
                repositories.meetings().findByExternalId(campaign.id, *request.externalId)) {
            if (!sameBooking(repositories, *known, request)) {
                throw MeetingConflict("externalId " + *request.externalId +
                                          " already names meeting " + known->id +
                                          " with another prospect, time, duration or title",
                                      known->id);
            }
            return {*known, *repositories.prospects().find(known->prospectId), false};
        }
    }
    domain::Prospect prospect = prospectOf(repositories, campaign, request);
    domain::Meeting meeting{domain::newId(domain::IdKind::Meeting),
                            campaign.id,
                            prospect.id,
                            request.externalId,
                            request.scheduledAt,
                            request.durationMinutes,
                            request.title,
                            now,
                            request.source};
    repositories.meetings().insert(meeting);
    repositories.prospects().transition(prospect.id, kBookableFrom, ProspectStatus::MeetingBooked,
                                        now,
                                        "meeting " + meeting.id + " at " + meeting.scheduledAt);
    repositories.emailSends().cancelPending(prospect.id, "the prospect booked a meeting", now);
    prospect = *repositories.prospects().find(prospect.id);

    const auto payload = meetingBookedPayload(campaign, prospect, meeting);
    std::ostringstream text;
    payload->stringify(text);
    repositories.webhookDeliveries().insert({domain::newId(domain::IdKind::WebhookEvent),
                                             campaign.organisationId, campaign.id, "meeting_booked",
                                             text.str(), now});
    // Endpoints subscribed to meeting_booked get the spec's payload too, each its own delivery.
    events::LifecycleEvent event{"meeting_booked", campaign.organisationId, std::nullopt, nullptr};
    event.exactPayload = payload;
    events::publish(repositories, event, now);
    return {std::move(meeting), std::move(prospect), true};
}

Poco::JSON::Object::Ptr meetingJson(const domain::Meeting& meeting) {
    Poco::JSON::Object::Ptr json = domain::orderedObject();
    json->set("id", meeting.id);
    json->set("scheduledAt", meeting.scheduledAt);
    json->set("duration", meeting.durationMinutes);
    json->set("title", meeting.title);
    return json;
}

Poco::JSON::Object::Ptr meetingBookedPayload(const domain::Campaign& campaign,
                                             const domain::Prospect& prospect,
                                             const domain::Meeting& meeting) {
    Poco::JSON::Object::Ptr prospectJson = domain::orderedObject();
    prospectJson->set("id", prospect.id);
    prospectJson->set("companyName", prospect.companyName);
    prospectJson->set("contactName", prospect.contactName);
    prospectJson->set("email", prospect.email);
    // The spec types title as a string; a prospect added without one has an empty title.
    prospectJson->set("title", prospect.title.value_or(""));
    Poco::JSON::Object::Ptr payload = domain::orderedObject();
    payload->set("event", "meeting_booked");
    payload->set("campaignId", campaign.id);
    payload->set("prospect", prospectJson);
    payload->set("meeting", meetingJson(meeting));
    return payload;
}

}  // namespace lodestone::outreach
