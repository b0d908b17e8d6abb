// Time zones and the sending window's arithmetic, on Howard Hinnant's date/tz as Debian builds it
// (USE_OS_TZDB: the compiled zones of /usr/share/zoneinfo, so tzdata updates apply and nothing
// is downloaded). libstdc++ 12 has no std::chrono::tzdb.
#include <date/tz.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <vector>

#include "domain/InputText.hpp"
#include "outreach/sequence/Sequence.hpp"

namespace lodestone::outreach {

struct TimeZone::Rules {
    // Owned by date/tz's database, which is built once and lives as long as the process.
    const date::time_zone* zone = nullptr;
    std::string name;
};

// The zone's rules for the functions below, without putting date/tz in Sequence.hpp.
struct ZoneAccess {
    static const date::time_zone& rulesOf(const TimeZone& zone) { return *zone.rules_->zone; }
};

namespace {

using Millis = std::chrono::milliseconds;
using SysMillis = date::sys_time<Millis>;
using LocalMillis = date::local_time<Millis>;

constexpr int kMinutesPerDay = 24 * 60;

// Longer than any real name ("America/Argentina/ComodRivadavia" is 32), short enough that a
// hostile value never reaches the database's lookup.
constexpr std::size_t kMaxZoneName = 64;

bool isAsciiLetter(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

bool validSegment(std::string_view segment) {
    if (segment.empty() || !isAsciiLetter(segment.front())) return false;
    return std::all_of(segment.begin(), segment.end(), [](char c) {
        return isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '+';
    });
}

bool hasZoneShape(std::string_view name) {
    if (name.empty() || name.size() > kMaxZoneName) return false;
    // Entries of the database that are not zones: aliases of the host's own zone, a build
    // artefact, and the alternative trees that duplicate every zone.
    if (name == "localtime" || name == "posixrules" || name == "Factory") return false;
    if (name.starts_with("posix/") || name.starts_with("right/")) return false;
    while (true) {
        auto slash = name.find('/');
        if (!validSegment(name.substr(0, slash))) return false;
        if (slash == std::string_view::npos) return true;
        name.remove_prefix(slash + 1);
    }
}
constexpr std::array<const char*, 7> kDayNames{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};

date::local_days localDateOf(const date::time_zone& zone, Timestamp at) {
    return date::floor<date::days>(zone.to_local(SysMillis(Millis(at))));
}

// The first instant at which the clock of `zone` reads `minute` minutes after midnight of `day`.
// A reading the clock skips (a DST gap) gives the first instant after the gap; one it shows twice
// (the hour repeated when DST ends) gives the earlier instant.
Timestamp instantOf(const date::time_zone& zone, date::local_days day, int minute) {
    const LocalMillis local = LocalMillis(day) + std::chrono::minutes(minute);
    return zone.to_sys(local, date::choose::earliest).time_since_epoch().count();
}

// 0 = Monday .. 6 = Sunday, as SendingWindow::days counts.
int weekdayIndex(date::local_days day) {
    return static_cast<int>(date::weekday(day).iso_encoding()) - 1;
}

void checkWindow(const SendingWindow& window) {
    if (window.days.empty()) {
        throw std::invalid_argument("sending window has no days: name at least one of mon..sun");
    }
    if (*window.days.begin() < 0 || *window.days.rbegin() > 6) {
        throw std::invalid_argument("sending window days must be 0 (Monday) to 6 (Sunday)");
    }
    if (window.startMinute < 0 || window.endMinute > kMinutesPerDay ||
        window.startMinute >= window.endMinute) {
        throw std::invalid_argument(
            "sending window hours must be 00:00 <= start < end <= 24:00, got minutes " +
            std::to_string(window.startMinute) + " to " + std::to_string(window.endMinute));
    }
}

std::string clockText(int minute) {
    const auto twoDigits = [](int n) { return std::string(n < 10 ? "0" : "") + std::to_string(n); };
    return twoDigits(minute / 60) + ":" + twoDigits(minute % 60);
}

std::string dayName(int day) {
    return day >= 0 && day < 7 ? kDayNames[day] : "day " + std::to_string(day);
}

// "every day", "Mon-Fri", "Mon, Wed, Fri", "Sat, Sun": runs of three days or more as ranges.
std::string describeDays(const std::set<int>& days) {
    if (days == std::set<int>{0, 1, 2, 3, 4, 5, 6}) return "every day";
    if (days.empty()) return "no days";
    const std::vector<int> sorted(days.begin(), days.end());
    std::string text;
    for (std::size_t first = 0; first < sorted.size();) {
        std::size_t last = first;
        while (last + 1 < sorted.size() && sorted[last + 1] == sorted[last] + 1) ++last;
        if (!text.empty()) text += ", ";
        if (last - first >= 2) {
            text += dayName(sorted[first]) + "-" + dayName(sorted[last]);
            first = last + 1;
        } else {
            text += dayName(sorted[first]);
            ++first;
        }
    }
    return text;
}

}  // namespace

TimeZone::TimeZone(std::shared_ptr<const Rules> rules) : rules_(std::move(rules)) {}
TimeZone::~TimeZone() = default;
TimeZone::TimeZone(const TimeZone&) = default;
TimeZone& TimeZone::operator=(const TimeZone&) = default;

TimeZone TimeZone::load(const std::string& name) {
    const std::string quoted = "\"" + domain::visibleText(name, 80) + "\"";
    const std::string unknown = "unknown time zone " + quoted +
                                "; use an IANA name such as Europe/London, America/New_York or UTC";
    if (!hasZoneShape(name)) throw std::invalid_argument(unknown);
    try {
        auto rules = std::make_shared<Rules>();
        rules->zone = date::locate_zone(name);
        rules->name = name;
        return TimeZone(std::move(rules));
    } catch (const std::runtime_error& e) {
        // date/tz says "<name> not found in timezone database"; anything else is the database
        // itself failing to load (tzdata missing), which the operator must hear about as such.
        const std::string reason = e.what();
        if (reason.find("not found") == std::string::npos) {
            throw std::invalid_argument("cannot look up time zone " + quoted +
                                        ": the system's tz database (/usr/share/zoneinfo, "
                                        "Debian package tzdata) failed to load: " +
                                        reason);
        }
        throw std::invalid_argument(unknown);
    }
}

bool TimeZone::known(const std::string& name) {
    if (!hasZoneShape(name)) return false;
    try {
        date::locate_zone(name);
        return true;
    } catch (const std::runtime_error&) {
        return false;
    }
}

const std::string& TimeZone::name() const {
    return rules_->name;
}

std::int64_t TimeZone::offsetAt(Timestamp at) const {
    const auto info = rules_->zone->get_info(SysMillis(Millis(at)));
    return std::chrono::duration_cast<Millis>(info.offset).count();
}

Timestamp nextInWindow(const SendingWindow& window, const TimeZone& zone, Timestamp at) {
    checkWindow(window);
    const auto& rules = ZoneAccess::rulesOf(zone);
    const date::local_days today = localDateOf(rules, at);
    // From yesterday (a clock turned back across midnight can leave `at` before today's start)
    // through two weeks: one week holds every allowed day, the second covers a day whose window
    // fell wholly into a DST gap.
    for (int offset = -1; offset <= 14; ++offset) {
        const date::local_days day = today + date::days(offset);
        if (window.days.count(weekdayIndex(day)) == 0) continue;
        const Timestamp start = instantOf(rules, day, window.startMinute);
        const Timestamp end = instantOf(rules, day, window.endMinute);
        if (end <= at || start >= end) continue;
        return std::max(at, start);
    }
    throw std::invalid_argument("sending window " + describe(window) + " has no open time in " +
                                zone.name() + " within two weeks of " + domain::isoUtc(at));
}

std::pair<Timestamp, Timestamp> localDay(const TimeZone& zone, Timestamp at) {
    const auto& rules = ZoneAccess::rulesOf(zone);
    date::local_days day = localDateOf(rules, at);
    // Where the clock is turned back across midnight, the repeated hour reads as the previous
    // date while coming after the next day's first midnight; the day is the one whose span holds
    // `at`.
    while (at >= instantOf(rules, day + date::days(1), 0)) day += date::days(1);
    while (at < instantOf(rules, day, 0)) day -= date::days(1);
    return {instantOf(rules, day, 0), instantOf(rules, day + date::days(1), 0)};
}

std::string describe(const SendingWindow& window) {
    return describeDays(window.days) + " " + clockText(window.startMinute) + "-" +
           clockText(window.endMinute) + " " + window.timezone;
}

}  // namespace lodestone::outreach
