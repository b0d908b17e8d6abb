#pragma once

#include <filesystem>

#include "config/Config.hpp"

namespace lodestone::config {

ProvisionConfig readProvision(const ConfigNode& node, const std::filesystem::path& baseDir);

// A project schema: a mapping `fields: [{name, type, required, label, description}]`.
std::optional<domain::ProjectSchema> readProjectSchema(const ConfigNode& node);

// A schema file (YAML or JSON), as `lodestonectl project create --schema FILE` takes it.
// Throws ConfigError naming the file, line and key of each problem.
domain::ProjectSchema loadProjectSchemaFile(const std::filesystem::path& file);

// An ICP criteria file (YAML or JSON mapping), returned as JSON text.
std::string loadIcpFile(const std::filesystem::path& file);

}  // namespace lodestone::config
