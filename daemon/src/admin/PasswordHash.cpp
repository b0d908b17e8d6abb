#include "admin/PasswordHash.hpp"

#include <argon2.h>

#include <stdexcept>
#include <vector>

#include "domain/Random.hpp"
#include "domain/Utf8Text.hpp"

namespace lodestone::admin {
namespace {

// OWASP's first Argon2id setting: 19 MiB, 2 passes, one lane (about 30 ms here).
constexpr std::uint32_t kMemoryKiB = 19 * 1024;
constexpr std::uint32_t kPasses = 2;
constexpr std::uint32_t kLanes = 1;
constexpr std::size_t kSaltBytes = 16;
constexpr std::size_t kHashBytes = 32;

}  // namespace

void checkNewPassword(std::string_view password) {
    if (domain::characterCount(password) < kShortestPassword) {
        throw std::invalid_argument("The password must have at least " +
                                    std::to_string(kShortestPassword) + " characters");
    }
    if (password.size() > kLongestPassword) {
        throw std::invalid_argument("The password must have at most " +
                                    std::to_string(kLongestPassword) + " bytes");
    }
}

std::string hashPassword(std::string_view password) {
    const auto salt = domain::secureRandomBytes(kSaltBytes);
    const std::size_t length =
        argon2_encodedlen(kPasses, kMemoryKiB, kLanes, kSaltBytes, kHashBytes, Argon2_id);
    std::vector<char> encoded(length);
    const int rc =
        argon2id_hash_encoded(kPasses, kMemoryKiB, kLanes, password.data(), password.size(),
                              salt.data(), salt.size(), kHashBytes, encoded.data(), encoded.size());
    if (rc != ARGON2_OK) {
        throw std::runtime_error(std::string("cannot hash the password: ") +
                                 argon2_error_message(rc));
    }
    return std::string(encoded.data());
}

bool passwordMatches(const std::string& encoded, std::string_view password) {
    return argon2id_verify(encoded.c_str(), password.data(), password.size()) == ARGON2_OK;
}

}  // namespace lodestone::admin
