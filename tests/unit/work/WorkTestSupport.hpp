#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <stdexcept>
#include <string>
#include <thread>

#include "work/WorkerIdentity.hpp"

namespace lodestone::work::test {

// Polls `condition` until it holds or `timeout` passes; true if it held. For state another thread
// changes: the generous timeout only matters when the code under test is broken.
inline bool eventually(const std::function<bool()>& condition,
                       std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!condition()) {
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return true;
}

// The pid of a child process that has exited and been reaped: no process has it (until the
// kernel hands it out again, which takes a full cycle of the pid space).
inline pid_t deadPid() {
    pid_t child = ::fork();
    if (child < 0) throw std::runtime_error("fork failed");
    if (child == 0) ::_exit(0);
    int status = 0;
    if (::waitpid(child, &status, 0) != child) throw std::runtime_error("waitpid failed");
    return child;
}

// A lease owner of this host naming `pid`, in the format newProcessOwner() uses.
inline std::string localOwnerWithPid(pid_t pid) {
    std::string own = newProcessOwner();
    return own.substr(0, own.find(':')) + ":" + std::to_string(pid) + ":deadbeef";
}

}  // namespace lodestone::work::test
