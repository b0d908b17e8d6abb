#pragma once

#include <optional>
#include <string>

namespace lodestone::outreach {

// Where a prospect's calendar link sends them: the campaign's calendar URL with the prospect's
// name and email added as `name` and `email` query parameters (the prefill parameters calendar
// services such as Calendly and Cal.com read). With a booking token, it is carried too, so the
// calendar's report of the booking names the prospect whatever email they book with:
// `metadata[lodestone]` (Cal.com puts it in the booking's metadata) and `utm_content`, with
// `utm_source=lodestone` unless the URL has a utm_source of its own (Calendly puts them in the
// invitee's tracking). Parameters of the calendar URL itself are kept, except earlier ones of
// those names.
std::string calendarRedirect(const std::string& calendarUrl, const std::string& contactName,
                             const std::string& email,
                             const std::optional<std::string>& bookingToken = std::nullopt);

}  // namespace lodestone::outreach
