#include <Poco/Logger.h>

#include "app/Subsystems.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::app {

void PluginSubsystem::initialize(Poco::Util::Application&) {
    replace(plugins::loadPlugins(config_));
}

void PluginSubsystem::replace(plugins::PluginRegistry registry) {
    // The daemon's own readers of the vocabulary (the ICP scorer) take the one the plugins were
    // configured with, so that a reload changes both at once.
    vocabulary::putInForce(registry.vocabulary());
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
