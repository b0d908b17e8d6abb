#include "outreach/BookingLink.hpp"

#include <Poco/StringTokenizer.h>
#include <Poco/URI.h>

namespace lodestone::outreach {
namespace {

constexpr std::string_view kCalcomTokenParameter = "metadata[lodestone]";

std::string encoded(std::string_view value) {
    std::string out;
    Poco::URI::encode(std::string(value), "!#$&'()*+,/:;=?@[]", out);
    return out;
}

}  // namespace

std::string calendarRedirect(const std::string& calendarUrl, const std::string& contactName,
                             const std::string& email,
                             const std::optional<std::string>& bookingToken) {
    Poco::URI uri(calendarUrl);
    // The calendar URL's own parameters are kept byte for byte (a bare `embed`, a `+`), since
    // calendar services read them as they wrote them; only earlier name/email pairs go.
    std::string query;
    bool hasSource = false;
    Poco::StringTokenizer pairs(uri.getRawQuery(), "&", Poco::StringTokenizer::TOK_IGNORE_EMPTY);
    for (const auto& pair : pairs) {
        std::string key;
        Poco::URI::decode(pair.substr(0, pair.find('=')), key);
        if (key == "name" || key == "email" || key == kCalcomTokenParameter ||
            key == "utm_content") {
            continue;
        }
        hasSource = hasSource || key == "utm_source";
        query += (query.empty() ? "" : "&") + pair;
    }
    query += (query.empty() ? "" : "&") + std::string("name=") + encoded(contactName) +
             "&email=" + encoded(email);
    if (bookingToken) {
        query += "&" + encoded(kCalcomTokenParameter) + "=" + encoded(*bookingToken);
        // An operator's own utm_source stays: only utm_content carries the token.
        if (!hasSource) query += "&utm_source=lodestone";
        query += "&utm_content=" + encoded(*bookingToken);
    }
    uri.setRawQuery(query);
    return uri.toString();
}

}  // namespace lodestone::outreach
