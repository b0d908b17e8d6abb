#pragma once

#include <Poco/Net/StreamSocket.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace lodestone::test {

// One HTTP answer as read off the wire.
struct WireAnswer {
    int status = 0;
    std::string head;  // status line and fields
    std::string body;
};

// A TCP connection to the daemon that sends exactly the bytes a test gives it: half requests,
// malformed framing, several requests in one write.
class RawClient {
  public:
    explicit RawClient(std::uint16_t port);

    void send(const std::string& bytes);

    // The next answer, read within `timeout`; nullopt if none came (closed or timed out).
    std::optional<WireAnswer> nextAnswer(
        std::chrono::milliseconds timeout = std::chrono::seconds(10));

    // True once the daemon has closed the connection (polls up to `timeout`).
    bool closedWithin(std::chrono::milliseconds timeout);

    // True if the daemon answered or closed within `wait`.
    bool heardWithin(std::chrono::milliseconds wait);

    const std::string& unread() const { return buffer_; }

  private:
    bool fill(std::chrono::steady_clock::time_point deadline);  // false: closed or timed out

    Poco::Net::StreamSocket socket_;
    std::string buffer_;
    bool closed_ = false;
};

}  // namespace lodestone::test
