#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace lodestone::config {

// Looks a variable up; the default reads the process environment.
using EnvLookup = std::function<std::optional<std::string>(const std::string& name)>;
EnvLookup processEnvironment();

// Replaces each ${NAME} with the variable's value; "$${" stands for a literal "${".
// Throws std::invalid_argument naming the variable when it is unset or the reference is
// malformed.
std::string expandEnvironment(std::string_view text, const EnvLookup& lookup);

}  // namespace lodestone::config
