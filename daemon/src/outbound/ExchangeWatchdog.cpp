#include "outbound/ExchangeWatchdog.hpp"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

namespace lodestone::outbound {
namespace {

// How often the watchdog looks at the caller's cancel flag.
constexpr std::int64_t kPollMs = 50;

}  // namespace

ExchangeWatchdog::ExchangeWatchdog(const Poco::Net::StreamSocket& socket, const Deadline& deadline)
    : fd_(::fcntl(socket.impl()->sockfd(), F_DUPFD_CLOEXEC, 0)), deadline_(deadline) {
    if (fd_ < 0) {
        throw OutboundError(OutboundError::Kind::Io,
                            std::string("cannot watch the connection: ") + std::strerror(errno));
    }
    thread_ = std::thread([this] { watch(); });
}

ExchangeWatchdog::~ExchangeWatchdog() {
    stop();
}

bool ExchangeWatchdog::stop() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) {
        thread_.join();
        ::close(fd_);
    }
    return cutOff_;
}

void ExchangeWatchdog::watch() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        if (deadline_.passed() || deadline_.cancelled()) {
            cutOff_ = true;
            ::shutdown(fd_, SHUT_RDWR);
            return;
        }
        const std::int64_t waitMs = std::min(kPollMs, deadline_.msLeft());
        wake_.wait_for(lock, std::chrono::milliseconds(waitMs));
    }
}

}  // namespace lodestone::outbound
