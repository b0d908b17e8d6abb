#pragma once

#include <string>

namespace lodestone::outreach {

// Where a prospect's calendar link sends them: the campaign's calendar URL with the prospect's
// name and email added as `name` and `email` query parameters (the prefill parameters calendar
// services such as Calendly and Cal.com read), so the booking can be matched to the prospect.
// Parameters of the calendar URL itself are kept, except earlier `name`/`email` ones.
std::string calendarRedirect(const std::string& calendarUrl, const std::string& contactName,
                             const std::string& email);

}  // namespace lodestone::outreach
