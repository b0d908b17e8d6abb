#include "outbound/RequestTarget.hpp"

#include <Poco/Net/DNS.h>
#include <Poco/String.h>
#include <Poco/URI.h>

#include <array>
#include <string_view>

#include "domain/Urls.hpp"

namespace lodestone::outbound {
namespace {

OutboundError invalid(const std::string& message) {
    return OutboundError(OutboundError::Kind::InvalidRequest, message);
}

bool isTokenChar(unsigned char c) {
    static constexpr std::string_view kPunctuation = "!#$%&'*+-.^_`|~";
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           kPunctuation.find(static_cast<char>(c)) != std::string_view::npos;
}

bool isToken(std::string_view text) {
    if (text.empty()) return false;
    for (unsigned char c : text) {
        if (!isTokenChar(c)) return false;
    }
    return true;
}

// Controls other than tab would end or corrupt the header line.
bool isFieldValue(std::string_view text) {
    for (unsigned char c : text) {
        if ((c < 0x20 && c != '\t') || c == 0x7F) return false;
    }
    return true;
}

// For echoing a rejected value back: a bad method or header name may hold a line break.
std::string printable(std::string_view text) {
    std::string shown;
    for (unsigned char c : text.substr(0, 64)) {
        shown += c >= 0x20 && c < 0x7F ? static_cast<char>(c) : '?';
    }
    return text.size() > 64 ? shown + "..." : shown;
}

std::string bracketed(const std::string& host) {
    return host.find(':') == std::string::npos ? host : "[" + host + "]";
}

}  // namespace

RequestTarget targetOf(const std::string& url) {
    // The one URL rule (domain/Urls.hpp), the same that judged the URL when it was stored; a
    // plugin's URL (a research fetch) meets it here first. Its reasons never repeat the URL.
    if (auto problem = domain::httpUrlProblem(url)) {
        throw invalid("the URL " + *problem);
    }
    const Poco::URI uri(url);
    RequestTarget target;
    target.tls = uri.getScheme() == "https";
    target.host = uri.getHost();
    if (Poco::Net::DNS::isIDN(target.host)) target.host = Poco::Net::DNS::encodeIDN(target.host);
    target.port = uri.getPort();
    const std::string port = std::to_string(target.port);
    target.authority = bracketed(target.host) + ":" + port;
    const bool defaultPort = target.port == (target.tls ? 443 : 80);
    target.hostHeader = bracketed(target.host) + (defaultPort ? "" : ":" + port);

    // The path and query byte for byte as written: Poco::URI would decode and re-encode them.
    const std::size_t authorityEnd = url.find_first_of("/?#", url.find("//") + 2);
    std::string rest = authorityEnd == std::string::npos ? "" : url.substr(authorityEnd);
    rest = rest.substr(0, rest.find('#'));
    target.pathAndQuery = rest.empty() || rest.front() == '?' ? "/" + rest : rest;
    return target;
}

Poco::Net::SocketAddress connectAddressOf(const std::string& connectTo) {
    const auto problem = [&connectTo](const std::string& why) {
        return invalid("connectTo \"" + printable(connectTo) + "\" " + why +
                       "; write an IP address and a port, like 127.0.0.1:8080 or [::1]:8080");
    };
    const std::size_t colon = connectTo.rfind(':');
    if (colon == std::string::npos || colon == 0) throw problem("has no port");
    std::string host = connectTo.substr(0, colon);
    const std::string port = connectTo.substr(colon + 1);
    if (host.front() == '[') {
        if (host.back() != ']') throw problem("has an unclosed [");
        host = host.substr(1, host.size() - 2);
    } else if (host.find(':') != std::string::npos) {
        throw problem("has an IPv6 address without brackets");
    }
    Poco::Net::IPAddress address;
    if (!Poco::Net::IPAddress::tryParse(host, address)) throw problem("is not an IP address");
    if (port.empty() || port.size() > 5 ||
        port.find_first_not_of("0123456789") != std::string::npos) {
        throw problem("has no valid port");
    }
    const unsigned long number = std::stoul(port);
    if (number < 1 || number > 65535) throw problem("has a port outside 1-65535");
    return Poco::Net::SocketAddress(address, static_cast<std::uint16_t>(number));
}

void checkMethodAndHeaders(const OutboundRequest& request) {
    if (!isToken(request.method)) {
        throw invalid("the method \"" + printable(request.method) +
                      "\" is not a valid HTTP method");
    }
    static const std::array<std::string, 4> kClientOwned{"Host", "Content-Length", "Connection",
                                                         "Transfer-Encoding"};
    for (const auto& [name, value] : request.headers) {
        if (!isToken(name))
            throw invalid("the header name \"" + printable(name) + "\" is not valid");
        if (!isFieldValue(value)) {
            throw invalid("the value of header " + name +
                          " contains a line break or control "
                          "character");
        }
        for (const std::string& owned : kClientOwned) {
            if (Poco::icompare(name, owned) == 0) {
                throw invalid("the " + owned +
                              " header is set by the client; remove it from "
                              "the request");
            }
        }
    }
}

}  // namespace lodestone::outbound
