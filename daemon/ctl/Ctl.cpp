#include "Ctl.hpp"

#include <algorithm>
#include <cstdlib>

#include "Commands.hpp"
#include "Usage.hpp"
#include "admin/Administration.hpp"
#include "admin/Provisioner.hpp"
#include "admin/StoreSettings.hpp"
#include "buildinfo/BuildInfo.hpp"
#include "config/ConfigLoader.hpp"

namespace lodestone::ctl {
namespace {

// Accepted before the command words and after them; -c as lodestoned takes it.
const std::vector<FlagSpec> kGlobalFlags{
    {"config", true, false, 'c'}, {"json", false}, {"help", false, false, 'h'}};

std::string configPath(const Arguments& args) {
    if (auto path = args.value("config")) return *path;
    if (const char* env = std::getenv("LODESTONE_CONFIG"); env && *env) return env;
    return kDefaultConfig;
}

// "[global options] WORD [WORD] [arguments]": the command words (up to the first complete
// command), the global options before them, and everything after them.
struct CommandLine {
    std::vector<std::string> words;
    const Command* command = nullptr;  // the command the words name, once they name one
    std::vector<std::string> rest;
    bool help = false;
    bool version = false;
};

const Command* commandNamed(const std::vector<Command>& commands,
                            const std::vector<std::string>& words) {
    for (const auto& command : commands) {
        if (command.group != words[0]) continue;
        if (command.verb.empty() ? words.size() == 1
                                 : words.size() == 2 && command.verb == words[1]) {
            return &command;
        }
    }
    return nullptr;
}

CommandLine splitCommandWords(const std::vector<std::string>& argv,
                              const std::vector<Command>& commands) {
    CommandLine line;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string& arg = argv[i];
        if (line.command || line.words.size() == 2) {
            line.rest.push_back(arg);
        } else if (arg == "--config" || arg == "-c") {
            if (i + 1 >= argv.size()) throw UsageError("--config needs a value");
            line.rest.push_back("--config");
            line.rest.push_back(argv[++i]);
        } else if (arg.starts_with("--config=") || arg == "--json") {
            line.rest.push_back(arg);
        } else if (arg == "--help" || arg == "-h") {
            line.help = true;
        } else if (arg == "--version") {
            line.version = true;
        } else if (arg == "help" && line.words.empty()) {  // `help`, `help campaign [create]`
            line.help = true;
        } else if (arg.starts_with("--") || isShortOption(arg)) {
            throw UsageError("option " + arg + " must come after the command");
        } else {
            line.words.push_back(arg);
            line.command = commandNamed(commands, line.words);
        }
    }
    return line;
}

bool isGroup(const std::vector<Command>& commands, const std::string& word) {
    for (const auto& command : commands) {
        if (command.group == word && !command.verb.empty()) return true;
    }
    return false;
}

int runCommand(const Command& command, const std::vector<std::string>& rest, bool help,
               std::ostream& out, std::ostream& err) {
    std::vector<FlagSpec> flags = command.flags;
    flags.insert(flags.end(), kGlobalFlags.begin(), kGlobalFlags.end());
    Arguments args(rest, flags);
    if (help || args.has("help")) {
        printCommandUsage(out, command);
        return kExitOk;
    }
    config::LoadOptions load;
    load.pluginDir = config::defaultPluginDir();  // bare plugin names resolve as for lodestoned
    auto cfg = config::loadConfig(configPath(args), load);
    admin::checkProvision(cfg.provision);  // a file lodestoned refuses is refused here too
    const domain::SystemClock clock;
    Result result;
    // Kept open until the result is printed: an export writes its rows as it prints them.
    std::unique_ptr<storage::Store> store;
    if (command.runOnConfig) {
        result = command.runOnConfig(args, cfg, clock);
    } else {
        store = storage::openStore(admin::storeOptionsFrom(cfg.storage));
        store->migrate(clock);
        result = command.run(args, *store, cfg, clock);
    }
    print(result, args.has("json"), out);
    // On stderr, so --json output stays one JSON object; the command did succeed.
    for (const auto& warning : result.warnings) err << "lodestonectl: warning: " << warning << '\n';
    return kExitOk;
}

// `usageHint` is set to where the usage of what was asked for is, for a UsageError's message.
int execute(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err,
            std::string& usageHint) {
    const auto commands = allCommands();
    if (argv.empty()) {
        printUsage(err, commands);
        return kExitUsage;
    }
    CommandLine line = splitCommandWords(argv, commands);
    if (line.version) {
        out << "lodestonectl " << buildinfo::describe() << '\n';
        return kExitOk;
    }
    if (line.words.empty()) {
        if (!line.help) throw UsageError("missing command");
        printUsage(out, commands);
        return kExitOk;
    }
    if (line.command) {
        usageHint = "lodestonectl " + line.command->name() + " --help";
        return runCommand(*line.command, line.rest, line.help, out, err);
    }
    if (line.words.size() == 1 && isGroup(commands, line.words[0])) {
        // `lodestonectl campaign`: what the group offers, as an answer or as a usage error.
        printGroupUsage(line.help ? out : err, commands, line.words[0]);
        return line.help ? kExitOk : kExitUsage;
    }
    std::string words = line.words[0] + (line.words.size() > 1 ? " " + line.words[1] : "");
    throw UsageError("unknown command \"" + words + "\"");
}

}  // namespace

std::vector<Command> allCommands() {
    std::vector<Command> all;
    for (auto group :
         {organisationCommands(), projectCommands(), campaignCommands(), campaignPreviewCommands(),
          campaignStatsCommands(), importCommands(), listCommands(), exportCommands(),
          apiKeyCommands(), userCommands(), webhookCommands(), endpointCommands(),
          suppressionCommands(), backupCommands(), reloadCommands()}) {
        all.insert(all.end(), group.begin(), group.end());
    }
    // Usage lists each group's commands together (the lists come from a file of their own).
    std::vector<std::string> groups;
    for (const auto& command : all) {
        if (std::find(groups.begin(), groups.end(), command.group) == groups.end()) {
            groups.push_back(command.group);
        }
    }
    auto rank = [&](const Command& command) {
        return std::find(groups.begin(), groups.end(), command.group) - groups.begin();
    };
    std::stable_sort(all.begin(), all.end(),
                     [&](const Command& a, const Command& b) { return rank(a) < rank(b); });
    return all;
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::string usageHint = "lodestonectl --help";
    try {
        return execute(args, out, err, usageHint);
    } catch (const UsageError& e) {
        err << "lodestonectl: " << e.what() << "\n(run `" << usageHint << "` for usage)\n";
        return kExitUsage;
    } catch (const std::exception& e) {
        err << "lodestonectl: " << e.what() << '\n';
        return kExitFailed;
    }
}

}  // namespace lodestone::ctl
