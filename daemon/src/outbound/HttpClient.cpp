#include "outbound/HttpClient.hpp"

#include <Poco/Net/NetException.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/StreamSocket.h>

#include <chrono>

#include "outbound/Deadline.hpp"
#include "outbound/Exchange.hpp"
#include "outbound/RequestTarget.hpp"
#include "outbound/Resolver.hpp"

namespace lodestone::outbound {
namespace {

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
    const Deadline deadline(deadlineEpochMs, cancelled);

    const auto addresses = permittedAddresses(target, policy, deadline);
    const auto started = std::chrono::steady_clock::now();
    Poco::Net::SocketAddress connected;
    const Poco::Net::StreamSocket socket = connectToOne(addresses, deadline, connected);
    OutboundResponse response = exchange(socket, target, request, policy, deadline);
    response.latencyMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::steady_clock::now() - started)
                             .count();
    response.remoteAddress = connected.toString();
    return response;
}

}  // namespace lodestone::outbound
