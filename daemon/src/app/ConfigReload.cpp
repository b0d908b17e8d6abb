#include "app/ConfigReload.hpp"

#include <Poco/Logger.h>

#include "app/Subsystems.hpp"
#include "config/ConfigChanges.hpp"
#include "config/ConfigError.hpp"
#include "config/ConfigLoader.hpp"
#include "plugins/PluginRegistry.hpp"

namespace lodestone::app {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.reload");
}

// Logs each problem of a refused reload and says what stays.
bool refused(const std::vector<std::string>& problems) {
    for (const auto& problem : problems) log().error(problem);
    log().error("reload refused (%s problem%s): the running configuration stays in force",
                std::to_string(problems.size()), std::string(problems.size() == 1 ? "" : "s"));
    return false;
}

}  // namespace

ConfigReload::ConfigReload(const config::Config& running, std::string runningText,
                           std::function<config::Config(const std::string&)> load,
                           PluginSubsystem& plugins, ProvisioningSubsystem& provisioning)
    : running_(running),
      runningText_(std::move(runningText)),
      load_(std::move(load)),
      plugins_(plugins),
      provisioning_(provisioning) {}

bool ConfigReload::reload() {
    log().information("reloading %s", running_.file.string());
    std::string text;
    config::Config next;
    plugins::PluginRegistry registry;
    try {
        // Read once, so the restart-only comparison is of the very text that was checked.
        text = config::readTextFile(running_.file);
        next = load_(text);
        // The email pool exists or not from the start; its plugin may change, its existence not.
        if (running_.pipeline.mailer.plugin.has_value() !=
            next.pipeline.mailer.plugin.has_value()) {
            return refused({"pipeline.mailer: adding or removing the mailer needs a restart"});
        }
        registry = plugins::loadPlugins(next);
    } catch (const config::ConfigError& e) {
        return refused(e.messages());
    } catch (const std::exception& e) {
        return refused({e.what()});
    }

    for (const auto& key : config::restartOnlyChanges(runningText_, text)) {
        log().warning("%s changed: it takes a restart; the running value stays until then", key);
    }
    Poco::Logger::setLevel("", Poco::Logger::parseLevel(next.logging.level));
    plugins_.replace(std::move(registry));
    try {
        provisioning_.apply(next);
    } catch (const std::exception& e) {
        // The plugins are in force already; provisioning is tried again at the next reload.
        log().error("provisioning the reloaded configuration failed: %s", std::string(e.what()));
    }
    log().information("configuration reloaded from %s", running_.file.string());
    return true;
}

}  // namespace lodestone::app
