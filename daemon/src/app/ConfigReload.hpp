#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include "config/Config.hpp"

namespace lodestone::app {

class PluginSubsystem;
class ProvisioningSubsystem;

// A reload (SIGHUP, `lodestonectl reload`): the config file read and checked again as at start,
// then what may change without a restart put in force (config/ConfigChanges.hpp): the plugins
// (work already running finishes on the instances it started with), logging.level and
// provision. A config that does not load, or plugins that do not, are refused with every error
// logged, and the running configuration stays. Settings that need a restart are named in the
// log when they changed, and keep their running values.
class ConfigReload {
  public:
    // `load` reads and checks the file as start-up does; `runningText` is the file's text as
    // start-up read it.
    ConfigReload(const config::Config& running, std::string runningText,
                 std::function<config::Config()> load, PluginSubsystem& plugins,
                 ProvisioningSubsystem& provisioning);

    // False when the new configuration was refused.
    bool reload();

  private:
    const config::Config& running_;
    std::string runningText_;
    std::function<config::Config()> load_;
    PluginSubsystem& plugins_;
    ProvisioningSubsystem& provisioning_;
};

// The text of a config file; throws std::runtime_error naming the file when it cannot be read.
std::string readConfigText(const std::filesystem::path& file);

}  // namespace lodestone::app
