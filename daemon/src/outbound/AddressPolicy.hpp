#pragma once

#include <Poco/Net/IPAddress.h>

#include <cstddef>
#include <optional>
#include <string>

namespace lodestone::outbound {

// What kind of host an IP address reaches, as far as outbound requests are concerned. The
// ranges follow the IANA special-purpose address registries (RFC 6890 and successors) plus
// the few addresses where cloud platforms hand out instance credentials; docs/outbound-http.md
// lists every range.
enum class AddressClass {
    Public,         // the internet
    Loopback,       // this machine: 127/8, ::1
    Private,        // a local network: 10/8, 172.16/12, 192.168/16, fc00::/7, fec0::/10
    LinkLocal,      // the local link: 169.254/16, fe80::/10
    Multicast,      // 224/4, ff00::/8; never a single receiver
    CloudMetadata,  // instance metadata and credentials, e.g. 169.254.169.254
    Unspecified,    // 0.0.0.0, ::; Linux connects these to this machine
    Reserved,       // not routed on the internet: CGNAT, documentation, benchmarking, ...
};

// Addresses with an IPv4 address embedded (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::a.b.c.d,
// 2002:AABB:CCDD::) are classified by that IPv4 address, since that is where packets end up.
AddressClass classify(const Poco::Net::IPAddress& address);

// The class of a URL's host when it is known without a DNS lookup: an IP literal ("127.0.0.1",
// "::1", without brackets), or "localhost" and names under .localhost, which RFC 6761 reserves
// for this machine. Nothing for any other name: only resolving it tells, and a request resolves
// it when it is made. For warning about a URL when it is configured.
std::optional<AddressClass> classifyLiteralHost(const std::string& host);

// For messages: "a loopback address", "a cloud metadata address", ...
std::string describe(AddressClass addressClass);

// The safety rules one subsystem (webhooks, research fetches) applies to its requests.
struct OutboundPolicy {
    // Opens loopback, private, link-local and reserved addresses: the operator's receiver is on
    // the LAN, on this machine or behind a VPN. Multicast, unspecified and cloud metadata
    // addresses stay refused: none of them is ever a receiver, and the metadata address hands
    // out the machine's cloud credentials to whoever asks.
    bool allowPrivateNetworks = false;
    // The most response body kept; the rest is never read (the response says truncated).
    std::size_t maxResponseBytes = 64 * 1024;
    // Sent unless the request sets its own User-Agent; empty sends none.
    std::string userAgent;
    // Appended to the message when an address is refused that allowPrivateNetworks would open,
    // e.g. "set webhooks.allow_private_networks: true to allow it".
    std::string allowHint;
};

// The classes allowPrivateNetworks opens.
bool isPrivateNetwork(AddressClass addressClass);

// Whether `policy` lets a request connect to an address of this class.
bool permits(const OutboundPolicy& policy, AddressClass addressClass);

}  // namespace lodestone::outbound
