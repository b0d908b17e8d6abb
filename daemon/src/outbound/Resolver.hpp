#pragma once

#include <Poco/Net/IPAddress.h>

#include <string>
#include <vector>

#include "outbound/Deadline.hpp"

namespace lodestone::outbound {

// The addresses of `host` (an IP literal or a name, in ASCII), in the resolver's order of
// preference, without duplicates. Throws OutboundError: Dns when the name does not resolve,
// Timeout when the deadline passes or the caller gives up first.
//
// getaddrinfo() cannot be interrupted and may wait on a slow DNS server far longer than the
// deadline, so names are looked up on a thread of their own; a lookup given up on finishes in
// the background and its result is dropped.
std::vector<Poco::Net::IPAddress> resolve(const std::string& host, const Deadline& deadline);

}  // namespace lodestone::outbound
