#include "outreach/BookingLink.hpp"

#include <Poco/URI.h>

namespace lodestone::outreach {

std::string calendarRedirect(const std::string& calendarUrl, const std::string& contactName,
                             const std::string& email) {
    Poco::URI uri(calendarUrl);
    Poco::URI::QueryParameters kept;
    for (auto& [name, value] : uri.getQueryParameters()) {
        if (name != "name" && name != "email") kept.emplace_back(name, value);
    }
    kept.emplace_back("name", contactName);
    kept.emplace_back("email", email);
    uri.setQueryParameters(kept);
    return uri.toString();
}

}  // namespace lodestone::outreach
