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

}  // namespace

std::vector<pid_t> daemonsUsing(const std::filesystem::path& database,
                                const std::filesystem::path& proc) {
    std::error_code error;
    const auto file = std::filesystem::weakly_canonical(database, error);
    if (error) return {};
    std::vector<pid_t> found;
    for (std::filesystem::directory_iterator entry(proc, error), end; !error && entry != end;
         entry.increment(error)) {
        const std::string name = entry->path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        if (isLodestoned(entry->path()) && holdsOpen(entry->path(), file)) {
            found.push_back(static_cast<pid_t>(std::stol(name)));
        }
    }
    return found;
}

}  // namespace lodestone::ctl
