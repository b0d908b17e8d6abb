// Cuts the SMTP connection off, from a thread of its own, once the conversation's time is up
// or the host cancels the run. Socket timeouts alone cannot bound a conversation: a server that
// trickles a byte at a time keeps every read within its timeout, and Poco and OpenSSL loop over
// such reads (reply lines, TLS records) without coming back to us in between.
//
// The cut is shutdown(2), which wakes a blocked read or write on Linux; the conversation then
// sees a closed connection and asks the watchdog why.
#pragma once

#include <Poco/Net/StreamSocket.h>

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

namespace lodestone::mailer_smtp {

std::int64_t nowEpochMs();

class Watchdog {
  public:
    enum class Cut { None, TimeUp, Cancelled };

    // `cancelled` is called from the watchdog's thread; `endEpochMs` is when time is up.
    Watchdog(std::int64_t endEpochMs, std::function<bool()> cancelled);
    ~Watchdog();
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;

    // Starts watching `socket` (once, right after it is created, before connecting).
    void watch(const Poco::Net::StreamSocket& socket);
    // Why the connection was cut, if it was.
    Cut cut() const;

  private:
    void run();

    std::int64_t endEpochMs_;
    std::function<bool()> cancelled_;
    // A duplicate of the socket's descriptor, owned here: Poco may close its own on an error
    // while we watch, and the number could then be reused by another connection.
    int fd_ = -1;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    Cut cut_ = Cut::None;
    std::thread thread_;
};

}  // namespace lodestone::mailer_smtp
