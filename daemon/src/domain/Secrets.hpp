#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace lodestone::domain {

// An API key as created: the plaintext is shown to the operator once and never stored.
struct NewApiKeySecret {
    std::string plaintext;  // "lsk_" + 40 characters of [a-z0-9]
    std::string hash;       // hashApiKey(plaintext)
    std::string prefix;     // first characters, safe to list
};

NewApiKeySecret newApiKeySecret();

// Lowercase hex SHA-256.
std::string sha256Hex(std::string_view data);

// sha256Hex of the key: what storage keeps and looks keys up by.
std::string hashApiKey(std::string_view plaintext);

// The part of a key that listings show ("lsk_ab12cd34").
std::string visiblePrefix(std::string_view plaintext);

// Constant-time equality for secrets and their hashes.
bool constantTimeEquals(std::string_view a, std::string_view b);

// A webhook signing secret in the Standard Webhooks form: "whsec_" + base64 of 32 random bytes.
std::string newWebhookSecret();

// The secret calendar services sign the bookings they report with (Cal.com's "secret",
// Calendly's signing key): 64 lowercase hex characters, 256 random bits.
std::string newIntakeSecret();

// HMAC-SHA256 (RFC 2104) of `message` under `key`: the 32 bytes of the digest.
std::vector<unsigned char> hmacSha256(std::string_view key, std::string_view message);

}  // namespace lodestone::domain
