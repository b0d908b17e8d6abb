#include "outbound/Resolver.hpp"

#include <Poco/Net/DNS.h>
#include <Poco/Net/NetException.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

namespace lodestone::outbound {
namespace {

// How often a waiting caller looks at its cancel flag.
constexpr std::int64_t kPollMs = 50;

// Shared by the caller and the lookup thread, which may outlive the caller's wait.
struct Lookup {
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    std::vector<Poco::Net::IPAddress> addresses;
    std::exception_ptr error;
};

std::vector<Poco::Net::IPAddress> lookUp(const std::string& host) {
    // No AI_ADDRCONFIG (Poco's default): on a machine whose only interface is loopback it
    // hides even localhost's addresses. An address family the machine lacks just fails to
    // connect, and the next address is tried.
    return Poco::Net::DNS::hostByName(host, Poco::Net::DNS::DNS_HINT_NONE).addresses();
}

OutboundError dnsError(const std::string& host, const std::exception_ptr& error) {
    const std::string prefix = "cannot resolve host " + host + ": ";
    try {
        std::rethrow_exception(error);
    } catch (const Poco::Net::HostNotFoundException&) {
        return OutboundError(OutboundError::Kind::Dns, prefix + "no such host");
    } catch (const Poco::Net::NoAddressFoundException&) {
        return OutboundError(OutboundError::Kind::Dns, prefix + "the name has no IP address");
    } catch (const Poco::Exception& e) {
        return OutboundError(OutboundError::Kind::Dns, prefix + e.displayText());
    } catch (const std::exception& e) {
        return OutboundError(OutboundError::Kind::Dns, prefix + e.what());
    }
}

std::vector<Poco::Net::IPAddress> withoutDuplicates(std::vector<Poco::Net::IPAddress> addresses) {
    std::vector<Poco::Net::IPAddress> unique;
    for (const auto& address : addresses) {
        if (std::find(unique.begin(), unique.end(), address) == unique.end()) {
            unique.push_back(address);
        }
    }
    return unique;
}

}  // namespace

std::vector<Poco::Net::IPAddress> resolve(const std::string& host, const Deadline& deadline) {
    if (Poco::Net::IPAddress literal; Poco::Net::IPAddress::tryParse(host, literal)) {
        return {literal};
    }
    const std::string activity = "resolving " + host;
    deadline.check(activity);

    auto lookup = std::make_shared<Lookup>();
    std::thread([lookup, host] {
        std::vector<Poco::Net::IPAddress> addresses;
        std::exception_ptr error;
        try {
            addresses = lookUp(host);
        } catch (...) {
            error = std::current_exception();
        }
        const std::lock_guard lock(lookup->mutex);
        lookup->addresses = std::move(addresses);
        lookup->error = error;
        lookup->done = true;
        lookup->finished.notify_all();
    }).detach();

    std::unique_lock lock(lookup->mutex);
    while (!lookup->done) {
        deadline.check(activity);
        const std::int64_t waitMs = std::min(kPollMs, deadline.msLeft());
        lookup->finished.wait_for(lock, std::chrono::milliseconds(waitMs));
    }
    if (lookup->error) throw dnsError(host, lookup->error);
    if (lookup->addresses.empty()) {
        throw OutboundError(OutboundError::Kind::Dns,
                            "cannot resolve host " + host + ": the name has no IP address");
    }
    return withoutDuplicates(std::move(lookup->addresses));
}

}  // namespace lodestone::outbound
