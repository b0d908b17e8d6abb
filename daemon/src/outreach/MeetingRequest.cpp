#include <Poco/DateTime.h>
#include <Poco/DateTimeFormatter.h>
#include <Poco/String.h>

#include <algorithm>
#include <cmath>
#include <regex>

#include "domain/Email.hpp"
#include "domain/Text.hpp"
#include "outreach/Meetings.hpp"
#include "outreach/addlead/FieldRules.hpp"

namespace lodestone::outreach {
namespace {

constexpr int kMaxDurationMinutes = 24 * 60;
constexpr std::size_t kMaxText = 500;

// "2026-12-01T15:00:00Z", with optional seconds and fraction, ending "Z" or "+00:00": a UTC
// time, as the spec's payload requires, so nothing has to guess a zone. ("-00:00" means "offset
// unknown" in RFC 3339, so it is not UTC.) Second 60 is refused: receivers' parsers refuse it.
std::optional<std::string> utcTimestamp(const std::string& text) {
    static const std::regex pattern(
        R"((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|\+00:00))");
    std::smatch match;
    if (!std::regex_match(text, match, pattern)) return std::nullopt;
    auto number = [&](int group) { return match[group].matched ? std::stoi(match[group]) : 0; };
    const int year = number(1), month = number(2), day = number(3), hour = number(4),
              minute = number(5), second = number(6);
    if (year < 1970 || second > 59 ||
        !Poco::DateTime::isValid(year, month, day, hour, minute, second)) {
        return std::nullopt;
    }
    return Poco::DateTimeFormatter::format(Poco::DateTime(year, month, day, hour, minute, second),
                                           "%Y-%m-%dT%H:%M:%SZ");
}

// A text field, trimmed unless `trim` is false: an email address is checked as sent, so that
// "ann@acme.io\n" is refused rather than quietly made into an address nobody sent. Blank text
// counts as absent either way.
std::optional<std::string> text(const Poco::JSON::Object& body, const std::string& name,
                                std::vector<std::string>& invalid, bool trim = true) {
    if (!body.has(name) || body.get(name).isEmpty()) return std::nullopt;
    const auto& value = body.get(name);
    if (!value.isString()) {
        invalid.push_back(name);
        return std::nullopt;
    }
    const std::string& given = value.extract<std::string>();
    std::string trimmed = Poco::trim(given);
    // In characters, as the lead body counts them, not UTF-8 bytes.
    if (characterCount(trimmed) > kMaxText) {
        invalid.push_back(name);
        return std::nullopt;
    }
    if (trimmed.empty()) return std::nullopt;
    return trim ? trimmed : given;
}

std::optional<int> minutes(const Poco::JSON::Object& body, std::vector<std::string>& invalid) {
    if (!body.has("duration") || body.get("duration").isEmpty()) return std::nullopt;
    const auto& value = body.get("duration");
    if (!value.isNumeric() || value.type() == typeid(bool)) {
        invalid.push_back("duration");
        return std::nullopt;
    }
    const double number = value.convert<double>();
    if (!std::isfinite(number) || number != std::floor(number) || number < 1 ||
        number > kMaxDurationMinutes) {
        invalid.push_back("duration");
        return std::nullopt;
    }
    return static_cast<int>(number);
}

}  // namespace

InvalidMeeting::InvalidMeeting(const std::string& message, std::vector<std::string> missing,
                               std::vector<std::string> invalid)
    : std::runtime_error(message), missing_(std::move(missing)), invalid_(std::move(invalid)) {}

MeetingRequest readMeetingRequest(const Poco::JSON::Object& body) {
    std::vector<std::string> missing, invalid;
    MeetingRequest request;
    request.prospectId = text(body, "prospectId", invalid);
    std::optional<std::string> emailProblem;
    if (auto email = text(body, "email", invalid, false)) {
        emailProblem = domain::emailProblem(*email);
        if (!emailProblem) {
            request.emailKey = Poco::toLower(*email);
        } else {
            invalid.push_back("email");
        }
    }
    const bool namesProspect = request.prospectId || request.emailKey;
    // A field already reported invalid is not also missing.
    auto reported = [&](const char* name) {
        return std::find(invalid.begin(), invalid.end(), name) != invalid.end();
    };
    const bool triedToName = reported("email") || reported("prospectId");
    if (!namesProspect && !triedToName) missing.push_back("prospectId");

    if (auto at = text(body, "scheduledAt", invalid)) {
        if (auto utc = utcTimestamp(*at)) {
            request.scheduledAt = *utc;
        } else {
            invalid.push_back("scheduledAt");
        }
    } else if (!reported("scheduledAt")) {
        missing.push_back("scheduledAt");
    }
    if (auto duration = minutes(body, invalid)) {
        request.durationMinutes = *duration;
    } else if (!reported("duration")) {
        missing.push_back("duration");
    }
    if (auto title = text(body, "title", invalid)) {
        request.title = *title;
    } else if (!reported("title")) {
        missing.push_back("title");
    }
    request.externalId = text(body, "externalId", invalid);

    if (!missing.empty() || !invalid.empty()) {
        std::string message = "Invalid meeting:";
        if (!missing.empty()) message += " missing " + domain::joined(missing) + ";";
        if (!invalid.empty()) {
            message += " invalid " + domain::joined(invalid) +
                       " (scheduledAt is an ISO 8601 UTC time such as 2026-12-01T15:00:00Z; "
                       "duration whole minutes from 1 to 1440; prospectId or email names the "
                       "prospect)";
            if (emailProblem) message += "; email " + *emailProblem;
        }
        if (message.back() == ';') message.pop_back();
        throw InvalidMeeting(message, missing, invalid);
    }
    return request;
}

}  // namespace lodestone::outreach
