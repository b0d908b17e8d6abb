#include "webhooks/Signature.hpp"

#include <Poco/Base64Decoder.h>
#include <Poco/Base64Encoder.h>
#include <Poco/Exception.h>

#include <algorithm>
#include <sstream>

#include "domain/Secrets.hpp"

namespace lodestone::webhooks {
namespace {

constexpr std::string_view kPrefix = "whsec_";

std::string keyOf(std::string_view secret) {
    const std::string_view encodedPart = secret.substr(std::min(secret.size(), kPrefix.size()));
    // Padding alone decodes to zero bytes in Poco's decoder: a key of NULs, not a secret.
    if (secret.substr(0, kPrefix.size()) != kPrefix ||
        encodedPart.find_first_not_of('=') == std::string_view::npos) {
        throw InvalidSecret("a webhook secret must be \"whsec_\" followed by base64");
    }
    std::istringstream encoded{std::string(encodedPart)};
    Poco::Base64Decoder decoder(encoded);
    std::string key((std::istreambuf_iterator<char>(decoder)), std::istreambuf_iterator<char>());
    if (!encoded.eof() && encoded.fail()) throw InvalidSecret("webhook secret is not base64");
    if (key.empty()) throw InvalidSecret("webhook secret decodes to no bytes");
    return key;
}

}  // namespace

std::string sign(std::string_view secret, std::string_view webhookId, std::int64_t timestampSeconds,
                 std::string_view body) {
    std::string key;
    try {
        key = keyOf(secret);
    } catch (const Poco::Exception& e) {
        throw InvalidSecret("webhook secret is not base64: " + e.displayText());
    }
    std::string signedContent;
    signedContent.reserve(webhookId.size() + body.size() + 24);
    signedContent.append(webhookId).append(".").append(std::to_string(timestampSeconds));
    signedContent.append(".").append(body);
    const auto digest = domain::hmacSha256(key, signedContent);

    std::ostringstream encoded;
    Poco::Base64Encoder encoder(encoded);
    encoder.rdbuf()->setLineLength(0);
    encoder.write(reinterpret_cast<const char*>(digest.data()),
                  static_cast<std::streamsize>(digest.size()));
    encoder.close();
    return "v1," + encoded.str();
}

std::string signatureHeader(const DeliveryTarget& target, std::int64_t nowMs,
                            std::string_view webhookId, std::int64_t timestampSeconds,
                            std::string_view body) {
    std::string header = sign(target.secret, webhookId, timestampSeconds, body);
    if (target.previousSecret && target.previousSecretExpiresAt &&
        nowMs < *target.previousSecretExpiresAt) {
        header += ' ';
        header += sign(*target.previousSecret, webhookId, timestampSeconds, body);
    }
    return header;
}

}  // namespace lodestone::webhooks
