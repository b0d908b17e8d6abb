#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace lodestone::work {

// Runs one call at a time on a thread of its own, so the worker that asked can stop waiting: a
// plugin that hangs past its timeout cannot be killed, only left behind. When the worker gives
// up, the runner is abandoned: its thread finishes the call whenever it does and then exits,
// and the worker takes a fresh runner.
class CallRunner {
  public:
    // `abandonedCalls`, when given, counts this runner's abandoned call while it still runs: up
    // on abandonment, down when the call finally returns.
    explicit CallRunner(std::shared_ptr<std::atomic<int>> abandonedCalls = nullptr);
    static constexpr const char* kThreadName = "lodestone-call";
    ~CallRunner();
    CallRunner(const CallRunner&) = delete;
    CallRunner& operator=(const CallRunner&) = delete;

    // How a run ended (what it means for the work is the caller's to say).
    enum class Ending {
        Finished,     // the call returned or threw; see output() / error()
        Overran,      // the deadline passed first; the runner is abandoned
        Interrupted,  // interrupt() was called first; the call was abandoned (abandoned() is
                      // true), or never started (false)
    };

    Ending run(std::function<std::string()> call, std::chrono::steady_clock::time_point deadline);
    const std::string& output() const { return output_; }
    std::exception_ptr error() const { return error_; }

    // Makes a run() in progress, or the next one, return Interrupted (from another thread).
    void interrupt();
    bool abandoned() const { return abandoned_; }

  private:
    struct Shared;
    std::shared_ptr<Shared> shared_;
    std::thread thread_;
    std::string output_;
    std::exception_ptr error_;
    bool abandoned_ = false;
};

}  // namespace lodestone::work
