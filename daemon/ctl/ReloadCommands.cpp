#include <signal.h>

#include <cerrno>
#include <cstring>

#include "Commands.hpp"
#include "RunningDaemons.hpp"
#include "plugins/PluginRegistry.hpp"

namespace lodestone::ctl {
namespace {

Result reload(const Arguments& args, const config::Config& config, const domain::Clock&) {
    args.expectPositionals(0, "");
    // Checked here first, as lodestoned will check it: a broken file is reported to the operator
    // at the prompt, not only in a log, and no daemon is disturbed.
    plugins::loadPlugins(config);
    std::vector<pid_t> daemons;
    if (auto pid = args.value("pid")) {
        if (pid->empty() || pid->size() > 9 ||
            pid->find_first_not_of("0123456789") != std::string::npos || *pid == "0") {
            throw UsageError("--pid: expected a process id, got \"" + *pid + "\"");
        }
        daemons.push_back(static_cast<pid_t>(std::stol(*pid)));
    } else if (config.storage.driver == "sqlite") {
        daemons = daemonsUsing(config.storage.path);
    } else {
        daemons = daemonsStartedWith(config.file);
    }
    if (daemons.empty()) {
        const std::string which = config.storage.driver == "sqlite"
                                      ? "has " + config.storage.path.string() + " open"
                                      : "on this host was started with " + config.file.string();
        throw std::runtime_error(
            "the configuration is valid, but no running lodestoned " + which +
            " (run this as root or as the user lodestoned runs as, or name it with --pid; "
            "under systemd, `systemctl reload lodestone` does the same)");
    }
    Result result;
    auto pids = new Poco::JSON::Array();
    std::string list;
    for (pid_t pid : daemons) {
        if (::kill(pid, SIGHUP) != 0) {
            throw std::runtime_error("cannot signal process " + std::to_string(pid) + ": " +
                                     std::strerror(errno));
        }
        pids->add(static_cast<int>(pid));
        list += (list.empty() ? "" : ", ") + std::to_string(pid);
    }
    result.json->set("config", config.file.string());
    result.json->set("signalled", Poco::JSON::Array::Ptr(pids));
    result.headline = "The configuration is valid; asked lodestoned (pid " + list +
                      ") to reload it. It logs `configuration reloaded` (logger lodestone.reload), "
                      "naming any setting that waits for a restart.";
    return result;
}

}  // namespace

std::vector<Command> reloadCommands() {
    return {
        {"reload",
         "",
         "reload [--pid PID]",
         "Checks the configuration file and the plugins it names as lodestoned would, then\n"
         "sends SIGHUP to each running lodestoned that has the config's database open, which\n"
         "re-reads the file: plugins, logging.level and provision change at once (work already\n"
         "running finishes on the old plugins); settings that need a restart are logged. A file\n"
         "with errors is reported here and no daemon is signalled.\n\n"
         "  --pid PID            signal this process instead of looking for it\n",
         {{"pid", true}},
         nullptr,
         reload},
    };
}

}  // namespace lodestone::ctl
