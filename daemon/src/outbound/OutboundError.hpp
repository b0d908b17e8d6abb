#pragma once

#include <stdexcept>
#include <string>

namespace lodestone::outbound {

// An outbound request that got no response. what() is written for the operator: it names the
// host or address and what went wrong, e.g. "connection to 203.0.113.5:443 refused".
class OutboundError : public std::runtime_error {
  public:
    enum class Kind {
        InvalidRequest,  // the request itself is unusable: bad URL, scheme, header, method
        Forbidden,       // every address of the host is one the policy refuses
        Dns,             // the host name does not resolve
        Connect,         // no address accepted the connection
        Tls,             // handshake or certificate failure, or a broken TLS stream
        Timeout,         // the deadline passed, or the caller gave up (cancelled)
        Io,              // the connection broke, or the response was not HTTP
    };

    OutboundError(Kind kind, const std::string& message)
        : std::runtime_error(message), kind_(kind) {}

    Kind kind() const noexcept { return kind_; }

  private:
    Kind kind_;
};

// "InvalidRequest", "Forbidden", ...: for logs and test failure messages.
const char* kindName(OutboundError::Kind kind) noexcept;

}  // namespace lodestone::outbound
