#include <Poco/Base64Decoder.h>
#include <gtest/gtest.h>

#include <sstream>

#include "domain/Secrets.hpp"

using namespace lodestone::domain;

TEST(Secrets, ApiKeyHashIsSha256Hex) {
    // SHA-256("abc"), FIPS 180-2 test vector.
    EXPECT_EQ(hashApiKey("abc"),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Secrets, NewApiKeyIsHashedAndPrefixed) {
    auto key = newApiKeySecret();
    EXPECT_TRUE(key.plaintext.starts_with("lsk_"));
    EXPECT_EQ(key.plaintext.size(), 44u);
    EXPECT_EQ(key.hash, hashApiKey(key.plaintext));
    EXPECT_EQ(key.prefix, key.plaintext.substr(0, 12));
    EXPECT_NE(newApiKeySecret().plaintext, key.plaintext);
}

TEST(Secrets, ConstantTimeEquals) {
    EXPECT_TRUE(constantTimeEquals("abcdef", "abcdef"));
    EXPECT_FALSE(constantTimeEquals("abcdef", "abcdeg"));
    EXPECT_FALSE(constantTimeEquals("abc", "abcd"));
    EXPECT_TRUE(constantTimeEquals("", ""));
}

TEST(Secrets, WebhookSecretIsWhsecBase64Of32Bytes) {
    std::string secret = newWebhookSecret();
    ASSERT_TRUE(secret.starts_with("whsec_"));
    std::istringstream in(secret.substr(6));
    Poco::Base64Decoder decoder(in);
    std::string bytes((std::istreambuf_iterator<char>(decoder)), std::istreambuf_iterator<char>());
    EXPECT_EQ(bytes.size(), 32u);
}
