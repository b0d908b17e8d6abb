#include "domain/Durations.hpp"

#include <array>
#include <charconv>
#include <limits>
#include <utility>

namespace lodestone::domain {
namespace {

// Longest unit first so formatDuration picks the largest exact one; "ms" is matched before "m".
constexpr std::array<std::pair<std::string_view, std::int64_t>, 5> kUnits{{
    {"d", 86'400'000},
    {"h", 3'600'000},
    {"m", 60'000},
    {"s", 1'000},
    {"ms", 1},
}};

}  // namespace

std::optional<Duration> parseDuration(std::string_view text) {
    std::size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
    if (digits == 0 || digits == text.size()) return std::nullopt;
    std::string_view unit = text.substr(digits);
    std::int64_t amount = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + digits, amount);
    if (ec != std::errc() || end != text.data() + digits) return std::nullopt;
    for (const auto& [name, millis] : kUnits) {
        if (unit != name) continue;
        if (amount > std::numeric_limits<std::int64_t>::max() / millis) return std::nullopt;
        return Duration(amount * millis);
    }
    return std::nullopt;
}

std::string formatDuration(Duration duration) {
    std::int64_t millis = duration.count();
    if (millis == 0) return "0s";
    for (const auto& [name, unitMillis] : kUnits) {
        if (millis % unitMillis == 0)
            return std::to_string(millis / unitMillis) + std::string(name);
    }
    return std::to_string(millis) + "ms";
}

}  // namespace lodestone::domain
