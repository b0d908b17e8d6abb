#include "RetryAfter.hpp"

#include <Poco/DateTime.h>
#include <Poco/DateTimeFormat.h>
#include <Poco/DateTimeParser.h>
#include <Poco/Timestamp.h>

#include <algorithm>
#include <regex>

namespace lodestone::content_openai {
namespace {

std::string trimmed(const std::string& text) {
    const auto start = text.find_first_not_of(" \t");
    if (start == std::string::npos) return "";
    const auto end = text.find_last_not_of(" \t");
    return text.substr(start, end - start + 1);
}

// A day's worth: a server asking for longer is not asking for a retry within a step.
constexpr std::int64_t kLongestWaitMs = 24LL * 3600 * 1000;

}  // namespace

std::optional<std::chrono::milliseconds> retryAfter(const std::string& value,
                                                    std::int64_t nowEpochMs) {
    const std::string text = trimmed(value);
    if (text.empty()) return std::nullopt;
    if (text.find_first_not_of("0123456789") == std::string::npos) {
        // delay-seconds; more digits than a day holds is simply a long wait.
        const std::int64_t seconds = text.size() > 6 ? kLongestWaitMs / 1000 : std::stoll(text);
        return std::chrono::milliseconds(std::min(seconds * 1000, kLongestWaitMs));
    }
    // An HTTP-date: the preferred IMF-fixdate, and the obsolete RFC 850 and asctime forms
    // recipients must still accept. Poco's parser takes nearly anything, so the shape is
    // checked first: a header that is no date is ignored, not read as some date.
    struct Form {
        std::regex shape;
        const std::string& format;
    };
    static const Form forms[] = {
        {std::regex(R"([A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT)"),
         Poco::DateTimeFormat::HTTP_FORMAT},
        {std::regex(R"([A-Za-z]{6,9}, \d{2}-[A-Za-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT)"),
         Poco::DateTimeFormat::RFC850_FORMAT},
        {std::regex(R"([A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4})"),
         Poco::DateTimeFormat::ASCTIME_FORMAT},
    };
    for (const Form& form : forms) {
        Poco::DateTime when;
        int zone = 0;
        if (!std::regex_match(text, form.shape) ||
            !Poco::DateTimeParser::tryParse(form.format, text, when, zone)) {
            continue;
        }
        when.makeUTC(zone);
        std::int64_t atMs = when.timestamp().epochMicroseconds() / 1000;
        // RFC 850's two-digit year: RFC 9110 reads it as the most recent year with those digits
        // that is not more than 50 years in the future.
        if (&form.format == &Poco::DateTimeFormat::RFC850_FORMAT) {
            const Poco::DateTime now(Poco::Timestamp(nowEpochMs * 1000));
            const int twoDigits = when.year() % 100;
            int year = now.year() - now.year() % 100 + twoDigits;
            if (year > now.year() + 50) year -= 100;
            when.assign(year, when.month(), when.day(), when.hour(), when.minute(), when.second());
            atMs = when.timestamp().epochMicroseconds() / 1000;
        }
        return std::chrono::milliseconds(
            std::clamp<std::int64_t>(atMs - nowEpochMs, 0, kLongestWaitMs));
    }
    return std::nullopt;
}

std::chrono::milliseconds backoff(int retry) {
    const int doublings = std::clamp(retry - 1, 0, 4);
    return std::chrono::milliseconds(500LL << doublings);
}

}  // namespace lodestone::content_openai
