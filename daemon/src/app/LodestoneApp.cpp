#include "app/LodestoneApp.hpp"

#include <Poco/Logger.h>
#include <Poco/Util/HelpFormatter.h>
#include <Poco/Util/Option.h>
#include <Poco/Util/OptionException.h>
#include <Poco/Util/OptionSet.h>
#include <pthread.h>

#include <csignal>
#include <cstdlib>
#include <iostream>

#include "admin/Provisioner.hpp"
#include "app/ConfigReload.hpp"
#include "app/Logging.hpp"
#include "app/ServiceNotifier.hpp"
#include "app/Subsystems.hpp"
#include "buildinfo/BuildInfo.hpp"
#include "config/ConfigLoader.hpp"
#include "plugins/Describe.hpp"
#include "plugins/PluginRegistry.hpp"
#include "storage/JobBacklog.hpp"

namespace lodestone::app {
namespace {
constexpr const char* kDefaultConfig = "/etc/lodestone/lodestone.yaml";
}  // namespace

LodestoneApp::LodestoneApp() {
    setUnixOptions(true);
    if (const char* env = std::getenv("LODESTONE_CONFIG"); env && *env) {
        configPath_ = env;
    } else {
        configPath_ = kDefaultConfig;
    }
}

int LodestoneApp::start(int argc, char** argv) {
    // Poco collects stray arguments silently and reports unknown options as a config error;
    // both are usage errors, found before the config is read or a subsystem started. Only
    // --config (-c) takes a separate value.
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "--config" || arg == "-c") {
            ++i;
        } else if (!arg.starts_with("-")) {
            std::cerr << "lodestoned: unexpected argument \"" << arg << "\" (see --help)\n";
            return EXIT_USAGE;
        }
    }
    try {
        init(argc, argv);
    } catch (const Poco::Util::OptionException& e) {
        std::cerr << "lodestoned: " << e.displayText() << " (see --help)\n";
        return EXIT_USAGE;
    }
    if (mode_ == Mode::Serve) holdTerminationSignals();
    const int code = run();
    if (work_ && work_->leftCallsRunning()) {
        // Everything is stopped and the database closed, but a plugin call still runs: unloading
        // its library, or the static teardown of exit(), would pull state from under it. Leave
        // at once instead; the log channels flush each message, the streams are flushed here.
        std::cout.flush();
        std::cerr.flush();
        std::clog.flush();
        std::_Exit(code);
    }
    return code;
}

void LodestoneApp::holdTerminationSignals() {
    // Blocked before any thread exists, so every thread inherits the mask: a SIGTERM that
    // arrives while subsystems start waits for serve() (which sigwaits on these) instead of
    // killing the process half-started, and a SIGHUP (logrotate sends them) waits to reload
    // instead of ending the process.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGQUIT);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
}

void LodestoneApp::defineOptions(Poco::Util::OptionSet& options) {
    // Application's, not ServerApplication's: --daemon, --pidfile and --umask are left out, since
    // lodestoned always runs in the foreground under a supervisor.
    Application::defineOptions(options);
    using Poco::Util::Option;
    options.addOption(Option("config", "c",
                             "configuration file (default: $LODESTONE_CONFIG, "
                             "else /etc/lodestone/lodestone.yaml)")
                          .required(false)
                          .repeatable(false)
                          .argument("FILE"));
    options.addOption(Option("check-config", "t",
                             "load and validate the configuration and the plugins it names, "
                             "print `config OK` or the errors, exit 0 or 1")
                          .required(false)
                          .repeatable(false));
    options.addOption(Option("list-plugins", "",
                             "describe the plugins the configuration names "
                             "and the config keys each accepts")
                          .required(false)
                          .repeatable(false));
    options.addOption(Option("version", "v", "print the version and exit").required(false));
    options.addOption(Option("help", "h", "print this help and exit").required(false));
}

void LodestoneApp::handleOption(const std::string& name, const std::string& value) {
    Application::handleOption(name, value);
    if (name == "config") configPath_ = value;
    if (name == "check-config") mode_ = Mode::CheckConfig;
    if (name == "list-plugins") mode_ = Mode::ListPlugins;
    if (name == "version") mode_ = Mode::Version;
    if (name == "help") {
        mode_ = Mode::Help;
        stopOptionsProcessing();
    }
}

config::Config LodestoneApp::loadConfig(
    std::function<std::vector<std::string>(const config::Config&)> checkPlugins) const {
    return parseConfig(config::readTextFile(configPath_), std::move(checkPlugins));
}

config::Config LodestoneApp::parseConfig(
    const std::string& text,
    std::function<std::vector<std::string>(const config::Config&)> checkPlugins) const {
    config::LoadOptions options;
    options.pluginDir = config::defaultPluginDir();
    options.checkPlugins = std::move(checkPlugins);
    auto config = config::parseConfig(text, configPath_, options);
    admin::checkProvision(config.provision);
    return config;
}

void LodestoneApp::initialize(Poco::Util::Application& self) {
    // Poco would log an exception thrown here through its own logger and exit 78 whatever the
    // cause; keep it for main() to report in our words and with the right exit code.
    try {
        if (mode_ == Mode::Serve) {
            // Read once: a reload compares the file's next text with exactly this one.
            configText_ = config::readTextFile(configPath_);
            config_ = parseConfig(configText_);
            configureLogging(config_->logging, clock_);
            auto* storage = new StorageSubsystem(*config_, *clock_);
            auto* plugins = new PluginSubsystem(*config_);
            auto* work = new WorkSubsystem(*config_, *clock_, *storage, *plugins, metrics_);
            auto* provisioning = new ProvisioningSubsystem(*config_, *clock_, *storage);
            work_ = work;
            storage_ = storage;
            plugins_ = plugins;
            provisioning_ = provisioning;
            auto* http = new HttpSubsystem(*config_, *clock_, *storage, *plugins, *work, metrics_);
            http_ = http;
            addSubsystem(storage);
            addSubsystem(provisioning);
            addSubsystem(plugins);
            addSubsystem(work);
            addSubsystem(http);
            // Poco uninitialises only after a complete start; after a failed one, whatever did
            // start must still stop in reverse order (work before the storage it uses).
            stopAfterFailedStart_ = [=] {
                http->uninitialize();
                work->uninitialize();
                plugins->uninitialize();
                storage->uninitialize();
            };
            http->bind();
        }
        ServerApplication::initialize(self);
        setLogger(Poco::Logger::get("lodestoned"));  // Poco's initialize() picks "Application"
    } catch (...) {
        startupError_ = std::current_exception();
        if (stopAfterFailedStart_) stopAfterFailedStart_();
    }
}

int LodestoneApp::reportStartupError() {
    try {
        std::rethrow_exception(startupError_);
    } catch (const config::ConfigError& e) {
        std::cerr << "lodestoned: the configuration is invalid:\n" << e.what() << '\n';
        return kExitBadConfig;
    } catch (const Poco::Exception& e) {
        std::cerr << "lodestoned: cannot start: " << e.displayText() << '\n';
    } catch (const std::exception& e) {
        std::cerr << "lodestoned: cannot start: " << e.what() << '\n';
    }
    return EXIT_SOFTWARE;
}

int LodestoneApp::main(const std::vector<std::string>&) {
    if (startupError_) return reportStartupError();
    switch (mode_) {
        case Mode::Help:
            printHelp();
            return EXIT_OK;
        case Mode::Version:
            std::cout << "lodestoned " << buildinfo::describe() << "\nplugin ABI "
                      << LODESTONE_ABI_MAJOR << "." << LODESTONE_ABI_MINOR << '\n';
            return EXIT_OK;
        case Mode::CheckConfig:
            return checkConfig();
        case Mode::ListPlugins:
            return listPlugins();
        case Mode::Serve:
            break;
    }
    logger().information("lodestoned %s started with %s", std::string(LODESTONE_VERSION),
                         configPath_);
    serve();
    return EXIT_OK;
}

void LodestoneApp::serve() {
    ServiceNotifier notifier({[this](std::chrono::milliseconds within) {
                                  const auto stall = work_->engineStall();
                                  // An idle loop turns every jobs.poll_interval at least.
                                  return !stall ||
                                         *stall <= std::max<std::chrono::milliseconds>(
                                                       within, 3 * config_->jobs.pollInterval);
                              },
                              [this] { return statusLine(); }});
    ConfigReload reload(
        *config_, configText_, [this](const std::string& text) { return parseConfig(text); },
        *plugins_, *provisioning_);
    notifier.ready();
    sigset_t signals;
    sigemptyset(&signals);
    for (int signal : {SIGINT, SIGQUIT, SIGTERM, SIGHUP}) sigaddset(&signals, signal);
    int received = 0;
    while (sigwait(&signals, &received) == 0 && received == SIGHUP) {
        notifier.reloading();
        reload.reload();
        notifier.reloaded();
    }
    logger().information("stopping (signal %d)", received);
    http_->stopping();
    notifier.stopping();
}

std::string LodestoneApp::statusLine() const {
    try {
        const auto depth = storage_->store().read([](storage::Repositories& repositories) {
            return repositories.jobBacklog().queueDepth();
        });
        return "jobs: " + std::to_string(depth.waiting) + " waiting, " +
               std::to_string(depth.running) + " running";
    } catch (const std::exception& e) {
        return std::string("storage does not answer: ") + e.what();
    }
}

int LodestoneApp::checkConfig() {
    try {
        // The plugins are checked while the file is, so one run reports every problem.
        auto config = loadConfig([](const config::Config& config) {
            try {
                plugins::loadPlugins(config);
            } catch (const config::ConfigError& e) {
                return e.messages();
            }
            return std::vector<std::string>();
        });
        for (const auto& warning : admin::provisionWarnings(config)) {
            std::cerr << "warning: " << warning << '\n';
        }
        std::cout << "config OK: " << configPath_ << '\n';
        return EXIT_OK;
    } catch (const config::ConfigError& e) {
        for (const auto& message : e.messages()) std::cerr << message << '\n';
        std::cerr << "config check failed: " << e.messages().size() << " problem"
                  << (e.messages().size() == 1 ? "" : "s") << " in " << configPath_ << '\n';
        return 1;
    }
}

int LodestoneApp::listPlugins() {
    auto config = loadConfig();
    auto registry = plugins::loadPlugins(config);
    if (registry.empty()) std::cout << "no plugins are configured in " << configPath_ << '\n';
    for (const auto& instance : registry) {
        std::cout << instance->name() << ": " << plugins::describe(instance->info()) << '\n';
    }
    return EXIT_OK;
}

void LodestoneApp::printHelp() {
    Poco::Util::HelpFormatter help(options());
    help.setCommand("lodestoned");
    help.setUsage("[--config FILE] [--check-config | --list-plugins | --version | --help]");
    help.setHeader(
        "Lodestone lead-outreach and lead-magnet service. Runs in the foreground until SIGTERM "
        "or SIGINT.");
    help.setUnixStyle(true);
    help.format(std::cout);
}

}  // namespace lodestone::app
