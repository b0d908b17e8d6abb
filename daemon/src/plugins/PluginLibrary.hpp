#pragma once

#include <Poco/SharedLibrary.h>
#include <lodestone/plugin_abi.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lodestone::plugins {

// A plugin's config key, copied out of the library.
struct ConfigKeyInfo {
    std::string name;
    lodestone_config_type type{};
    std::optional<std::string> defaultValue;
    bool required = false;
    std::string description;
    // As written in the table (ABI 1.3); nullopt: no bound on that side.
    std::optional<std::string> minimum;
    std::optional<std::string> maximum;
};

// A plugin's metadata, copied out of the library so it can be printed and compared freely.
struct PluginInfo {
    std::filesystem::path file;
    std::uint32_t abiMajor = 0;
    std::uint32_t abiMinor = 0;
    std::string name;
    lodestone_plugin_kind kind{};
    std::string version;
    std::string description;
    std::vector<ConfigKeyInfo> configKeys;

    const ConfigKeyInfo* findKey(const std::string& key) const;
};

// One loaded plugin library whose descriptor passed every check. The library stays loaded for
// as long as this object lives; instances keep it alive through a shared_ptr, so descriptor
// pointers and callbacks never outlive the code they point into.
class PluginLibrary {
  public:
    // Loads `file` (RTLD_LOCAL), calls its entry point with the host API and checks the
    // descriptor. Throws LibraryError listing every problem, each naming the file.
    static std::shared_ptr<const PluginLibrary> open(const std::filesystem::path& file);

    ~PluginLibrary();
    PluginLibrary(const PluginLibrary&) = delete;
    PluginLibrary& operator=(const PluginLibrary&) = delete;

    const PluginInfo& info() const noexcept { return info_; }
    // The callbacks. A copy of the plugin's descriptor, zero past its struct_size, so fields of
    // a newer minor version than the plugin's read as absent.
    const lodestone_plugin_descriptor& descriptor() const noexcept { return descriptor_; }

  private:
    PluginLibrary() = default;

    Poco::SharedLibrary library_;
    lodestone_plugin_descriptor descriptor_{};
    PluginInfo info_;
};

// The smallest descriptor a 1.0 plugin can have: everything up to and including destroy.
inline constexpr std::size_t kMinDescriptorSize =
    offsetof(lodestone_plugin_descriptor, destroy) + sizeof(lodestone_plugin_descriptor::destroy);
// The size of a 1.0 config key, and so of every key of a plugin built before 1.3.
inline constexpr std::size_t kMinConfigKeySize = offsetof(lodestone_config_key, minimum);

}  // namespace lodestone::plugins
