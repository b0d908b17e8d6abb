#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace lodestone::app {

// What the service manager learns of lodestoned under systemd's Type=notify (sd_notify(3)):
// READY=1 once it serves, RELOADING=1 and READY=1 around a reload, STOPPING=1, a STATUS= line
// with the queue every few seconds, and WATCHDOG=1 while the work engine keeps turning (with
// WatchdogSec= set), so a wedged engine gets the process restarted, not only a dead one.
// Without $NOTIFY_SOCKET every call does nothing and no thread runs.
class ServiceNotifier {
  public:
    struct Probes {
        // Whether the work engine went round its loops within the time given (true when this
        // process runs no engine).
        std::function<bool(std::chrono::milliseconds within)> engineTurned;
        // One line on what the daemon is doing, e.g. "jobs: 3 waiting, 1 running".
        std::function<std::string()> status;
    };

    explicit ServiceNotifier(Probes probes);
    ~ServiceNotifier();
    ServiceNotifier(const ServiceNotifier&) = delete;
    ServiceNotifier& operator=(const ServiceNotifier&) = delete;

    // Starts the status and watchdog thread.
    void ready();
    void reloading();
    void reloaded();
    // Stops the thread: nothing but STOPPING=1 is sent after it.
    void stopping();

    // The watchdog interval systemd asked for (WatchdogSec=), or zero.
    std::chrono::microseconds watchdogInterval() const { return watchdog_; }

  private:
    void loop();
    void send(const std::string& state) const;
    void stopThread();

    Probes probes_;
    bool enabled_ = false;
    std::chrono::microseconds watchdog_{0};
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace lodestone::app
