#pragma once

#include <Poco/Dynamic/Var.h>

#include <string>

#include "config/ConfigError.hpp"
#include "config/ConfigNode.hpp"

namespace lodestone::config {

// Converts a YAML subtree to JSON values: plain scalars become booleans, null, integers or
// numbers when they read as such, quoted scalars stay strings; ${NAME} is expanded in every
// scalar. Problems are recorded in the node's diagnostics.
Poco::Dynamic::Var yamlToJson(const ConfigNode& node);

// The same, serialised.
std::string yamlToJsonText(const ConfigNode& node);

// The line of every key and element under `node`, by path relative to it.
KeyLines keyLinesOf(const ConfigNode& node);

}  // namespace lodestone::config
