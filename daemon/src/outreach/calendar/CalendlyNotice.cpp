#include "outreach/calendar/CalendarNotice.hpp"

// Calendly's webhook body (developer.calendly.com, "Webhook payloads"): {"event", "created_at",
// "payload": {"uri" (the invitee), "email", "name", "rescheduled", "old_invitee", "tracking":
// {"utm_source", "utm_content", …}, "scheduled_event": {"name", "start_time", "end_time"}}}.
// Calendly passes the booking page's utm_* parameters into payload.tracking; /b/{token} sets
// utm_content to the token.
namespace lodestone::outreach::calendar {

CalendarNotice readCalendlyNotice(std::string_view body) {
    const auto root = objectIn(body);
    CalendarNotice notice;
    notice.provider = CalendarProvider::Calendly;
    notice.trigger = requiredText(*root, "event", "event");
    if (notice.trigger == "invitee.created") {
        notice.kind = NoticeKind::Booked;
    } else if (notice.trigger == "invitee.canceled") {
        notice.kind = NoticeKind::Cancelled;
    } else {
        return notice;
    }
    const auto payload = memberObject(*root, "payload", "payload");
    notice.bookingId = requiredText(*payload, "uri", "payload.uri");
    notice.attendeeEmail = memberText(*payload, "email", "payload.email");
    if (auto tracking = payload->getObject("tracking")) {
        notice.token = memberText(*tracking, "utm_content", "payload.tracking.utm_content");
    }
    if (payload->has("rescheduled") && !payload->get("rescheduled").isEmpty()) {
        const auto& flag = payload->get("rescheduled");
        if (!flag.isBoolean()) throw InvalidNotice("payload.rescheduled is not true or false");
        notice.partOfReschedule = notice.kind == NoticeKind::Cancelled && flag.extract<bool>();
    }
    notice.previousBookingId = memberText(*payload, "old_invitee", "payload.old_invitee");
    if (notice.kind == NoticeKind::Booked && notice.previousBookingId) {
        notice.kind = NoticeKind::Rescheduled;
    }
    const auto event = memberObject(*payload, "scheduled_event", "payload.scheduled_event");
    notice.title = memberText(*event, "name", "payload.scheduled_event.name").value_or("Meeting");
    const auto start = requiredText(*event, "start_time", "payload.scheduled_event.start_time");
    readTimes(notice, start, requiredText(*event, "end_time", "payload.scheduled_event.end_time"),
              "payload.scheduled_event");
    return notice;
}

}  // namespace lodestone::outreach::calendar
