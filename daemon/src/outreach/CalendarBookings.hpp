#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "domain/Prospects.hpp"
#include "domain/Records.hpp"
#include "outreach/calendar/CalendarNotice.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::outreach {

// What a calendar's report did.
enum class BookingOutcome {
    Booked,            // a new meeting, with its meeting_booked event
    Repeat,            // a booking already recorded: nothing changed
    Rescheduled,       // the meeting moved
    Cancelled,         // the meeting is cancelled
    AlreadyCancelled,  // a repeat of a cancellation, or a booking cancelled before it arrived
    Unmatched,         // no prospect of the campaign carries the token or the attendee's email
    UnknownBooking,    // a cancellation of a booking not (yet) recorded here: remembered
    Ignored,           // an event we do not act on, or the cancelling half of a reschedule
};

// "booked", "repeat", …: the `outcome` the hook answers with.
std::string_view toString(BookingOutcome outcome);

struct BookingResult {
    BookingOutcome outcome = BookingOutcome::Ignored;
    std::optional<domain::Meeting> meeting;
};

// Within the caller's transaction: records what `notice` says against `campaign`. A new
// booking is a meeting as the meetings route makes it (bookMeeting: the prospect's status, its
// emails stopped, one meeting_booked event). The prospect is the one whose booking token the
// calendar carried from /b/{token}, else the campaign's prospect with the attendee's email.
// Every booking id the calendar uses is kept, so repeats, reschedules and cancellations find
// their meeting whatever order they come in: a cancellation before its booking is remembered
// (the booking then records nothing), a reschedule before the booking it replaces makes the
// meeting that booking's report then repeats. storage::Conflict when a concurrent report of the
// same booking won: run it again.
BookingResult applyCalendarNotice(storage::Repositories& repositories,
                                  const domain::Campaign& campaign,
                                  const calendar::CalendarNotice& notice, domain::Timestamp now);

}  // namespace lodestone::outreach
