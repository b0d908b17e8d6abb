#include "CalendarSupport.hpp"

#include <gtest/gtest.h>
#include <openssl/hmac.h>

#include <fstream>
#include <sstream>

namespace lodestone::test {

std::string calendarFixture(const std::string& name) {
    std::ifstream in(std::string(CALENDAR_FIXTURES_DIR) + "/" + name);
    std::ostringstream text;
    text << in.rdbuf();
    EXPECT_FALSE(text.str().empty()) << name;
    return text.str();
}

std::string replacedAll(std::string text, const std::string& from, const std::string& to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

std::string hexHmacSha256(const std::string& key, const std::string& message) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
         reinterpret_cast<const unsigned char*>(message.data()), message.size(), digest, &length);
    std::string hex;
    for (unsigned i = 0; i < length; ++i) {
        static const char* digits = "0123456789abcdef";
        hex += digits[digest[i] >> 4];
        hex += digits[digest[i] & 15];
    }
    return hex;
}

HttpReply postCalcomReport(std::uint16_t port, const std::string& campaignId,
                           const std::string& secret, const std::string& payload) {
    return httpRequest(port, "POST", "/hooks/calcom/" + campaignId, payload,
                       {{"Content-Type", "application/json"},
                        {"X-Cal-Signature-256", hexHmacSha256(secret, payload)}});
}

}  // namespace lodestone::test
