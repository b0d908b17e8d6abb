#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace lodestone::domain {

// An enum's names as stored and shown: one table per enum serves both directions.
template <typename Enum, std::size_t N>
using EnumNames = std::array<std::pair<Enum, std::string_view>, N>;

template <typename Enum, std::size_t N>
std::string_view nameOf(const EnumNames<Enum, N>& names, Enum value) {
    for (const auto& [candidate, name] : names) {
        if (candidate == value) return name;
    }
    return "";
}

template <typename Enum, std::size_t N>
std::optional<Enum> valueOf(const EnumNames<Enum, N>& names, std::string_view text) {
    for (const auto& [value, name] : names) {
        if (name == text) return value;
    }
    return std::nullopt;
}

}  // namespace lodestone::domain
