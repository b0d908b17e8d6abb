#pragma once

#include <Poco/Util/ServerApplication.h>

#include <exception>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "config/Config.hpp"
#include "config/ConfigLoader.hpp"
#include "domain/Clock.hpp"
#include "metrics/Series.hpp"

namespace lodestone::app {

class WorkSubsystem;
class StorageSubsystem;
class PluginSubsystem;
class ProvisioningSubsystem;
class HttpSubsystem;

// lodestoned: loads the config, then runs the subsystems in the foreground until SIGTERM or
// SIGINT (systemd runs it as is, Type=notify); SIGHUP reloads the config (ConfigReload.hpp).
// --check-config, --list-plugins, --version and --help do their one thing and exit.
class LodestoneApp final : public Poco::Util::ServerApplication {
  public:
    LodestoneApp();

    // Parses the command line and runs. A usage error (an unknown option, a stray argument)
    // exits 64 (EX_USAGE) before anything starts.
    int start(int argc, char** argv);

    // Exit codes beyond Poco's: a config that does not load (EX_CONFIG, as sysexits.h).
    static constexpr int kExitBadConfig = 78;

  protected:
    void defineOptions(Poco::Util::OptionSet& options) override;
    void handleOption(const std::string& name, const std::string& value) override;
    void initialize(Poco::Util::Application& self) override;
    int main(const std::vector<std::string>& args) override;

  private:
    enum class Mode { Serve, CheckConfig, ListPlugins, Version, Help };

    // The config file, with what config reads but cannot judge checked too: start-up,
    // --check-config and --list-plugins refuse the same files.
    config::Config loadConfig(
        std::function<std::vector<std::string>(const config::Config&)> checkPlugins = {}) const;
    // The same, from the file's text already read.
    config::Config parseConfig(
        const std::string& text,
        std::function<std::vector<std::string>(const config::Config&)> checkPlugins = {}) const;
    static void holdTerminationSignals();
    // Until SIGTERM, SIGINT or SIGQUIT, reloading at each SIGHUP, telling systemd as it goes.
    void serve();
    std::string statusLine() const;
    int reportStartupError();
    int checkConfig();
    int listPlugins();
    void printHelp();

    Mode mode_ = Mode::Serve;
    std::string configPath_;
    std::optional<config::Config> config_;
    std::string configText_;    // as start-up read it: a reload names what changed since
    metrics::Metrics metrics_;  // what /metrics shows; counted by the subsystems it is handed to
    // The time of every subsystem; shared with the log channel, which outlives the application.
    std::shared_ptr<const domain::Clock> clock_ = std::make_shared<domain::SystemClock>();
    std::exception_ptr startupError_;
    std::function<void()> stopAfterFailedStart_;
    // Owned by the Application, as every subsystem.
    const WorkSubsystem* work_ = nullptr;
    StorageSubsystem* storage_ = nullptr;
    PluginSubsystem* plugins_ = nullptr;
    ProvisioningSubsystem* provisioning_ = nullptr;
    HttpSubsystem* http_ = nullptr;
};

}  // namespace lodestone::app
