#include "http/EventLoop.hpp"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace lodestone::http {
namespace {

constexpr int kMaxEvents = 256;

[[noreturn]] void fail(const char* what) {
    throw std::runtime_error(std::string(what) + ": " + std::strerror(errno));
}

epoll_event interest(std::uint64_t key, bool read, bool write) {
    epoll_event event{};
    event.events = (read ? EPOLLIN : 0u) | (write ? EPOLLOUT : 0u);
    event.data.u64 = key;
    return event;
}

}  // namespace

EventLoop::EventLoop() {
    epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
    if (epoll_ < 0) fail("epoll_create1");
    wakeFd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (wakeFd_ < 0) fail("eventfd");
    watch(wakeFd_, kWakeKey, true, false);
    events_.reserve(kMaxEvents);
}

EventLoop::~EventLoop() {
    if (wakeFd_ >= 0) ::close(wakeFd_);
    if (epoll_ >= 0) ::close(epoll_);
}

void EventLoop::watch(int fd, std::uint64_t key, bool read, bool write) {
    auto event = interest(key, read, write);
    if (::epoll_ctl(epoll_, EPOLL_CTL_ADD, fd, &event) != 0) fail("epoll_ctl(ADD)");
}

void EventLoop::change(int fd, std::uint64_t key, bool read, bool write) {
    auto event = interest(key, read, write);
    if (::epoll_ctl(epoll_, EPOLL_CTL_MOD, fd, &event) != 0) fail("epoll_ctl(MOD)");
}

void EventLoop::forget(int fd) {
    ::epoll_ctl(epoll_, EPOLL_CTL_DEL, fd, nullptr);
}

const std::vector<EventLoop::Event>& EventLoop::wait(std::chrono::milliseconds timeout) {
    epoll_event ready[kMaxEvents];
    int count = ::epoll_wait(epoll_, ready, kMaxEvents, static_cast<int>(timeout.count()));
    if (count < 0 && errno != EINTR) fail("epoll_wait");
    events_.clear();
    for (int i = 0; i < count; ++i) {
        const auto& event = ready[i];
        if (event.data.u64 == kWakeKey) {
            std::uint64_t counter;
            while (::read(wakeFd_, &counter, sizeof(counter)) > 0) {
            }
        }
        events_.push_back({event.data.u64, (event.events & EPOLLIN) != 0,
                           (event.events & EPOLLOUT) != 0,
                           (event.events & (EPOLLERR | EPOLLHUP)) != 0});
    }
    return events_;
}

void EventLoop::wake() {
    std::uint64_t one = 1;
    // A full counter means a wake-up is pending anyway.
    [[maybe_unused]] auto written = ::write(wakeFd_, &one, sizeof(one));
}

}  // namespace lodestone::http
