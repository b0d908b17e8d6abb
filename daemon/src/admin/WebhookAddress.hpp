#pragma once

#include <optional>
#include <string>

namespace lodestone::admin {

// A webhook URL that follows the URL rule but names a host deliveries will not reach: an IP
// literal or localhost of a class the outbound policy refuses (docs/outbound-http.md) while
// webhooks.allow_private_networks is off (loopback, private, link-local, reserved), or always
// (multicast, unspecified, cloud metadata). A warning rather than an error: the setting may be
// turned on later, and a test receiver on 127.0.0.1 is a fair thing to configure. Host names are
// not resolved here; a delivery checks every address it resolves to. The warning names the host
// only, never the path or query, which may hold a token.
std::optional<std::string> webhookAddressWarning(const std::string& url, bool allowPrivateNetworks);

}  // namespace lodestone::admin
