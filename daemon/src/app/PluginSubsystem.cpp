#include <Poco/Logger.h>

#include "app/Subsystems.hpp"

namespace lodestone::app {

void PluginSubsystem::initialize(Poco::Util::Application&) {
    replace(plugins::loadPlugins(config_));
}

void PluginSubsystem::replace(plugins::PluginRegistry registry) {
    // The registry carries the vocabulary its plugins were configured with; the ICP scorer reads
    // it from the registry in force (PluginChoice::vocabulary), so a reload changes both at once.
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
