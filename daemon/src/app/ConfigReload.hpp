#pragma once

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
    // `load` checks a text of the file as start-up does; `runningText` is the file's text as
    // start-up read it.
    ConfigReload(const config::Config& running, std::string runningText,
                 std::function<config::Config(const std::string& text)> load,
                 PluginSubsystem& plugins, ProvisioningSubsystem& provisioning);

    // False when the new configuration was refused.
    bool reload();

  private:
    const config::Config& running_;
    std::string runningText_;
    std::function<config::Config(const std::string&)> load_;
    PluginSubsystem& plugins_;
    ProvisioningSubsystem& provisioning_;
};

}  // namespace lodestone::app
