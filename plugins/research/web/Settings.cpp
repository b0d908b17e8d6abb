#include "Settings.hpp"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Net/IPAddress.h>

#include <lodestone/plugin.hpp>

#include "Text.hpp"

namespace lodestone::research_web {
namespace {

[[noreturn]] void refuse(const std::string& key, const std::string& problem) {
    throw ConfigError(key + ": " + problem);
}

// "127.0.0.1:8080" or "[::1]:8080", checked here as the host will check it, so a typo stops
// start-up instead of failing every research run.
void checkAddress(const std::string& host, const std::string& address) {
    const std::string key = "resolve." + host;
    const std::size_t colon = address.rfind(':');
    const std::string shape = " (write \"127.0.0.1:8080\" or \"[::1]:8080\")";
    if (colon == std::string::npos) refuse(key, "\"" + address + "\" has no port" + shape);
    std::string ip = address.substr(0, colon);
    if (ip.size() > 2 && ip.front() == '[' && ip.back() == ']') ip = ip.substr(1, ip.size() - 2);
    Poco::Net::IPAddress parsed;
    if (!Poco::Net::IPAddress::tryParse(ip, parsed) ||
        (parsed.family() == Poco::Net::IPAddress::IPv6 && address.front() != '[')) {
        refuse(key, "\"" + address + "\" is not an IP address and port" + shape);
    }
    const std::string port = address.substr(colon + 1);
    if (port.empty() || port.size() > 5 ||
        port.find_first_not_of("0123456789") != std::string::npos || std::stoi(port) < 1 ||
        std::stoi(port) > 65535) {
        refuse(key, "\"" + address + "\" has no port from 1 to 65535" + shape);
    }
}

bool isHostName(const std::string& host) {
    if (host.empty() || host.size() > 253) return false;
    for (char c : host) {
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.')) {
            return false;
        }
    }
    return host.front() != '.' && host.back() != '.' && host.find("..") == std::string::npos;
}

}  // namespace

WebSettings readSettings(const std::string& configJson, const std::string& shippedFingerprints) {
    Poco::JSON::Object::Ptr config;
    try {
        config = Poco::JSON::Parser().parse(configJson).extract<Poco::JSON::Object::Ptr>();
    } catch (const std::exception& e) {
        throw ConfigError(std::string("the config is not a JSON object: ") + e.what());
    }
    WebSettings settings;
    auto& limits = settings.limits;
    limits.maxPages = config->getValue<std::size_t>("max_pages");
    limits.pageBytes = config->getValue<std::size_t>("page_bytes");
    limits.pageTimeout = std::chrono::milliseconds(config->getValue<Poco::Int64>("page_timeout"));
    limits.stepBudget = std::chrono::milliseconds(config->getValue<Poco::Int64>("step_budget"));
    if (limits.pageTimeout > limits.stepBudget) {
        refuse("page_timeout", "must not be longer than step_budget");
    }

    settings.userAgent = config->getValue<std::string>("user_agent");
    if (settings.userAgent.size() > 256) refuse("user_agent", "must be at most 256 characters");
    for (char c : settings.userAgent) {
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F) {
            refuse("user_agent", "must be printable ASCII, on one line");
        }
    }

    if (auto resolve = config->getObject("resolve")) {
        for (const auto& [name, value] : *resolve) {
            const std::string host = lowerAscii(name);
            if (!isHostName(host)) refuse("resolve", "\"" + name + "\" is not a host name");
            if (!value.isString()) refuse("resolve." + name, "must be \"address:port\"");
            checkAddress(host, value.extract<std::string>());
            settings.resolve[host] = value.extract<std::string>();
        }
    }

    settings.fingerprintsPath = config->getValue<std::string>("fingerprints");
    if (settings.fingerprintsPath.empty()) settings.fingerprintsPath = shippedFingerprints;
    try {
        settings.fingerprints =
            std::make_shared<const Fingerprints>(Fingerprints::load(settings.fingerprintsPath));
    } catch (const FingerprintError& e) {
        refuse("fingerprints", e.what());
    }
    return settings;
}

}  // namespace lodestone::research_web
