#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

namespace lodestone::http {

// Linux epoll with an eventfd to wake it from other threads: the one thread that owns the
// connections waits here for sockets and for answers handed back by workers.
class EventLoop {
  public:
    struct Event {
        std::uint64_t key;
        bool readable;
        bool writable;
        bool failed;  // error or hang-up
    };
    static constexpr std::uint64_t kWakeKey = 0;

    EventLoop();
    ~EventLoop();
    EventLoop(const EventLoop&) = delete;
    EventLoop& operator=(const EventLoop&) = delete;

    // Level-triggered interest in readability and/or writability of `fd`, reported as `key`.
    void watch(int fd, std::uint64_t key, bool read, bool write);
    void change(int fd, std::uint64_t key, bool read, bool write);
    void forget(int fd);

    // Waits up to `timeout` and returns what happened; a wake() shows up as kWakeKey.
    const std::vector<Event>& wait(std::chrono::milliseconds timeout);
    void wake();  // thread-safe

  private:
    int epoll_ = -1;
    int wakeFd_ = -1;
    std::vector<Event> events_;
};

}  // namespace lodestone::http
