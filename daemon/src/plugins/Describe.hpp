#pragma once

#include <string>

#include "plugins/PluginLibrary.hpp"

namespace lodestone::plugins {

// A plugin's metadata and config key table as text, for `lodestoned --list-plugins`:
//
//   echo 1.0.0 (research plugin, ABI 1.0)
//     /usr/lib/lodestone/plugins/research-echo.so
//     Returns its input and its config.
//     config keys:
//       greeting  string   required     How to say hello.
//       repeat    integer  default: 1   How many times.
std::string describe(const PluginInfo& info);

}  // namespace lodestone::plugins
