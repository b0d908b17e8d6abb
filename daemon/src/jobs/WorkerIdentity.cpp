#include "jobs/WorkerIdentity.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>

#include "domain/Random.hpp"

namespace lodestone::jobs {
namespace {

std::string hostName() {
    char name[256] = {};
    if (::gethostname(name, sizeof(name) - 1) != 0) return "unknown-host";
    return name;
}

}  // namespace

std::string newLeaseOwner() {
    return hostName() + ":" + std::to_string(::getpid()) + ":" + domain::randomAlphanumeric(8);
}

bool isDeadLocalOwner(const std::string& owner) {
    auto first = owner.find(':');
    auto second = owner.find(':', first == std::string::npos ? first : first + 1);
    if (first == std::string::npos || second == std::string::npos) return false;
    if (owner.substr(0, first) != hostName()) return false;
    int pid = 0;
    const char* begin = owner.data() + first + 1;
    const char* end = owner.data() + second;
    auto [stop, ec] = std::from_chars(begin, end, pid);
    if (ec != std::errc() || stop != end || pid <= 0 || pid == ::getpid()) return false;
    return ::kill(pid, 0) == -1 && errno == ESRCH;
}

}  // namespace lodestone::jobs
