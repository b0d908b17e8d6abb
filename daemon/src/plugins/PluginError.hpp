#pragma once

#include <lodestone/plugin_abi.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace lodestone::plugins {

// A plugin call (create, configure, run) ended with a non-OK status, or its result was unusable.
// The jobs engine fails the step with what() and decides on retries from status().
class PluginError : public std::runtime_error {
  public:
    // `message` is the plugin's; what() adds which plugin and what kind of failure.
    PluginError(std::string plugin, lodestone_status status, std::string message);
    // A problem the host found: what() is "plugin "<plugin>" <problem>".
    static PluginError hostDetected(std::string plugin, lodestone_status status,
                                    std::string problem);

    const std::string& plugin() const noexcept { return plugin_; }
    lodestone_status status() const noexcept { return status_; }
    // The plugin's own message (or the host's finding), without the "plugin "x" …" prefix.
    const std::string& message() const noexcept { return message_; }

  private:
    PluginError(std::string plugin, lodestone_status status, std::string message,
                const std::string& what);

    std::string plugin_;
    lodestone_status status_;
    std::string message_;
};

// A library that cannot be used as a plugin: missing, not loadable, wrong ABI, malformed
// descriptor. Each message names the file; the caller adds the YAML key and line.
class LibraryError : public std::runtime_error {
  public:
    explicit LibraryError(std::vector<std::string> messages);
    const std::vector<std::string>& messages() const noexcept { return messages_; }

  private:
    std::vector<std::string> messages_;
};

}  // namespace lodestone::plugins
