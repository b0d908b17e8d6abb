#include "domain/Secrets.hpp"

#include <Poco/Base64Encoder.h>
#include <Poco/DigestEngine.h>
#include <Poco/HMACEngine.h>
#include <Poco/SHA2Engine.h>

#include <sstream>

#include "domain/Random.hpp"

namespace lodestone::domain {
namespace {
constexpr std::string_view kApiKeyPrefix = "lsk_";
constexpr std::size_t kApiKeyRandomLength = 40;
constexpr std::size_t kVisiblePrefixLength = 12;
constexpr std::size_t kWebhookSecretBytes = 32;
constexpr std::size_t kIntakeSecretBytes = 32;

// HMACEngine takes its digest engine as a template parameter and needs the block size as a
// static member, which SHA2Engine (sized at run time) lacks.
class Sha256Engine : public Poco::SHA2Engine {
  public:
    enum { BLOCK_SIZE = 64, DIGEST_SIZE = 32 };
    Sha256Engine() : Poco::SHA2Engine(Poco::SHA2Engine::SHA_256) {}
};
}  // namespace

NewApiKeySecret newApiKeySecret() {
    NewApiKeySecret key;
    key.plaintext = std::string(kApiKeyPrefix) + randomAlphanumeric(kApiKeyRandomLength);
    key.hash = hashApiKey(key.plaintext);
    key.prefix = visiblePrefix(key.plaintext);
    return key;
}

std::string sha256Hex(std::string_view data) {
    Poco::SHA2Engine sha(Poco::SHA2Engine::SHA_256);
    sha.update(data.data(), static_cast<unsigned>(data.size()));
    return Poco::DigestEngine::digestToHex(sha.digest());
}

std::string hashApiKey(std::string_view plaintext) {
    return sha256Hex(plaintext);
}

std::string visiblePrefix(std::string_view plaintext) {
    return std::string(plaintext.substr(0, kVisiblePrefixLength));
}

bool constantTimeEquals(std::string_view a, std::string_view b) {
    // The length is not secret (hashes are fixed-size); only the content comparison must not
    // stop at the first difference.
    if (a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    }
    return diff == 0;
}

std::string newWebhookSecret() {
    auto bytes = secureRandomBytes(kWebhookSecretBytes);
    std::ostringstream out;
    Poco::Base64Encoder encoder(out);
    encoder.rdbuf()->setLineLength(0);
    encoder.write(reinterpret_cast<const char*>(bytes.data()),
                  static_cast<std::streamsize>(bytes.size()));
    encoder.close();
    return "whsec_" + out.str();
}

std::string newIntakeSecret() {
    return Poco::DigestEngine::digestToHex(secureRandomBytes(kIntakeSecretBytes));
}

std::vector<unsigned char> hmacSha256(std::string_view key, std::string_view message) {
    Poco::HMACEngine<Sha256Engine> hmac(std::string{key});
    hmac.update(message.data(), static_cast<unsigned>(message.size()));
    return hmac.digest();
}

}  // namespace lodestone::domain
