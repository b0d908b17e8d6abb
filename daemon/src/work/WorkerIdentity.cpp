#include "work/WorkerIdentity.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>

#include "domain/Random.hpp"

namespace lodestone::work {
namespace {

std::string hostName() {
    char name[256] = {};
    if (::gethostname(name, sizeof(name) - 1) != 0) return "unknown-host";
    return name;
}

}  // namespace

std::string newProcessOwner() {
    return hostName() + ":" + std::to_string(::getpid()) + ":" + domain::randomAlphanumeric(8);
}

bool isDeadLocalOwner(const std::string& owner, const std::string& us) {
    if (owner == us || owner.starts_with(us + ":")) return false;
    auto first = owner.find(':');
    auto second = owner.find(':', first == std::string::npos ? first : first + 1);
    if (first == std::string::npos || second == std::string::npos) return false;
    if (owner.substr(0, first) != hostName()) return false;
    int pid = 0;
    const char* begin = owner.data() + first + 1;
    const char* end = owner.data() + second;
    auto [stop, ec] = std::from_chars(begin, end, pid);
    if (ec != std::errc() || stop != end || pid <= 0) return false;
    // Our pid, but not us: an earlier process that had the same pid, so it is gone.
    if (pid == ::getpid()) return true;
    return ::kill(pid, 0) == -1 && errno == ESRCH;
}

std::string processOf(const std::string& owner) {
    auto first = owner.find(':');
    if (first == std::string::npos) return owner;
    return owner.substr(0, owner.find(':', first + 1));
}

}  // namespace lodestone::work
