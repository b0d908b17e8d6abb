// The plugin's `config:` mapping (docs/plugins.md, `mailer-smtp`), checked once at configure():
// a value that cannot work is refused there, naming its key, not at the first send.
#pragma once

#include <Poco/Net/Context.h>

#include <chrono>
#include <cstdint>
#include <lodestone/plugin.hpp>
#include <string>

namespace lodestone::mailer_smtp {

enum class TlsMode { None, StartTls, Implicit };

struct SmtpConfig {
    std::string host;
    std::uint16_t port = 0;
    TlsMode tls = TlsMode::StartTls;
    std::string username;  // empty: no AUTH
    std::string password;  // never logged nor quoted in a message
    std::chrono::milliseconds timeout{};
    std::string heloName;
    std::string caFile;  // empty: the system's CA store
    // Made once and shared by every run (loading a CA store is the costly part); null for
    // tls: none.
    Poco::Net::Context::Ptr tlsContext;

    // "host:port" ("[::1]:25" for IPv6), as messages name the server.
    std::string endpoint() const;
};

// Throws lodestone::ConfigError naming the key. The host has already checked the types and
// ranges and filled in the defaults of the plugin's key table; durations arrive as milliseconds.
SmtpConfig parseConfig(const std::string& configJson, const lodestone::Host& host);

}  // namespace lodestone::mailer_smtp
