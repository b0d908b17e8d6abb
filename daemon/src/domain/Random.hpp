#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace lodestone::domain {

// Bytes from the kernel's CSPRNG (getrandom(2)); every identifier and secret comes from here
// (request ids for the log, no secret, from a generator it seeds once per thread).
std::vector<unsigned char> secureRandomBytes(std::size_t count);

// `length` characters drawn uniformly from [a-z0-9] (rejection sampling, so no modulo bias).
std::string randomAlphanumeric(std::size_t length);

}  // namespace lodestone::domain
