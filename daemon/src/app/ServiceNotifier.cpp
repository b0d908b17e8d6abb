#include "app/ServiceNotifier.hpp"

#include <Poco/Logger.h>
#include <systemd/sd-daemon.h>

#include <cstdlib>
#include <ctime>

namespace lodestone::app {
namespace {

// How often STATUS= is refreshed when no watchdog asks for more.
constexpr std::chrono::seconds kStatusEvery{10};

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.systemd");
}

// systemd reads MONOTONIC_USEC on its own CLOCK_MONOTONIC (sd_notify(3)), not the daemon's clock.
std::uint64_t monotonicMicros() {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return static_cast<std::uint64_t>(now.tv_sec) * 1'000'000u +
           static_cast<std::uint64_t>(now.tv_nsec) / 1'000u;
}

}  // namespace

ServiceNotifier::ServiceNotifier(Probes probes) : probes_(std::move(probes)) {
    const char* socket = std::getenv("NOTIFY_SOCKET");
    enabled_ = socket && *socket;
    std::uint64_t usec = 0;
    // Checks WATCHDOG_PID too: a watchdog meant for another process is not ours to feed.
    if (enabled_ && sd_watchdog_enabled(0, &usec) > 0) watchdog_ = std::chrono::microseconds(usec);
}

ServiceNotifier::~ServiceNotifier() {
    stopThread();
}

void ServiceNotifier::send(const std::string& state) const {
    if (!enabled_) return;
    if (const int result = sd_notify(0, state.c_str()); result < 0) {
        log().warning("cannot tell the service manager \"%s\": error %d", state, -result);
    }
}

void ServiceNotifier::ready() {
    send("READY=1\nSTATUS=" + probes_.status());
    if (!enabled_ || thread_.joinable()) return;
    thread_ = std::thread([this] { loop(); });
}

void ServiceNotifier::reloading() {
    send("RELOADING=1\nMONOTONIC_USEC=" + std::to_string(monotonicMicros()) +
         "\nSTATUS=reloading the configuration");
}

void ServiceNotifier::reloaded() {
    send("READY=1\nSTATUS=" + probes_.status());
}

void ServiceNotifier::stopping() {
    stopThread();
    send("STOPPING=1\nSTATUS=stopping");
}

void ServiceNotifier::stopThread() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void ServiceNotifier::loop() {
    using namespace std::chrono;
    // Twice per watchdog interval, as sd_watchdog_enabled(3) advises; the engine must have
    // turned within half of it for the ping to go.
    const auto every =
        watchdog_.count() > 0
            ? std::min<milliseconds>(duration_cast<milliseconds>(watchdog_ / 2), kStatusEvery)
            : milliseconds(kStatusEvery);
    const auto within = duration_cast<milliseconds>(watchdog_ / 2);
    bool wedged = false;
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, every, [&] { return stopping_; })) {
        lock.unlock();
        std::string state = "STATUS=" + probes_.status();
        if (watchdog_.count() > 0) {
            if (probes_.engineTurned(within)) {
                if (wedged) log().notice("the work engine turns again; watchdog pings resume");
                wedged = false;
                state += "\nWATCHDOG=1";
            } else if (!wedged) {
                wedged = true;
                log().critical(
                    "the work engine has not gone round its loop for over %s ms: no watchdog "
                    "ping (systemd restarts lodestoned unless it recovers)",
                    std::to_string(within.count()));
            }
        }
        send(state);
        lock.lock();
    }
}

}  // namespace lodestone::app
