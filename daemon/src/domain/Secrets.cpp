#include "domain/Secrets.hpp"

#include <Poco/Base64Encoder.h>
#include <Poco/DigestEngine.h>
#include <Poco/HMACEngine.h>
#include <Poco/SHA2Engine.h>
#include <openssl/evp.h>

#include <array>
#include <memory>
#include <sstream>
#include <stdexcept>

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
    // Every API request hashes its key: OpenSSL's SHA-256 uses the CPU's SHA instructions where
    // there are some, and takes a fifth of the instructions of Poco's portable one. The algorithm
    // is looked up once, and each thread keeps its context, as a lookup or a context per digest
    // costs more than the digest itself.
    static EVP_MD* const sha256 = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    thread_local const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(
        EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int length = 0;
    if (sha256 == nullptr || !context || EVP_DigestInit_ex2(context.get(), sha256, nullptr) != 1 ||
        EVP_DigestUpdate(context.get(), data.data(), data.size()) != 1 ||
        EVP_DigestFinal_ex(context.get(), digest.data(), &length) != 1) {
        throw std::runtime_error(
            "OpenSSL cannot compute SHA-256 (is its default provider "
            "available?)");
    }
    return Poco::DigestEngine::digestToHex(
        Poco::DigestEngine::Digest(digest.begin(), digest.begin() + length));
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
