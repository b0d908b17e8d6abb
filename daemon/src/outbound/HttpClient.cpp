#include "outbound/HttpClient.hpp"

#include <Poco/Net/NetException.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/StreamSocket.h>

#include <algorithm>
#include <chrono>
#include <limits>

#include "outbound/Deadline.hpp"
#include "outbound/Exchange.hpp"
#include "outbound/RequestTarget.hpp"
#include "outbound/Resolver.hpp"

namespace lodestone::outbound {
namespace {

constexpr std::int64_t kNoDeadline = std::numeric_limits<std::int64_t>::max();

std::string describeRefusal(const std::vector<Poco::Net::IPAddress>& refused,
                            const RequestTarget& target, const OutboundPolicy& policy) {
    bool hintHelps = false;
    std::string addresses;
    for (const auto& address : refused) {
        const AddressClass addressClass = classify(address);
        hintHelps = hintHelps || (isPrivateNetwork(addressClass) && !policy.allowPrivateNetworks);
        if (!addresses.empty()) addresses += ", ";
        addresses += address.toString() + " (" + describe(addressClass) + ")";
    }
    std::string message;
    if (Poco::Net::IPAddress literal; Poco::Net::IPAddress::tryParse(target.host, literal)) {
        const Poco::Net::SocketAddress socketAddress(literal, target.port);
        message = "refused to connect to " + socketAddress.toString() + " (" +
                  describe(classify(literal)) + ")";
    } else {
        message = "refused to connect to " + target.authority + ": it resolves to " + addresses;
    }
    if (hintHelps && !policy.allowHint.empty()) message += "; " + policy.allowHint;
    return message;
}

// The host's addresses the policy allows, in the resolver's order.
std::vector<Poco::Net::SocketAddress> permittedAddresses(const RequestTarget& target,
                                                         const OutboundPolicy& policy,
                                                         const Deadline& deadline) {
    std::vector<Poco::Net::SocketAddress> permitted;
    std::vector<Poco::Net::IPAddress> refused;
    for (const auto& address : resolve(target.host, deadline)) {
        if (permits(policy, classify(address))) {
            permitted.emplace_back(address, target.port);
        } else {
            refused.push_back(address);
        }
    }
    if (permitted.empty()) {
        throw OutboundError(OutboundError::Kind::Forbidden,
                            describeRefusal(refused, target, policy));
    }
    return permitted;
}

// The one address a request's connectTo names, if the policy allows it. The message names the
// URL's host too: the operator mapped that name and needs to know which mapping was refused.
std::vector<Poco::Net::SocketAddress> mappedAddress(const std::string& connectTo,
                                                    const RequestTarget& target,
                                                    const OutboundPolicy& policy) {
    const Poco::Net::SocketAddress address = connectAddressOf(connectTo);
    const AddressClass addressClass = classify(address.host());
    if (!permits(policy, addressClass)) {
        std::string message = "refused to connect to " + address.toString() + " (" +
                              describe(addressClass) + "), where connectTo sends " +
                              target.authority;
        if (isPrivateNetwork(addressClass) && !policy.allowHint.empty()) {
            message += "; " + policy.allowHint;
        }
        throw OutboundError(OutboundError::Kind::Forbidden, message);
    }
    return {address};
}

// The sooner of the caller's deadline and the request's own time limit.
std::int64_t effectiveDeadline(std::int64_t deadlineEpochMs, const OutboundRequest& request) {
    if (!request.timeoutMs) return deadlineEpochMs;
    const std::int64_t now = nowEpochMs();
    const std::int64_t own =
        *request.timeoutMs >= kNoDeadline - now ? kNoDeadline : now + *request.timeoutMs;
    return std::min(deadlineEpochMs, own);
}

// Connects to the first address that accepts, by address: Poco never sees the host name, so
// it cannot resolve it again and be steered somewhere unchecked (DNS rebinding).
Poco::Net::StreamSocket connectToOne(const std::vector<Poco::Net::SocketAddress>& addresses,
                                     const Deadline& deadline,
                                     Poco::Net::SocketAddress& connected) {
    std::vector<std::string> failures;
    for (const auto& address : addresses) {
        const std::string connecting = "connecting to " + address.toString();
        deadline.check(connecting);
        try {
            Poco::Net::StreamSocket socket;
            socket.connect(address, deadline.socketTimeout());
            connected = address;
            return socket;
        } catch (const Poco::TimeoutException&) {
            throw deadline.expired(connecting);
        } catch (const Poco::Net::ConnectionRefusedException&) {
            failures.push_back("connection to " + address.toString() + " refused");
        } catch (const Poco::Exception& e) {
            failures.push_back("cannot connect to " + address.toString() + ": " +
                               (e.message().empty() ? e.displayText() : e.message()));
        }
    }
    std::string message;
    for (const auto& failure : failures) message += (message.empty() ? "" : "; ") + failure;
    throw OutboundError(OutboundError::Kind::Connect, message);
}

}  // namespace

const char* kindName(OutboundError::Kind kind) noexcept {
    switch (kind) {
        case OutboundError::Kind::InvalidRequest:
            return "InvalidRequest";
        case OutboundError::Kind::Forbidden:
            return "Forbidden";
        case OutboundError::Kind::Dns:
            return "Dns";
        case OutboundError::Kind::Connect:
            return "Connect";
        case OutboundError::Kind::Tls:
            return "Tls";
        case OutboundError::Kind::Timeout:
            return "Timeout";
        case OutboundError::Kind::Io:
            return "Io";
    }
    return "Unknown";
}

OutboundResponse send(const OutboundRequest& request, const OutboundPolicy& policy,
                      std::int64_t deadlineEpochMs, const std::function<bool()>& cancelled) {
    const RequestTarget target = targetOf(request.url);
    checkMethodAndHeaders(request);
    if (request.timeoutMs && *request.timeoutMs < 1) {
        throw OutboundError(OutboundError::Kind::InvalidRequest, "timeoutMs must be at least 1");
    }
    const Deadline deadline(effectiveDeadline(deadlineEpochMs, request), cancelled);
    OutboundPolicy applied = policy;
    if (request.maxResponseBytes) {
        applied.maxResponseBytes = std::min(applied.maxResponseBytes, *request.maxResponseBytes);
    }

    const auto addresses = request.connectTo ? mappedAddress(*request.connectTo, target, applied)
                                             : permittedAddresses(target, applied, deadline);
    // The steady clock: the exchange's real latency, whatever the daemon's clock says.
    const auto started = std::chrono::steady_clock::now();
    Poco::Net::SocketAddress connected;
    const Poco::Net::StreamSocket socket = connectToOne(addresses, deadline, connected);
    OutboundResponse response = exchange(socket, target, request, applied, deadline);
    response.latencyMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::steady_clock::now() - started)
                             .count();
    response.remoteAddress = connected.toString();
    return response;
}

}  // namespace lodestone::outbound
