#include "domain/RequestId.hpp"

#include "domain/Random.hpp"

namespace lodestone::domain {
namespace {

thread_local std::string tCurrentRequestId;

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
    std::string id;
    for (unsigned char byte : secureRandomBytes(12)) {
        id += kHex[byte >> 4];
        id += kHex[byte & 0x0f];
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
