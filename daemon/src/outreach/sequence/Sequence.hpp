#pragma once

#include <Poco/JSON/Object.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "domain/Prospects.hpp"
#include "domain/Time.hpp"

namespace lodestone::outreach {

using domain::Timestamp;

// A sequence document that cannot be used: "<path>: <problem>" ("steps[1].subject: unknown
// template variable {{frstName}} (known: ...)"). Callers add the file and line. A problem with
// the document as a whole (not JSON, not a mapping) has an empty path and reads
// "sequence document: <problem>".
class SequenceError : public std::runtime_error {
  public:
    SequenceError(std::string path, std::string problem)
        : std::runtime_error((path.empty() ? std::string("sequence document") : path) + ": " +
                             problem),
          path_(std::move(path)),
          problem_(std::move(problem)) {}
    const std::string& path() const { return path_; }
    const std::string& problem() const { return problem_; }

  private:
    std::string path_;
    std::string problem_;
};

struct Sender {
    std::string address;
    std::optional<std::string> name;
};

// When a campaign may send: local days and hours in `timezone` (or the prospect's own zone, when
// known). Days are 0 = Monday .. 6 = Sunday; minutes since local midnight, start < end, end may be
// 24 * 60.
struct SendingWindow {
    std::set<int> days{0, 1, 2, 3, 4, 5, 6};
    int startMinute = 0;
    int endMinute = 24 * 60;
    std::string timezone = "UTC";
};

// A step's templates parsed once (Sequence.cpp); immutable, so copies of a Sequence on several
// threads share them.
struct CompiledStep;

struct SequenceStep {
    std::chrono::milliseconds delay{0};  // after qualification (step 0), then after the previous
    std::string subject;                 // Mustache templates
    std::string text;
    std::optional<std::string> html;
    // Set by Sequence::parse from the three templates above (change them and reset this). A step
    // built by hand has none, and renderStep checks and parses its templates on each call.
    std::shared_ptr<const CompiledStep> compiled;
};

// A campaign's email sequence (docs/outreach.md has the document's format).
struct Sequence {
    static constexpr int kMaxSteps = 50;
    static constexpr int kMaxDailyCap = 1'000'000;

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

// An IANA time zone from the system's tz database (Debian's tzdata, read by date/tz; nothing is
// downloaded). Cheap to copy and safe to share between threads.
class TimeZone {
  public:
    // Throws std::invalid_argument naming the zone when the database has no such zone.
    static TimeZone load(const std::string& name);
    // Whether the database has a zone of that name. Anything not shaped like a tz name is refused
    // before the database is asked: segments of letters, digits, '_', '-', '+' that start with a
    // letter, joined by '/' (so no "..", no leading '/'), and not the database's entries that are
    // no zone ("posix/", "right/", "localtime", "posixrules", "Factory"). Case-sensitive, as the
    // database's names are.
    static bool known(const std::string& name);

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

    friend struct ZoneAccess;  // the window arithmetic of TimeZone.cpp
};

// The earliest instant >= `at` inside `window` in `zone` (the window's days and hours read as
// local time of `zone`). A window bound that falls in a DST gap moves forward to the first
// instant after the gap; one that falls in a repeated hour is its earlier instant. Throws
// std::invalid_argument for a window with no days or bad minutes (one not from Sequence::parse).
Timestamp nextInWindow(const SendingWindow& window, const TimeZone& zone, Timestamp at);

// The local calendar day of `zone` holding `at`: [start, end) in UTC milliseconds (23 or 25 hours
// long on a DST change).
std::pair<Timestamp, Timestamp> localDay(const TimeZone& zone, Timestamp at);

// The window for logs and documentation: "Mon-Fri 09:00-17:30 Europe/London".
std::string describe(const SendingWindow& window);

struct RenderedEmail {
    std::string subject;
    std::string text;
    std::optional<std::string> html;
};

// The prospect's own lead magnet as its emails name it: {{leadMagnetUrl}} (the page, under
// server.public_url or the project's host) and {{leadMagnetTitle}}.
struct LeadMagnetLink {
    std::string url;
    std::string title;
};

// Which of {{leadMagnetUrl}} and {{leadMagnetTitle}} the step's templates use, in that order
// (sections on them count): a step that uses either waits for the prospect's lead magnet.
std::vector<std::string> leadMagnetVariablesIn(const SequenceStep& step);
// The first place the sequence uses one of them ("steps[1].text uses {{leadMagnetUrl}}"); none
// when it uses neither. A campaign without a lead-magnet project may not have such a sequence.
std::optional<std::string> leadMagnetUse(const Sequence& sequence);

// Renders one step with `variables` (firstName, contactName, companyName, title, email, domain,
// bookingUrl, unsubscribeUrl, leadMagnetUrl, leadMagnetTitle, score, researchData{},
// customData{}, research{}): HTML-escaped in
// `html`, not in subject and text; the subject on one line. Missing values render empty.
// Thread-safe. Throws SequenceError ("steps.subject: ...") only for a hand-built step whose
// templates Sequence::parse would have refused.
RenderedEmail renderStep(const SequenceStep& step, const Poco::JSON::Object& variables);

// The variables renderStep reads, for one prospect: its fixed fields and the researchData and
// customData objects of its stored Add Lead body (domain::Prospect::inputJson), `research` (the
// research plugin's output, when there is one), the prospect's score, its two links, and its lead
// magnet's link and title when it has a finished one.
// firstName is the first word of contactName after a salutation ("Dr. Grace Hopper" -> "Grace").
Poco::JSON::Object::Ptr sequenceVariables(const domain::Prospect& prospect,
                                          const std::optional<Poco::JSON::Object::Ptr>& research,
                                          std::string bookingUrl, std::string unsubscribeUrl,
                                          const std::optional<LeadMagnetLink>& leadMagnet = {});

}  // namespace lodestone::outreach
