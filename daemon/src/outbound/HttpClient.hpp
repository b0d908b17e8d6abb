#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "outbound/AddressPolicy.hpp"
#include "outbound/OutboundError.hpp"

namespace lodestone::outbound {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

struct OutboundRequest {
    std::string method = "GET";
    std::string url;  // http or https, no user:password@
    // Host, Content-Length, Connection and Transfer-Encoding are the client's to set.
    HeaderList headers;
    std::string body;
    // Plugin ABI 1.2: connect to this address ("127.0.0.1:8080", "[::1]:8080") instead of the
    // URL host's own, as curl's --connect-to does (split-horizon names, tests). It is checked
    // against the policy like a resolved address; the URL still gives Host and TLS SNI.
    std::optional<std::string> connectTo;
    // Plugin ABI 1.2: a shorter limit than the caller's deadline, and a smaller body cap than the
    // policy's (a larger one is the policy's).
    std::optional<std::int64_t> timeoutMs;
    std::optional<std::size_t> maxResponseBytes;
    // Plugin ABI 1.2: http_request hands the body back base64-encoded, its bytes unchanged (a
    // page in windows-1252 keeps its characters for the plugin to decode). Not used by send().
    bool base64Body = false;
};

struct OutboundResponse {
    int status = 0;
    HeaderList headers;  // as received, in order
    std::string body;    // at most policy.maxResponseBytes
    bool truncated = false;
    std::int64_t latencyMs = 0;  // from the start of connecting to the end of the body
    std::string remoteAddress;   // "203.0.113.7:443" or "[2001:db8::7]:443", as connected
};

// Sends one request under `policy` and returns whatever response came, 3xx and 5xx included;
// redirects are never followed. Throws OutboundError when there is no response.
//
// The host is resolved here and every address checked against the policy; the connection goes
// to a checked address, never to a name resolved again later. Everything from the name lookup
// to the last body byte ends at `deadlineEpochMs` (or request.timeoutMs from now, if sooner),
// and stops soon after `cancelled` turns true
// (it is called from another thread too, so it must be thread-safe and must not throw).
// Thread-safe: concurrent calls share nothing but the TLS context.
OutboundResponse send(const OutboundRequest& request, const OutboundPolicy& policy,
                      std::int64_t deadlineEpochMs, const std::function<bool()>& cancelled = {});

}  // namespace lodestone::outbound
