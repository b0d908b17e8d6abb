#pragma once

#include <Poco/Net/StreamSocket.h>

#include "outbound/Deadline.hpp"
#include "outbound/HttpClient.hpp"
#include "outbound/RequestTarget.hpp"

namespace lodestone::outbound {

// One HTTP/1.1 request and its response over `socket`, already connected to a checked address:
// the TLS handshake for https, the request, the headers, the body up to the policy's cap.
// Fills everything but latencyMs and remoteAddress. Throws OutboundError.
OutboundResponse exchange(const Poco::Net::StreamSocket& socket, const RequestTarget& target,
                          const OutboundRequest& request, const OutboundPolicy& policy,
                          const Deadline& deadline);

}  // namespace lodestone::outbound
