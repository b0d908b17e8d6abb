#include "Watchdog.hpp"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

namespace lodestone::mailer_smtp {
namespace {

// How often the host's cancel flag is looked at.
constexpr std::int64_t kPollMs = 20;

}  // namespace

std::int64_t nowEpochMs() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

Watchdog::Watchdog(std::int64_t endEpochMs, std::function<bool()> cancelled)
    : endEpochMs_(endEpochMs), cancelled_(std::move(cancelled)) {}

Watchdog::~Watchdog() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
    if (fd_ >= 0) ::close(fd_);
}

void Watchdog::watch(const Poco::Net::StreamSocket& socket) {
    if (thread_.joinable()) throw std::logic_error("the watchdog already watches a connection");
    fd_ = ::fcntl(socket.impl()->sockfd(), F_DUPFD_CLOEXEC, 0);
    if (fd_ < 0) {
        throw std::runtime_error(std::string("cannot watch the connection: ") +
                                 std::strerror(errno));
    }
    thread_ = std::thread([this] { run(); });
}

Watchdog::Cut Watchdog::cut() const {
    const std::lock_guard lock(mutex_);
    return cut_;
}

void Watchdog::run() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        Cut why = Cut::None;
        if (cancelled_ && cancelled_()) {
            why = Cut::Cancelled;
        } else if (nowEpochMs() >= endEpochMs_) {
            why = Cut::TimeUp;
        }
        if (why != Cut::None) {
            cut_ = why;
            ::shutdown(fd_, SHUT_RDWR);
            return;
        }
        const std::int64_t waitMs =
            std::clamp<std::int64_t>(endEpochMs_ - nowEpochMs(), 1, kPollMs);
        wake_.wait_for(lock, std::chrono::milliseconds(waitMs));
    }
}

}  // namespace lodestone::mailer_smtp
