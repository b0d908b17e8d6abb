#pragma once

#include <Poco/JSON/Object.h>

#include <chrono>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "domain/Time.hpp"

namespace lodestone::outreach {

using domain::Timestamp;

// A sequence document that cannot be used: "<path>: <problem>" ("steps[1].subject: unknown
// template variable {{frstName}} (known: ...)"). Callers add the file and line.
class SequenceError : public std::runtime_error {
  public:
    SequenceError(std::string path, const std::string& problem)
        : std::runtime_error(path + ": " + problem), path_(std::move(path)) {}
    const std::string& path() const { return path_; }

  private:
    std::string path_;
};

struct Sender {
    std::string address;
    std::optional<std::string> name;
};

// When a campaign may send: local days and hours in `timezone` (or the prospect's own zone, when
// known). Days are 0 = Monday .. 6 = Sunday; minutes since local midnight, start < end, end may be
// 24 * 60.
struct SendingWindow {
    std::set<int> days;
    int startMinute = 0;
    int endMinute = 24 * 60;
    std::string timezone = "UTC";
};

struct SequenceStep {
    std::chrono::milliseconds delay{0};  // after qualification (step 0), then after the previous
    std::string subject;                 // Mustache templates
    std::string text;
    std::optional<std::string> html;
};

// A campaign's email sequence (docs/outreach.md has the document's format).
struct Sequence {
    Sender from;
    std::optional<std::string> replyTo;
    SendingWindow window;
    int dailyCap = 200;  // sends per campaign per local day of window.timezone
    std::chrono::milliseconds minGap{0};
    std::vector<SequenceStep> steps;  // never empty

    // The document as stored (JSON; YAML is converted before). Throws SequenceError naming the
    // first bad key: unknown keys, wrong types, bad addresses, days, times or time zones, no
    // steps, template syntax errors and unknown template variables.
    static Sequence parse(const std::string& json);
};

// An IANA time zone from the system's tz database.
class TimeZone {
  public:
    // Throws std::invalid_argument naming the zone when the database has no such zone.
    static TimeZone load(const std::string& name);

    const std::string& name() const;
    // Offset from UTC in effect at `at`, in milliseconds.
    std::int64_t offsetAt(Timestamp at) const;

    ~TimeZone();
    TimeZone(const TimeZone&);
    TimeZone& operator=(const TimeZone&);

  private:
    struct Rules;
    explicit TimeZone(std::shared_ptr<const Rules> rules);
    std::shared_ptr<const Rules> rules_;
};

// The earliest instant >= `at` inside `window` in `zone` (the window's days and hours read as
// local time of `zone`; DST gaps and repeats handled).
Timestamp nextInWindow(const SendingWindow& window, const TimeZone& zone, Timestamp at);

// The local calendar day of `zone` holding `at`: [start, end) in UTC milliseconds.
std::pair<Timestamp, Timestamp> localDay(const TimeZone& zone, Timestamp at);

struct RenderedEmail {
    std::string subject;
    std::string text;
    std::optional<std::string> html;
};

// Renders one step with `variables` (firstName, contactName, companyName, title, email, domain,
// bookingUrl, unsubscribeUrl, score, researchData{}, customData{}, research{}): HTML-escaped in
// `html`, not in subject and text; the subject on one line.
RenderedEmail renderStep(const SequenceStep& step, const Poco::JSON::Object& variables);

}  // namespace lodestone::outreach
