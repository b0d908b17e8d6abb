#include "Ctl.hpp"

#include <algorithm>
#include <cstdlib>

#include "Commands.hpp"
#include "admin/Administration.hpp"
#include "admin/Provisioner.hpp"
#include "admin/StoreSettings.hpp"
#include "config/ConfigLoader.hpp"

namespace lodestone::ctl {
namespace {

constexpr const char* kDefaultConfig = "/etc/lodestone/lodestone.yaml";

const std::vector<FlagSpec> kGlobalFlags{{"config"}, {"json", false}, {"help", false}};

std::vector<Command> allCommands() {
    std::vector<Command> all;
    for (auto group : {organisationCommands(), projectCommands(), campaignCommands(),
                       apiKeyCommands(), webhookCommands()}) {
        all.insert(all.end(), group.begin(), group.end());
    }
    return all;
}

void printUsage(std::ostream& out) {
    out << "usage: lodestonectl [--config FILE] [--json] <command>\n\n"
           "Manages the organisations, projects, campaigns, API keys and webhook deliveries of\n"
           "a Lodestone installation, directly in its database (lodestoned may be running).\n\n"
           "commands:\n";
    for (const auto& command : allCommands()) out << "  " << command.synopsis << '\n';
    out << "\n--config FILE  the lodestoned config (default: $LODESTONE_CONFIG, else "
        << kDefaultConfig << ")\n"
        << "--json         print one JSON object on stdout\n";
}

std::string configPath(const Arguments& args) {
    if (auto path = args.value("config")) return *path;
    if (const char* env = std::getenv("LODESTONE_CONFIG"); env && *env) return env;
    return kDefaultConfig;
}

// Splits "[global flags] GROUP VERB [arguments]" into the command words and the rest; global
// flags may also follow the command words.
struct CommandLine {
    std::vector<std::string> words;
    std::vector<std::string> rest;
};

CommandLine splitCommandWords(const std::vector<std::string>& argv) {
    CommandLine line;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string& arg = argv[i];
        if (line.words.size() == 2) {
            line.rest.push_back(arg);
        } else if (arg == "--config" && i + 1 < argv.size()) {
            line.rest.push_back(arg);
            line.rest.push_back(argv[++i]);
        } else if (arg.starts_with("--config=") || arg == "--json" || arg == "--help") {
            line.rest.push_back(arg);
        } else if (arg.starts_with("--")) {
            throw UsageError("option " + arg + " must come after the command");
        } else {
            line.words.push_back(arg);
        }
    }
    return line;
}

int execute(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err) {
    CommandLine line = splitCommandWords(argv);
    bool help = std::find(line.rest.begin(), line.rest.end(), "--help") != line.rest.end();
    if (help || line.words.empty() || line.words[0] == "help") {
        printUsage(out);
        return 0;
    }
    if (line.words.size() < 2) {
        throw UsageError("missing command after \"" + line.words[0] + "\"");
    }
    for (const auto& command : allCommands()) {
        if (command.group != line.words[0] || command.verb != line.words[1]) continue;
        std::vector<FlagSpec> flags = command.flags;
        flags.insert(flags.end(), kGlobalFlags.begin(), kGlobalFlags.end());
        Arguments args(line.rest, flags);
        auto cfg = config::loadConfig(configPath(args), config::LoadOptions{});
        admin::checkProvision(cfg.provision);  // a file lodestoned refuses is refused here too
        auto store = storage::openStore(admin::storeOptionsFrom(cfg.storage));
        store->migrate();
        const Result result = command.run(args, *store, cfg);
        print(result, args.has("json"), out);
        // On stderr, so --json output stays one JSON object; the command did succeed.
        for (const auto& warning : result.warnings)
            err << "lodestonectl: warning: " << warning << '\n';
        return 0;
    }
    throw UsageError("unknown command \"" + line.words[0] + " " + line.words[1] + "\"");
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    try {
        return execute(args, out, err);
    } catch (const UsageError& e) {
        err << "lodestonectl: " << e.what() << "\n(run `lodestonectl --help` for usage)\n";
        return 2;
    } catch (const std::exception& e) {
        err << "lodestonectl: " << e.what() << '\n';
        return 1;
    }
}

}  // namespace lodestone::ctl
