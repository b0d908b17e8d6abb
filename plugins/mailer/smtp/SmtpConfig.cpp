#include "SmtpConfig.hpp"

#include <Poco/Environment.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Net/NetSSL.h>
#include <Poco/Net/SSLException.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "OutgoingMessage.hpp"

namespace lodestone::mailer_smtp {
namespace {

[[noreturn]] void refuse(const std::string& key, const std::string& why) {
    throw lodestone::ConfigError(key + ": " + why);
}

// A name or literal a server can be asked for and a certificate checked against: no scheme, no
// port, no spaces ("smtp.acme.example", "192.0.2.7", "::1").
bool isHostName(const std::string& host) {
    if (host.empty() || host.size() > 253) return false;
    for (char c : host) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '-' || c == '.' || c == ':';
        if (!ok) return false;
    }
    // More than one ':' is an IPv6 literal; exactly one is a port written into the host.
    return std::count(host.begin(), host.end(), ':') != 1;
}

// What EHLO may carry: a domain name or an address literal ("[192.0.2.7]").
bool isHeloName(const std::string& name) {
    if (name.size() > 2 && name.front() == '[' && name.back() == ']') {
        return name.find_first_of(" []\\", 1) == name.size() - 1;
    }
    return isMailAddress("postmaster@" + name);
}

bool isOneLine(const std::string& value) {
    return value.find_first_of(std::string("\r\n\0", 3)) == std::string::npos;
}

Poco::Net::Context::Ptr makeTlsContext(const std::string& caFile) {
    Poco::Net::initializeSSL();
    Poco::Net::Context::Params params;
    // STRICT, not RELAXED: alike for a client in OpenSSL, but with RELAXED Poco skips the host
    // name check for any name that resolves to a loopback address.
    params.verificationMode = Poco::Net::Context::VERIFY_STRICT;
    params.caLocation = caFile;
    params.loadDefaultCAs = caFile.empty();
    params.cipherList = "DEFAULT";  // OpenSSL's (and Debian's) maintained default
    Poco::Net::Context::Ptr context =
        new Poco::Net::Context(Poco::Net::Context::TLS_CLIENT_USE, params);
    context->requireMinimumProtocol(Poco::Net::Context::PROTO_TLSV1_2);
    // The certificate must name `host` (checked by Poco after the handshake).
    context->enableExtendedCertificateVerification(true);
    // Poco's verify callback hands a failed chain to SSLManager's process-wide handlers, which
    // may accept it; without a callback OpenSSL's verdict is final.
    SSL_CTX_set_verify(context->sslContext(), SSL_VERIFY_PEER, nullptr);
    return context;
}

}  // namespace

std::string SmtpConfig::endpoint() const {
    const std::string shown = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    return shown + ":" + std::to_string(port);
}

SmtpConfig parseConfig(const std::string& configJson, const lodestone::Host& host) {
    auto config = Poco::JSON::Parser().parse(configJson).extract<Poco::JSON::Object::Ptr>();
    SmtpConfig result;

    result.host = config->getValue<std::string>("host");
    if (!isHostName(result.host)) {
        refuse("host", "\"" + result.host +
                           "\" is not a host name or IP address (no scheme, no port: use `port`)");
    }
    result.port = config->getValue<std::uint16_t>("port");

    const std::string tls = config->getValue<std::string>("tls");
    if (tls == "none") {
        result.tls = TlsMode::None;
    } else if (tls == "starttls") {
        result.tls = TlsMode::StartTls;
    } else if (tls == "implicit") {
        result.tls = TlsMode::Implicit;
    } else {
        refuse("tls", "\"" + tls + "\" is none of none, starttls, implicit");
    }

    result.username = config->getValue<std::string>("username");
    result.password = config->getValue<std::string>("password");
    if (!isOneLine(result.username)) refuse("username", "must be one line");
    if (!isOneLine(result.password)) refuse("password", "must be one line");
    if (result.username.empty() && !result.password.empty()) {
        refuse("password", "is set but username is not");
    }
    if (!result.username.empty() && result.password.empty()) {
        refuse("password", "is required with username (write password: ${ENV_VAR})");
    }

    result.timeout = std::chrono::milliseconds(config->getValue<Poco::Int64>("timeout"));

    result.heloName = config->getValue<std::string>("helo_name");
    if (!result.heloName.empty() && !isHeloName(result.heloName)) {
        refuse("helo_name", "\"" + result.heloName + "\" is not a domain name or [address]");
    }
    if (result.heloName.empty()) {
        const std::string node = Poco::Environment::nodeName();
        result.heloName = isHeloName(node) ? node : "localhost";
    }

    result.caFile = config->getValue<std::string>("ca_file");
    if (!result.caFile.empty()) {
        if (result.tls == TlsMode::None) {
            refuse("ca_file", "is set, but with tls: none no certificate is ever checked");
        }
        std::error_code error;
        if (!std::filesystem::is_regular_file(result.caFile, error) ||
            !std::ifstream(result.caFile).good()) {
            refuse("ca_file", "cannot read \"" + result.caFile + "\"");
        }
    }
    if (result.tls != TlsMode::None) {
        try {
            result.tlsContext = makeTlsContext(result.caFile);
        } catch (const Poco::Exception& e) {
            refuse(result.caFile.empty() ? "tls" : "ca_file",
                   "cannot set up TLS: " + e.displayText());
        }
    }
    if (result.tls == TlsMode::None && !result.username.empty()) {
        host.warning("username is set with tls: none: the password crosses the network in clear");
    }
    return result;
}

}  // namespace lodestone::mailer_smtp
