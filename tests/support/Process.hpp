#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "support/TempDir.hpp"

namespace lodestone::test {

// How a finished process ended: its exit code, or the signal that killed it.
struct ExitStatus {
    std::optional<int> code;
    std::optional<int> signal;
};

// A child process whose standard output and error go to files, so a test can read them at any
// time without a thread draining pipes.
class ChildProcess {
  public:
    ChildProcess(const std::filesystem::path& program, const std::vector<std::string>& args);
    ~ChildProcess();  // kills the child if it still runs
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    pid_t pid() const { return pid_; }
    std::string output() const;  // standard output so far
    std::string errors() const;  // standard error so far

    void signal(int signo) const;
    // Waits for the child to end; nullopt when it is still running after `timeout`.
    std::optional<ExitStatus> wait(std::chrono::milliseconds timeout);
    bool running();

  private:
    TempDir dir_;
    pid_t pid_ = -1;
    std::optional<ExitStatus> status_;
};

// Runs a program to completion (or kills it after `timeout`).
struct Completed {
    ExitStatus status;
    std::string output;
    std::string errors;
};
Completed runToCompletion(const std::filesystem::path& program,
                          const std::vector<std::string>& args,
                          std::chrono::milliseconds timeout = std::chrono::seconds(60));

// Polls `condition` every few milliseconds until it holds or `timeout` passes.
template <typename Condition>
bool eventually(Condition condition, std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        if (condition()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return condition();
}

}  // namespace lodestone::test
