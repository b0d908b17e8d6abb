#include "RunningDaemons.hpp"

#include <fstream>
#include <string>
#include <system_error>

namespace lodestone::ctl {
namespace {

bool isLodestoned(const std::filesystem::path& process) {
    std::string name;
    std::getline(std::ifstream(process / "comm"), name);
    return name == "lodestoned";
}

bool holdsOpen(const std::filesystem::path& process, const std::filesystem::path& file) {
    std::error_code error;
    for (std::filesystem::directory_iterator fd(process / "fd", error), end; !error && fd != end;
         fd.increment(error)) {
        std::error_code unreadable;
        const auto target = std::filesystem::read_symlink(fd->path(), unreadable);
        if (!unreadable && target == file) return true;
    }
    return false;
}

// NUL-separated strings, as /proc's cmdline and environ are.
std::vector<std::string> nulSeparated(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::vector<std::string> parts;
    for (std::string part; std::getline(in, part, '\0');) parts.push_back(part);
    return parts;
}

// The config file a lodestoned process was started with, as it gave it (maybe relative).
std::string configOf(const std::filesystem::path& process) {
    const auto args = nulSeparated(process / "cmdline");
    for (std::size_t i = 1; i < args.size(); ++i) {
        const auto& arg = args[i];
        if ((arg == "--config" || arg == "-c") && i + 1 < args.size()) return args[i + 1];
        if (arg.starts_with("--config=")) return arg.substr(9);
        if (arg.starts_with("-c") && arg.size() > 2) return arg.substr(2);
    }
    for (const auto& variable : nulSeparated(process / "environ")) {
        if (variable.starts_with("LODESTONE_CONFIG=") && variable.size() > 17) {
            return variable.substr(17);
        }
    }
    return "/etc/lodestone/lodestone.yaml";
}

template <typename Matches>
std::vector<pid_t> lodestonedProcesses(const std::filesystem::path& proc, Matches matches) {
    std::vector<pid_t> found;
    std::error_code error;
    for (std::filesystem::directory_iterator entry(proc, error), end; !error && entry != end;
         entry.increment(error)) {
        const std::string name = entry->path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        if (isLodestoned(entry->path()) && matches(entry->path())) {
            found.push_back(static_cast<pid_t>(std::stol(name)));
        }
    }
    return found;
}

}  // namespace

std::vector<pid_t> daemonsStartedWith(const std::filesystem::path& configFile,
                                      const std::filesystem::path& proc) {
    std::error_code error;
    const auto wanted = std::filesystem::weakly_canonical(configFile, error);
    if (error) return {};
    return lodestonedProcesses(proc, [&](const std::filesystem::path& process) {
        std::filesystem::path given = configOf(process);
        if (given.is_relative()) {
            std::error_code unreadable;
            const auto cwd = std::filesystem::read_symlink(process / "cwd", unreadable);
            if (unreadable) return false;
            given = cwd / given;
        }
        std::error_code unresolved;
        const auto file = std::filesystem::weakly_canonical(given, unresolved);
        return !unresolved && file == wanted;
    });
}

std::vector<pid_t> daemonsUsing(const std::filesystem::path& database,
                                const std::filesystem::path& proc) {
    std::error_code error;
    const auto file = std::filesystem::weakly_canonical(database, error);
    if (error) return {};
    return lodestonedProcesses(
        proc, [&](const std::filesystem::path& process) { return holdsOpen(process, file); });
}

}  // namespace lodestone::ctl
