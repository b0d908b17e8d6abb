#include "outreach/calendar/CalendarNotice.hpp"

// Cal.com's webhook body (cal.com/docs, "Webhooks"): {"triggerEvent", "createdAt", "payload":
// {"uid", "title", "startTime", "endTime", "attendees": [{"email", "name"}], "metadata": {…},
// "rescheduleUid" on a reschedule}}. The booking page passes `metadata[lodestone]=TOKEN` from
// its URL into payload.metadata.
namespace lodestone::outreach::calendar {
namespace {

NoticeKind kindOf(const std::string& trigger) {
    if (trigger == "BOOKING_CREATED") return NoticeKind::Booked;
    if (trigger == "BOOKING_RESCHEDULED") return NoticeKind::Rescheduled;
    if (trigger == "BOOKING_CANCELLED") return NoticeKind::Cancelled;
    return NoticeKind::Ignored;
}

std::optional<std::string> firstAttendeeEmail(const Poco::JSON::Object& payload) {
    auto attendees = payload.getArray("attendees");
    if (!attendees) return std::nullopt;
    for (std::size_t i = 0; i < attendees->size(); ++i) {
        auto attendee = attendees->getObject(static_cast<unsigned>(i));
        if (!attendee) continue;
        if (auto email = memberText(*attendee, "email", "payload.attendees[].email")) {
            return email;
        }
    }
    return std::nullopt;
}

}  // namespace

CalendarNotice readCalcomNotice(std::string_view body) {
    const auto root = objectIn(body);
    CalendarNotice notice;
    notice.provider = CalendarProvider::CalCom;
    notice.trigger = requiredText(*root, "triggerEvent", "triggerEvent");
    notice.kind = kindOf(notice.trigger);
    if (notice.kind == NoticeKind::Ignored) return notice;

    const auto payload = memberObject(*root, "payload", "payload");
    notice.bookingId = requiredText(*payload, "uid", "payload.uid");
    notice.title =
        memberText(*payload, "title", "payload.title")
            .value_or(memberText(*payload, "eventTitle", "payload.eventTitle").value_or("Meeting"));
    notice.attendeeEmail = firstAttendeeEmail(*payload);
    if (auto metadata = payload->getObject("metadata")) {
        notice.token = memberText(*metadata, "lodestone", "payload.metadata.lodestone");
    }
    if (notice.kind == NoticeKind::Rescheduled) {
        notice.previousBookingId = memberText(*payload, "rescheduleUid", "payload.rescheduleUid");
        if (!notice.previousBookingId) {
            notice.previousBookingId =
                memberText(*payload, "fromReschedule", "payload.fromReschedule");
        }
    }
    const auto start = requiredText(*payload, "startTime", "payload.startTime");
    readTimes(notice, start, requiredText(*payload, "endTime", "payload.endTime"), "payload");
    return notice;
}

}  // namespace lodestone::outreach::calendar
