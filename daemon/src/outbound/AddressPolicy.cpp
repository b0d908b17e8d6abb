#include "outbound/AddressPolicy.hpp"

#include <Poco/String.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

namespace lodestone::outbound {
namespace {

using Bytes6 = std::array<std::uint8_t, 16>;

constexpr std::uint32_t v4(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
    return a << 24 | b << 16 | c << 8 | d;
}

struct V4Range {
    std::uint32_t network;
    int prefixLength;
    AddressClass addressClass;
};

// The first match wins, so single addresses come before the ranges that hold them.
constexpr V4Range kV4Ranges[] = {
    // Instance metadata: AWS, GCP, Azure, Oracle, OpenStack, DigitalOcean and most others.
    {v4(169, 254, 169, 254), 32, AddressClass::CloudMetadata},
    {v4(169, 254, 170, 2), 32, AddressClass::CloudMetadata},    // AWS ECS task credentials
    {v4(100, 100, 100, 200), 32, AddressClass::CloudMetadata},  // Alibaba Cloud
    {v4(168, 63, 129, 16), 32, AddressClass::CloudMetadata},    // Azure WireServer
    {v4(0, 0, 0, 0), 32, AddressClass::Unspecified},
    {v4(0, 0, 0, 0), 8, AddressClass::Reserved},  // "this network"
    {v4(10, 0, 0, 0), 8, AddressClass::Private},
    {v4(100, 64, 0, 0), 10, AddressClass::Reserved},  // carrier-grade NAT, RFC 6598
    {v4(127, 0, 0, 0), 8, AddressClass::Loopback},
    {v4(169, 254, 0, 0), 16, AddressClass::LinkLocal},
    {v4(172, 16, 0, 0), 12, AddressClass::Private},
    {v4(192, 0, 0, 0), 24, AddressClass::Reserved},  // IETF protocol assignments
    {v4(192, 0, 2, 0), 24, AddressClass::Reserved},  // documentation (TEST-NET-1)
    {v4(192, 168, 0, 0), 16, AddressClass::Private},
    {v4(198, 18, 0, 0), 15, AddressClass::Reserved},    // benchmarking, RFC 2544
    {v4(198, 51, 100, 0), 24, AddressClass::Reserved},  // documentation (TEST-NET-2)
    {v4(203, 0, 113, 0), 24, AddressClass::Reserved},   // documentation (TEST-NET-3)
    {v4(224, 0, 0, 0), 4, AddressClass::Multicast},
    {v4(240, 0, 0, 0), 4, AddressClass::Reserved},  // future use, and broadcast
};

AddressClass classifyV4(std::uint32_t address) {
    for (const V4Range& range : kV4Ranges) {
        const std::uint32_t mask = ~std::uint32_t{0} << (32 - range.prefixLength);
        if ((address & mask) == range.network) return range.addressClass;
    }
    return AddressClass::Public;
}

struct V6Range {
    Bytes6 network;
    int prefixLength;
    AddressClass addressClass;
};

Bytes6 bytesOf(const Poco::Net::IPAddress& address) {
    Bytes6 bytes{};
    std::memcpy(bytes.data(), address.addr(), bytes.size());
    return bytes;
}

V6Range range6(const char* network, int prefixLength, AddressClass addressClass) {
    return {bytesOf(Poco::Net::IPAddress(network)), prefixLength, addressClass};
}

bool inRange(const Bytes6& address, const Bytes6& network, int prefixLength) {
    const int whole = prefixLength / 8;
    if (std::memcmp(address.data(), network.data(), static_cast<std::size_t>(whole)) != 0) {
        return false;
    }
    const int rest = prefixLength % 8;
    if (rest == 0) return true;
    const auto mask = static_cast<std::uint8_t>(0xFF << (8 - rest));
    return (address[whole] & mask) == (network[whole] & mask);
}

// The first match wins. Embedded IPv4 forms are handled before this table is consulted.
const std::vector<V6Range>& v6Ranges() {
    static const std::vector<V6Range> ranges{
        range6("::", 128, AddressClass::Unspecified),
        range6("::1", 128, AddressClass::Loopback),
        range6("fd00:ec2::254", 128, AddressClass::CloudMetadata),  // AWS IPv6 metadata
        range6("::", 8, AddressClass::Reserved),                    // reserved by the IETF
        range6("64:ff9b:1::", 48, AddressClass::Reserved),  // local-use NAT64: site-specific
        range6("100::", 64, AddressClass::Reserved),        // discard-only
        range6("2001::", 32, AddressClass::Reserved),       // Teredo: endpoint not visible
        range6("2001:db8::", 32, AddressClass::Reserved),   // documentation
        range6("3fff::", 20, AddressClass::Reserved),       // documentation, RFC 9637
        range6("2000::", 3, AddressClass::Public),          // global unicast
        range6("fc00::", 7, AddressClass::Private),         // unique local
        range6("fe80::", 10, AddressClass::LinkLocal),
        range6("fec0::", 10, AddressClass::Private),  // site-local (deprecated)
        range6("ff00::", 8, AddressClass::Multicast),
    };
    return ranges;
}

std::uint32_t v4At(const Bytes6& bytes, std::size_t offset) {
    return std::uint32_t{bytes[offset]} << 24 | std::uint32_t{bytes[offset + 1]} << 16 |
           std::uint32_t{bytes[offset + 2]} << 8 | bytes[offset + 3];
}

// The IPv4 address packets to this IPv6 address are delivered to, if it is a translated form.
bool embeddedV4(const Bytes6& bytes, std::uint32_t& embedded) {
    static const Bytes6 mapped = bytesOf(Poco::Net::IPAddress("::ffff:0:0"));
    static const Bytes6 compatible = bytesOf(Poco::Net::IPAddress("::"));
    static const Bytes6 nat64 = bytesOf(Poco::Net::IPAddress("64:ff9b::"));
    static const Bytes6 sixToFour = bytesOf(Poco::Net::IPAddress("2002::"));
    if (inRange(bytes, mapped, 96) || inRange(bytes, nat64, 96)) {
        embedded = v4At(bytes, 12);
        return true;
    }
    // ::/96 holds :: and ::1 too, which are IPv6's own unspecified and loopback addresses.
    if (inRange(bytes, compatible, 96) && v4At(bytes, 12) > 1) {
        embedded = v4At(bytes, 12);
        return true;
    }
    if (inRange(bytes, sixToFour, 16)) {
        embedded = v4At(bytes, 2);
        return true;
    }
    return false;
}

AddressClass classifyV6(const Bytes6& bytes) {
    if (std::uint32_t embedded = 0; embeddedV4(bytes, embedded)) return classifyV4(embedded);
    for (const V6Range& range : v6Ranges()) {
        if (inRange(bytes, range.network, range.prefixLength)) return range.addressClass;
    }
    // Outside 2000::/3 and the ranges above, IPv6 space is unallocated.
    return AddressClass::Reserved;
}

}  // namespace

AddressClass classify(const Poco::Net::IPAddress& address) {
    if (address.family() == Poco::Net::IPAddress::IPv4) {
        std::array<std::uint8_t, 4> bytes{};
        std::memcpy(bytes.data(), address.addr(), bytes.size());
        return classifyV4(v4(bytes[0], bytes[1], bytes[2], bytes[3]));
    }
    return classifyV6(bytesOf(address));
}

std::optional<AddressClass> classifyLiteralHost(const std::string& host) {
    const std::string name = Poco::toLower(host);
    if (name == "localhost" || name.ends_with(".localhost")) return AddressClass::Loopback;
    Poco::Net::IPAddress address;
    if (Poco::Net::IPAddress::tryParse(host, address)) return classify(address);
    return std::nullopt;
}

std::string describe(AddressClass addressClass) {
    switch (addressClass) {
        case AddressClass::Public:
            return "a public address";
        case AddressClass::Loopback:
            return "a loopback address";
        case AddressClass::Private:
            return "a private network address";
        case AddressClass::LinkLocal:
            return "a link-local address";
        case AddressClass::Multicast:
            return "a multicast address";
        case AddressClass::CloudMetadata:
            return "a cloud metadata address";
        case AddressClass::Unspecified:
            return "the unspecified address";
        case AddressClass::Reserved:
            return "a reserved, non-public address";
    }
    return "an unknown kind of address";
}

bool isPrivateNetwork(AddressClass addressClass) {
    switch (addressClass) {
        case AddressClass::Loopback:
        case AddressClass::Private:
        case AddressClass::LinkLocal:
        case AddressClass::Reserved:
            return true;
        case AddressClass::Public:
        case AddressClass::Multicast:
        case AddressClass::CloudMetadata:
        case AddressClass::Unspecified:
            return false;
    }
    return false;
}

bool permits(const OutboundPolicy& policy, AddressClass addressClass) {
    if (addressClass == AddressClass::Public) return true;
    return policy.allowPrivateNetworks && isPrivateNetwork(addressClass);
}

}  // namespace lodestone::outbound
