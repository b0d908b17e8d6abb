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

// A file holding one mapping (YAML or JSON: ICP criteria, project settings), as JSON text.
// `what` names it in errors ("expected a mapping of ICP criteria").
std::string loadMappingFile(const std::filesystem::path& file, const std::string& what);

// The same with the line of every key, for a check made later (an email sequence) to name it.
struct MappingDocument {
    std::string json;
    KeyLines lines;
};
MappingDocument loadMappingDocument(const std::filesystem::path& file, const std::string& what);
// The same from text an operator typed (the dashboard's forms), named `displayName` in errors,
// with no ${NAME} expansion.
MappingDocument parseMappingText(const std::string& text, const std::string& displayName,
                                 const std::string& what);

}  // namespace lodestone::config
