#pragma once

#include <Poco/Net/SocketAddress.h>

#include <cstdint>
#include <string>

#include "outbound/HttpClient.hpp"

namespace lodestone::outbound {

// Where a request goes, taken from its URL.
struct RequestTarget {
    bool tls = false;
    std::string host;  // ASCII (IDNs in punycode), IPv6 literals without brackets
    std::uint16_t port = 0;
    std::string authority;     // "example.com:443", "[::1]:8080": for messages
    std::string hostHeader;    // the Host header: the port only when not the scheme's default
    std::string pathAndQuery;  // the request target, byte for byte as the URL has it
};

// Throws OutboundError (InvalidRequest) for a URL that breaks the one URL rule of
// domain/Urls.hpp (not http(s), no host, a user name or password, whitespace or a control
// character, a bad port), in its words. Messages never repeat the path or query, which may hold
// a secret token.
RequestTarget targetOf(const std::string& url);

// The address of a request's connectTo: an IP address and a port, "203.0.113.7:8080" or
// "[2001:db8::7]:8080". Never a name: a name would need a lookup the policy could not vet as a
// whole. Throws OutboundError (InvalidRequest) naming what is wrong.
Poco::Net::SocketAddress connectAddressOf(const std::string& connectTo);

// Throws OutboundError (InvalidRequest) for a method that is not an HTTP token, a header that
// could split the request (CR, LF, NUL), or one of the headers the client sets itself.
void checkMethodAndHeaders(const OutboundRequest& request);

}  // namespace lodestone::outbound
