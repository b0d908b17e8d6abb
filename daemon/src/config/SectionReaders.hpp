#pragma once

#include <filesystem>

#include "config/Config.hpp"

// One reader per top-level section of the configuration file. Each records its problems in the
// node's diagnostics and returns the section with defaults where a value was wrong.
namespace lodestone::config {

ServerConfig readServer(const ConfigNode& node);
StorageConfig readStorage(const ConfigNode& node, const std::filesystem::path& baseDir);
std::vector<PluginConfig> readPlugins(const ConfigNode& node, const std::filesystem::path& baseDir,
                                      const std::filesystem::path& pluginDir);
PipelineConfig readPipeline(const ConfigNode& node, const std::filesystem::path& baseDir);
WebhooksConfig readWebhooks(const ConfigNode& node);
LimitsConfig readLimits(const ConfigNode& node);
ImportsConfig readImports(const ConfigNode& node);
JobsConfig readJobs(const ConfigNode& node);
MailboxConfig readMailbox(const ConfigNode& node, const std::filesystem::path& baseDir);
LoggingConfig readLogging(const ConfigNode& node, const std::filesystem::path& baseDir);

// A pipeline step or `webhooks` without a `plugin` uses the bundled default (research-basic,
// content-template, webhook-http), added under `plugins` by that name unless the file declares
// one already. Not when jobs.run is false: that process runs no steps and delivers nothing.
void addDefaultPlugins(Config& config, const ConfigNode& root,
                       const std::filesystem::path& pluginDir);

// Every plugin named in pipeline/webhooks must be declared under `plugins`.
void checkPluginReferences(const Config& config, const ConfigNode& root);

// "research-basic" -> <pluginDir>/research-basic.so; "lib/x.so" -> <baseDir>/lib/x.so;
// absolute paths stay as they are.
std::filesystem::path resolvePluginLibrary(const std::string& library,
                                           const std::filesystem::path& baseDir,
                                           const std::filesystem::path& pluginDir);

// Resolves a path written in the file against the file's folder.
std::filesystem::path resolvePath(const std::string& path, const std::filesystem::path& baseDir);

// A URL by the one URL rule (domain/Urls.hpp), without a trailing slash; records an error
// naming the rule, the URL (control characters shown as escapes) and what is wrong with it, and
// returns nullopt, if not.
std::optional<std::string> readHttpUrl(const ConfigNode& node);
// An http(s) origin (no path, query or fragment), without a trailing slash.
std::optional<std::string> readHttpOrigin(const ConfigNode& node);

}  // namespace lodestone::config
