#pragma once

#include <Poco/Net/StreamSocket.h>

#include <condition_variable>
#include <mutex>
#include <thread>

#include "outbound/Deadline.hpp"

namespace lodestone::outbound {

// Cuts a connection off, from a thread of its own, once its deadline passes or its caller
// gives up. Socket timeouts alone cannot bound an exchange: a peer that trickles a byte at a
// time keeps every single read inside its timeout, and Poco and OpenSSL loop over such reads
// (header lines, chunk sizes, TLS records) without returning to us in between.
//
// The cut is shutdown(2) on the socket, which wakes a blocked read or write on Linux; the
// reader then sees a closed connection, so after a cut what was read may be incomplete.
class ExchangeWatchdog {
  public:
    ExchangeWatchdog(const Poco::Net::StreamSocket& socket, const Deadline& deadline);
    ~ExchangeWatchdog();

    ExchangeWatchdog(const ExchangeWatchdog&) = delete;
    ExchangeWatchdog& operator=(const ExchangeWatchdog&) = delete;

    // Stops watching (idempotent); true if the connection was cut off.
    bool stop();

  private:
    void watch();

    // A duplicate of the socket's descriptor, owned here: the socket's own descriptor may be
    // closed by Poco on an error while we watch, and its number reused by another connection.
    int fd_;
    const Deadline& deadline_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    bool cutOff_ = false;
    std::thread thread_;
};

}  // namespace lodestone::outbound
