#include <Poco/Logger.h>

#include "app/Subsystems.hpp"

namespace lodestone::app {

void PluginSubsystem::initialize(Poco::Util::Application&) {
    live_.replace(plugins::loadPlugins(config_));
    logLoaded();
}

void PluginSubsystem::replace(plugins::PluginRegistry registry) {
    live_.replace(std::move(registry));
    logLoaded();
}

void PluginSubsystem::logLoaded() const {
    auto& log = Poco::Logger::get("lodestone.plugins");
    for (const auto& instance : *live_.current()) {
        log.information("plugin %s loaded", instance->name());
    }
}

void PluginSubsystem::uninitialize() {
    live_.replace(plugins::PluginRegistry());
}

}  // namespace lodestone::app
