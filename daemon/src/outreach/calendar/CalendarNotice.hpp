#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace lodestone::outreach::calendar {

enum class CalendarProvider { CalCom, Calendly };

// "calcom" or "calendly": in URLs (/hooks/calcom/…), storage and logs.
std::string_view providerName(CalendarProvider provider);

enum class NoticeKind {
    Booked,       // a new booking
    Rescheduled,  // a booking moved: previousBookingId names the one it replaces
    Cancelled,
    Ignored,  // an event we do not act on (a ping, a no-show, a routing form)
};

// What a calendar reports about one booking, whichever calendar it is.
struct CalendarNotice {
    CalendarProvider provider = CalendarProvider::CalCom;
    NoticeKind kind = NoticeKind::Ignored;
    std::string trigger;    // the provider's name for the event ("BOOKING_CREATED"), for logs
    std::string bookingId;  // the provider's id of this booking (Cal.com uid, Calendly invitee URI)
    std::optional<std::string> previousBookingId;
    // The prospect's booking token, carried through the calendar from /b/{token}.
    std::optional<std::string> token;
    std::optional<std::string> attendeeEmail;
    std::string scheduledAt;  // UTC, "2026-12-01T15:00:00Z"
    int durationMinutes = 0;
    std::string title;
    // Calendly reports a reschedule as a cancellation (this flag) and a new booking naming the
    // old one; the cancellation changes nothing.
    bool partOfReschedule = false;
};

// The body is not what the provider sends: a client error (400), named precisely.
class InvalidNotice : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Reads the body of a Cal.com (BOOKING_CREATED, BOOKING_RESCHEDULED, BOOKING_CANCELLED) or
// Calendly (invitee.created, invitee.canceled) webhook. Other events read as Ignored.
CalendarNotice readCalcomNotice(std::string_view body);
CalendarNotice readCalendlyNotice(std::string_view body);

// What readCalcomNotice and readCalendlyNotice share: the JSON object a body holds, a member's
// text, and a booking's time and length from its start and end. Each throws InvalidNotice naming
// `path`.
Poco::JSON::Object::Ptr objectIn(std::string_view body);
Poco::JSON::Object::Ptr memberObject(const Poco::JSON::Object& parent, const std::string& name,
                                     const std::string& path);
std::optional<std::string> memberText(const Poco::JSON::Object& parent, const std::string& name,
                                      const std::string& path);
std::string requiredText(const Poco::JSON::Object& parent, const std::string& name,
                         const std::string& path);
void readTimes(CalendarNotice& notice, const std::string& start, const std::string& end,
               const std::string& path);

}  // namespace lodestone::outreach::calendar
