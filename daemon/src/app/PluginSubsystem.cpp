#include <Poco/Logger.h>

#include "app/Subsystems.hpp"

namespace lodestone::app {

void PluginSubsystem::initialize(Poco::Util::Application&) {
    registry_ = plugins::loadPlugins(config_);
    auto& log = Poco::Logger::get("lodestone.plugins");
    for (const auto& instance : registry_) {
        log.information("plugin %s loaded", instance->name());
    }
}

void PluginSubsystem::uninitialize() {
    registry_ = plugins::PluginRegistry();
}

}  // namespace lodestone::app
