#include "outreach/CalendarBookings.hpp"

#include <Poco/String.h>

#include "domain/JsonValues.hpp"
#include "domain/Time.hpp"
#include "events/EventSubjects.hpp"
#include "outreach/Meetings.hpp"
#include "storage/MeetingRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::outreach {
namespace {

using calendar::CalendarNotice;
using calendar::NoticeKind;

std::optional<domain::Prospect> prospectOf(storage::Repositories& repositories,
                                           const domain::Campaign& campaign,
                                           const CalendarNotice& notice) {
    if (notice.token) {
        auto prospect = repositories.prospects().findByBookingToken(*notice.token);
        if (prospect && prospect->campaignId == campaign.id) return prospect;
    }
    if (notice.attendeeEmail) {
        return repositories.prospects().findByEmail(campaign.id,
                                                    Poco::toLower(*notice.attendeeEmail));
    }
    return std::nullopt;
}

// meeting_cancelled's `meeting`: meeting_booked's, with when it was cancelled.
Poco::JSON::Object::Ptr cancelledMeeting(const domain::Meeting& meeting) {
    auto json = meetingJson(meeting);
    json->set("cancelledAt", domain::isoUtc(meeting.cancelledAt.value_or(0)));
    json->set("source", domain::orNull(meeting.source));
    return json;
}

BookingResult book(storage::Repositories& repositories, const domain::Campaign& campaign,
                   const CalendarNotice& notice, const std::string& provider,
                   domain::Timestamp now) {
    auto prospect = prospectOf(repositories, campaign, notice);
    if (!prospect) return {BookingOutcome::Unmatched, std::nullopt};
    MeetingRequest request;
    request.prospectId = prospect->id;
    request.scheduledAt = notice.scheduledAt;
    request.durationMinutes = notice.durationMinutes;
    request.title = notice.title;
    request.externalId = provider + ":" + notice.bookingId;
    request.source = provider;
    auto booked = bookMeeting(repositories, campaign, request, now);
    repositories.meetings().recordBooking(campaign.id, provider, notice.bookingId,
                                          booked.meeting.id, now);
    return {booked.created ? BookingOutcome::Booked : BookingOutcome::Repeat, booked.meeting};
}

}  // namespace

std::string_view toString(BookingOutcome outcome) {
    switch (outcome) {
        case BookingOutcome::Booked:
            return "booked";
        case BookingOutcome::Repeat:
            return "repeat";
        case BookingOutcome::Rescheduled:
            return "rescheduled";
        case BookingOutcome::Cancelled:
            return "cancelled";
        case BookingOutcome::AlreadyCancelled:
            return "already_cancelled";
        case BookingOutcome::Unmatched:
            return "unmatched";
        case BookingOutcome::UnknownBooking:
            return "unknown_booking";
        case BookingOutcome::Ignored:
            break;
    }
    return "ignored";
}

BookingResult applyCalendarNotice(storage::Repositories& repositories,
                                  const domain::Campaign& campaign, const CalendarNotice& notice,
                                  domain::Timestamp now) {
    if (notice.kind == NoticeKind::Ignored || notice.partOfReschedule) {
        return {BookingOutcome::Ignored, std::nullopt};
    }
    const std::string provider(calendar::providerName(notice.provider));
    auto& meetings = repositories.meetings();
    const auto known = meetings.meetingOfBooking(campaign.id, provider, notice.bookingId);

    if (notice.kind == NoticeKind::Cancelled) {
        if (!known) {
            // Its booking may still be on its way (a calendar retrying it after a 503, another
            // host taking it): remember the cancellation so that it books nothing.
            meetings.recordCancelledFirst(campaign.id, provider, notice.bookingId, now);
            return {BookingOutcome::UnknownBooking, std::nullopt};
        }
        const bool cancelled = meetings.cancel(*known, now);
        auto meeting = meetings.find(*known);
        if (cancelled && meeting) {
            auto extra = domain::orderedObject();
            extra->set("meeting", cancelledMeeting(*meeting));
            events::publishAboutProspect(repositories, "meeting_cancelled", meeting->prospectId,
                                         now, extra);
        }
        return {cancelled ? BookingOutcome::Cancelled : BookingOutcome::AlreadyCancelled, meeting};
    }
    // A booking id seen before is a repeat, even one since moved: moving it back to the time
    // a late repeat names would undo the reschedule.
    if (known) return {BookingOutcome::Repeat, meetings.find(*known)};
    if (meetings.wasCancelledFirst(campaign.id, provider, notice.bookingId)) {
        return {BookingOutcome::AlreadyCancelled, std::nullopt};
    }

    std::optional<std::string> moved;
    if (notice.previousBookingId) {
        moved = meetings.meetingOfBooking(campaign.id, provider, *notice.previousBookingId);
    }
    if (!moved) {
        auto booked = book(repositories, campaign, notice, provider, now);
        // A reschedule that came before the booking it replaces: the original's report, when it
        // comes, is then a repeat of this meeting rather than a second one.
        if (booked.meeting && notice.previousBookingId &&
            !meetings.wasCancelledFirst(campaign.id, provider, *notice.previousBookingId)) {
            meetings.recordBooking(campaign.id, provider, *notice.previousBookingId,
                                   booked.meeting->id, now);
        }
        return booked;
    }
    meetings.reschedule(*moved, notice.scheduledAt, notice.durationMinutes, notice.title, now);
    meetings.recordBooking(campaign.id, provider, notice.bookingId, *moved, now);
    return {BookingOutcome::Rescheduled, meetings.find(*moved)};
}

}  // namespace lodestone::outreach
