#include "outreach/addlead/TimeZones.hpp"

#include <array>
#include <fstream>
#include <string_view>
#include <system_error>

namespace lodestone::outreach {
namespace {

// Longer than any real name ("America/Argentina/ComodRivadavia" is 32), short enough that a
// hostile value never reaches the file system.
constexpr std::size_t kMaxZoneName = 64;

bool isAsciiLetter(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

bool validSegment(std::string_view segment) {
    if (segment.empty() || !isAsciiLetter(segment.front())) return false;
    for (char c : segment) {
        bool ok = isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '+';
        if (!ok) return false;
    }
    return true;
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

bool isTzif(const std::filesystem::path& file) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(file, error)) return false;
    std::ifstream in(file, std::ios::binary);
    std::array<char, 4> magic{};
    in.read(magic.data(), magic.size());
    return in.gcount() == 4 && std::string_view(magic.data(), magic.size()) == "TZif";
}

}  // namespace

TimeZones::TimeZones(std::filesystem::path root) : root_(std::move(root)) {}

bool TimeZones::exists(const std::string& name) const {
    return hasZoneShape(name) && isTzif(root_ / name);
}

}  // namespace lodestone::outreach
