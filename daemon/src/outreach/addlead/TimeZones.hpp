#pragma once

#include <filesystem>
#include <string>

namespace lodestone::outreach {

// Which IANA time zone names exist: those with a TZif file under `root`, the system's tz
// database (Debian's tzdata) by default, so the list follows the distribution's updates instead
// of a copy compiled in. Names are case-sensitive, as the database's are.
class TimeZones {
  public:
    explicit TimeZones(std::filesystem::path root = "/usr/share/zoneinfo");

    // Refuses anything not shaped like a tz name before touching the file system: segments of
    // letters, digits, '_', '-', '+' that start with a letter, joined by '/' (so no "..", no
    // leading '/'), and not the database's non-zone entries ("posix/", "right/", "localtime",
    // "posixrules", "Factory"). Then the file must exist and start with "TZif".
    bool exists(const std::string& name) const;

  private:
    std::filesystem::path root_;
};

}  // namespace lodestone::outreach
