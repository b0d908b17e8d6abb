#pragma once

#include <string>
#include <string_view>

// Operators' passwords, hashed with Argon2id (RFC 9106) through Debian's libargon2: the
// reference implementation, the algorithm OWASP recommends first.
namespace lodestone::admin {

constexpr std::size_t kShortestPassword = 12;
constexpr std::size_t kLongestPassword = 1024;

// A password the dashboard accepts: kShortestPassword to kLongestPassword characters. Throws
// std::invalid_argument saying what is wrong.
void checkNewPassword(std::string_view password);

// The encoded hash ($argon2id$v=19$m=19456,t=2,p=1$salt$hash) with a fresh random salt.
std::string hashPassword(std::string_view password);

// Whether `password` is the one `encoded` was made from (false for a malformed encoding).
bool passwordMatches(const std::string& encoded, std::string_view password);

}  // namespace lodestone::admin
