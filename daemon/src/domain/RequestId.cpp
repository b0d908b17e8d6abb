#include "domain/RequestId.hpp"

#include <cstdint>
#include <random>

#include "domain/Random.hpp"

namespace lodestone::domain {
namespace {

thread_local std::string tCurrentRequestId;

// A request id correlates log lines; it is no secret, so it needs no system call per request:
// each thread draws from its own generator, seeded once from the kernel's CSPRNG.
std::uint64_t nextRandom() {
    thread_local std::mt19937_64 generator = [] {
        const auto seed = secureRandomBytes(sizeof(std::uint64_t));
        std::uint64_t value = 0;
        for (unsigned char byte : seed) value = (value << 8) | byte;
        return std::mt19937_64(value);
    }();
    return generator();
}

constexpr std::size_t kLongestOffered = 128;

bool allowed(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("-_.:@/+=").find(c) != std::string_view::npos;
}

}  // namespace

std::string requestIdFrom(std::string_view offered) {
    if (!offered.empty() && offered.size() <= kLongestOffered) {
        bool ok = true;
        for (char c : offered) ok = ok && allowed(c);
        if (ok) return std::string(offered);
    }
    static constexpr char kHex[] = "0123456789abcdef";
    std::string id(24, '0');  // 96 bits, as 24 hex digits
    std::uint64_t bits = nextRandom();
    for (std::size_t i = 0; i < id.size(); ++i) {
        if (i == 16) bits = nextRandom();
        id[i] = kHex[bits & 0x0f];
        bits >>= 4;
    }
    return id;
}

const std::string& currentRequestId() {
    return tCurrentRequestId;
}

RequestIdScope::RequestIdScope(std::string id) : previous_(std::move(tCurrentRequestId)) {
    tCurrentRequestId = std::move(id);
}

RequestIdScope::~RequestIdScope() {
    tCurrentRequestId = std::move(previous_);
}

}  // namespace lodestone::domain
