#include "Usage.hpp"

namespace lodestone::ctl {
namespace {

void printGlobalOptions(std::ostream& out) {
    out << "global options (before or after the command):\n"
        << "  -c, --config FILE  the lodestoned config whose storage to use (default:\n"
        << "                     $LODESTONE_CONFIG, else " << kDefaultConfig << ")\n"
        << "  --json             print one JSON object on stdout\n"
        << "  -h, --help         print usage (of the command, when one is given) and exit\n"
        << "  --version          print the version, commit and build date and exit\n";
}

}  // namespace

void printUsage(std::ostream& out, const std::vector<Command>& commands) {
    out << "usage: lodestonectl [-c FILE] [--json] <command> [arguments]\n\n"
           "Manages the organisations, projects, campaigns, API keys, webhook deliveries and\n"
           "suppression lists of a Lodestone installation, directly in its database (lodestoned\n"
           "may be running), erases a person, and backs the database up.\n\n"
           "commands:\n";
    for (const auto& command : commands) out << "  " << command.synopsis << '\n';
    out << "\n";
    printGlobalOptions(out);
    out << "\n`lodestonectl <command> --help` describes one command. Exit codes: 0 done, 1 the\n"
           "command failed, 64 the command line was wrong.\n";
}

void printGroupUsage(std::ostream& out, const std::vector<Command>& commands,
                     const std::string& group) {
    out << "usage: lodestonectl [-c FILE] [--json] " << group << " <command> [arguments]\n\n"
        << "commands:\n";
    for (const auto& command : commands) {
        if (command.group == group) out << "  " << command.synopsis << '\n';
    }
    out << "\n`lodestonectl " << group << " <command> --help` describes one command.\n";
}

void printCommandUsage(std::ostream& out, const Command& command) {
    out << "usage: lodestonectl [-c FILE] [--json] " << command.synopsis << "\n\n" << command.help;
    if (!command.help.empty() && !command.help.ends_with('\n')) out << '\n';
    out << '\n';
    printGlobalOptions(out);
}

}  // namespace lodestone::ctl
