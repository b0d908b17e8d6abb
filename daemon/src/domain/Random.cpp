#include "domain/Random.hpp"

#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace lodestone::domain {

std::vector<unsigned char> secureRandomBytes(std::size_t count) {
    std::vector<unsigned char> bytes(count);
    std::size_t filled = 0;
    while (filled < count) {
        ssize_t got = ::getrandom(bytes.data() + filled, count - filled, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error(std::string("cannot read random bytes: ") +
                                     std::strerror(errno));
        }
        filled += static_cast<std::size_t>(got);
    }
    return bytes;
}

std::string randomAlphanumeric(std::size_t length) {
    static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    constexpr unsigned kSize = sizeof(kAlphabet) - 1;  // 36
    constexpr unsigned kLimit = 256 - (256 % kSize);   // 252: accept only unbiased bytes
    std::string out;
    out.reserve(length);
    while (out.size() < length) {
        for (unsigned char byte : secureRandomBytes(length - out.size() + 8)) {
            if (byte >= kLimit) continue;
            out.push_back(kAlphabet[byte % kSize]);
            if (out.size() == length) break;
        }
    }
    return out;
}

}  // namespace lodestone::domain
