#include "outreach/BookingLink.hpp"

#include <Poco/StringTokenizer.h>
#include <Poco/URI.h>

namespace lodestone::outreach {
namespace {

std::string encoded(const std::string& value) {
    std::string out;
    Poco::URI::encode(value, "!#$&'()*+,/:;=?@[]", out);
    return out;
}

}  // namespace

std::string calendarRedirect(const std::string& calendarUrl, const std::string& contactName,
                             const std::string& email) {
    Poco::URI uri(calendarUrl);
    // The calendar URL's own parameters are kept byte for byte (a bare `embed`, a `+`), since
    // calendar services read them as they wrote them; only earlier name/email pairs go.
    std::string query;
    Poco::StringTokenizer pairs(uri.getRawQuery(), "&", Poco::StringTokenizer::TOK_IGNORE_EMPTY);
    for (const auto& pair : pairs) {
        std::string key;
        Poco::URI::decode(pair.substr(0, pair.find('=')), key);
        if (key == "name" || key == "email") continue;
        query += (query.empty() ? "" : "&") + pair;
    }
    query += (query.empty() ? "" : "&") + std::string("name=") + encoded(contactName) +
             "&email=" + encoded(email);
    uri.setRawQuery(query);
    return uri.toString();
}

}  // namespace lodestone::outreach
