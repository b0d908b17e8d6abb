#pragma once

#include <lodestone/plugin_abi.h>

#include <cstring>
#include <optional>
#include <string>
#include <type_traits>

// Readable names for the C ABI's enums, for messages and `--list-plugins`.
namespace lodestone::plugins {

// The integer in an ABI enum field, read without assuming it is a declared value: a plugin
// built elsewhere may put anything there, and loading an out-of-range value through the C++
// enum type is undefined behaviour.
template <typename Enum>
int rawEnum(const Enum& field) noexcept {
    static_assert(std::is_enum_v<Enum>);
    std::underlying_type_t<Enum> value;
    std::memcpy(&value, &field, sizeof value);
    return static_cast<int>(value);
}

// "research", "content", …; nullopt for a value the ABI does not define.
std::optional<std::string> kindName(int kind);
// "string", "duration", …; nullopt for a value the ABI does not define.
std::optional<std::string> configTypeName(int type);
// "ok", "invalid config", "invalid input", "failed", "cancelled"; nullopt for unknown values.
std::optional<std::string> statusName(int status);

}  // namespace lodestone::plugins
