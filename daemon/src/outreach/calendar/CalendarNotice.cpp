#include "outreach/calendar/CalendarNotice.hpp"

#include <Poco/DateTimeFormat.h>
#include <Poco/DateTimeFormatter.h>
#include <Poco/DateTimeParser.h>
#include <Poco/String.h>

#include "domain/ClientJson.hpp"
#include "domain/Utf8Text.hpp"

namespace lodestone::outreach::calendar {
namespace {

constexpr int kMaxDurationMinutes = 24 * 60;
// As the meetings route's text fields: ids, tokens and titles are short.
constexpr std::size_t kMaxText = 500;

// An ISO 8601 time with any offset (Calendly writes microseconds, Cal.com whole seconds and
// "Z"), as a UTC instant.
std::optional<Poco::DateTime> instant(const std::string& text) {
    Poco::DateTime time;
    int zone = 0;
    if (!Poco::DateTimeParser::tryParse(Poco::DateTimeFormat::ISO8601_FRAC_FORMAT, text, time,
                                        zone)) {
        return std::nullopt;
    }
    // The parser takes "2026-12-01" alone too; a booking needs its time of day.
    if (text.find('T') == std::string::npos) return std::nullopt;
    time.makeUTC(zone);
    return time;
}

}  // namespace

std::string_view providerName(CalendarProvider provider) {
    return provider == CalendarProvider::CalCom ? "calcom" : "calendly";
}

Poco::JSON::Object::Ptr objectIn(std::string_view body) {
    // By the API's rules for client JSON (well-formed UTF-8, no duplicate keys, no control
    // characters, bounded size): what a calendar sends is stored and sent on in webhooks.
    Poco::Dynamic::Var parsed;
    try {
        parsed = domain::parseClientJson(std::string(body), "the body");
    } catch (const domain::ClientJsonError& e) {
        throw InvalidNotice(e.what());
    } catch (const Poco::Exception& e) {
        throw InvalidNotice("the body is not JSON: " + e.message());
    }
    if (parsed.type() != typeid(Poco::JSON::Object::Ptr)) {
        throw InvalidNotice("the body is not a JSON object");
    }
    return parsed.extract<Poco::JSON::Object::Ptr>();
}

Poco::JSON::Object::Ptr memberObject(const Poco::JSON::Object& parent, const std::string& name,
                                     const std::string& path) {
    auto value = parent.getObject(name);
    if (!value) throw InvalidNotice(path + " is missing or not an object");
    return value;
}

std::optional<std::string> memberText(const Poco::JSON::Object& parent, const std::string& name,
                                      const std::string& path) {
    if (!parent.has(name) || parent.get(name).isEmpty()) return std::nullopt;
    const auto& value = parent.get(name);
    if (!value.isString()) throw InvalidNotice(path + " is not text");
    std::string text = Poco::trim(value.extract<std::string>());
    if (text.empty()) return std::nullopt;
    if (domain::characterCount(text) > kMaxText) {
        throw InvalidNotice(path + " is longer than " + std::to_string(kMaxText) + " characters");
    }
    return text;
}

std::string requiredText(const Poco::JSON::Object& parent, const std::string& name,
                         const std::string& path) {
    auto text = memberText(parent, name, path);
    if (!text) throw InvalidNotice(path + " is missing");
    return *text;
}

void readTimes(CalendarNotice& notice, const std::string& start, const std::string& end,
               const std::string& path) {
    const auto from = instant(start);
    const auto to = instant(end);
    if (!from || !to) {
        throw InvalidNotice(path + "'s start and end must be ISO 8601 times with a zone");
    }
    const auto minutes = (*to - *from).totalMinutes();
    if (minutes < 1 || minutes > kMaxDurationMinutes) {
        throw InvalidNotice(path + " lasts " + std::to_string(minutes) +
                            " minutes; a meeting lasts 1 to 1440");
    }
    notice.scheduledAt = Poco::DateTimeFormatter::format(*from, "%Y-%m-%dT%H:%M:%SZ");
    notice.durationMinutes = static_cast<int>(minutes);
}

}  // namespace lodestone::outreach::calendar
