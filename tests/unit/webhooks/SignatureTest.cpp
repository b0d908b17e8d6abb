// Standard Webhooks signatures: receivers verify them with their own libraries, so they must
// match the specification's test vector and an independent HMAC, byte for byte.
#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <random>
#include <string>
#include <vector>

#include "webhooks/Signature.hpp"

using namespace lodestone;
using namespace lodestone::webhooks;

namespace {

std::string base64(const unsigned char* data, std::size_t size) {
    std::string out(4 * ((size + 2) / 3), '\0');
    auto written =
        EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()), data, static_cast<int>(size));
    out.resize(static_cast<std::size_t>(written));
    return out;
}

// The signature computed with OpenSSL alone, from the raw key bytes.
std::string opensslSignature(const std::string& key, const std::string& id, std::int64_t timestamp,
                             const std::string& body) {
    const std::string signedContent = id + "." + std::to_string(timestamp) + "." + body;
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
         reinterpret_cast<const unsigned char*>(signedContent.data()), signedContent.size(), digest,
         &length);
    return "v1," + base64(digest, length);
}

std::string secretOf(const std::string& key) {
    return "whsec_" + base64(reinterpret_cast<const unsigned char*>(key.data()), key.size());
}

domain::Campaign rotatedCampaign(std::int64_t previousExpiresAt) {
    domain::Campaign campaign;
    campaign.webhookSecret = secretOf("the new key, 24 bytes!!!");
    campaign.previousWebhookSecret = secretOf("the old key");
    campaign.previousSecretExpiresAt = previousExpiresAt;
    return campaign;
}

TEST(Signature, MatchesTheStandardWebhooksTestVector) {
    EXPECT_EQ(sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek",
                   1614265330, R"({"test": 2432232314})"),
              "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
}

TEST(Signature, AgreesWithOpensslForRandomKeysAndBodies) {
    std::mt19937 random(20240611);  // fixed seed: a failure reproduces
    std::uniform_int_distribution<int> byte(0, 255);
    std::uniform_int_distribution<int> keyLength(1, 80);  // shorter and longer than a block
    std::uniform_int_distribution<int> bodyLength(0, 3000);
    for (int round = 0; round < 200; ++round) {
        std::string key(static_cast<std::size_t>(keyLength(random)), '\0');
        for (auto& c : key) c = static_cast<char>(byte(random));
        std::string body(static_cast<std::size_t>(bodyLength(random)), '\0');
        for (auto& c : body) c = static_cast<char>(byte(random));  // any bytes, NULs included
        const std::string id = "whe_" + std::to_string(round);
        const std::int64_t timestamp = 1'700'000'000 + round;
        EXPECT_EQ(sign(secretOf(key), id, timestamp, body),
                  opensslSignature(key, id, timestamp, body))
            << "round " << round << ", key " << key.size() << " bytes, body " << body.size();
    }
}

TEST(Signature, RejectsSecretsThatAreNotWhsecBase64) {
    for (const std::string secret : {
             "",
             "whsec_",                    // nothing after the prefix
             "MfKQ9r8GKYqrTwjUPD8ILPZI",  // no prefix
             "WHSEC_MfKQ9r8GKYqrTwjUPD8ILPZI", "whsec_!!!not base64!!!", "whsec_Mf*Q",
             "whsec_====",  // padding only: Poco would decode it to NUL bytes
         }) {
        EXPECT_THROW(sign(secret, "whe_1", 1, "{}"), InvalidSecret) << "secret \"" << secret << '"';
    }
}

TEST(Signature, HeaderCarriesThePreviousSecretsSignatureUntilItExpires) {
    const std::int64_t expires = 1'750'086'400'000;
    const auto campaign = rotatedCampaign(expires);
    const auto current = sign(campaign.webhookSecret, "whe_1", 1'750'000'000, "{}");
    const auto previous = sign(*campaign.previousWebhookSecret, "whe_1", 1'750'000'000, "{}");
    ASSERT_NE(current, previous);

    EXPECT_EQ(signatureHeader(targetOf(campaign), expires - 1, "whe_1", 1'750'000'000, "{}"),
              current + " " + previous)
        << "current first, then the previous one";
    EXPECT_EQ(signatureHeader(targetOf(campaign), expires, "whe_1", 1'750'000'000, "{}"), current)
        << "expired at its expiry time";
    EXPECT_EQ(signatureHeader(targetOf(campaign), expires + 1, "whe_1", 1'750'000'000, "{}"),
              current);
}

TEST(Signature, HeaderWithoutARotationIsTheCurrentSignatureAlone) {
    auto campaign = rotatedCampaign(0);
    campaign.previousWebhookSecret.reset();
    campaign.previousSecretExpiresAt.reset();
    EXPECT_EQ(signatureHeader(targetOf(campaign), 5, "whe_1", 9, "{}"),
              sign(campaign.webhookSecret, "whe_1", 9, "{}"));
    // An expiry without a secret (or the reverse) adds nothing either.
    campaign.previousSecretExpiresAt = 1'000;
    EXPECT_EQ(signatureHeader(targetOf(campaign), 5, "whe_1", 9, "{}"),
              sign(campaign.webhookSecret, "whe_1", 9, "{}"));
}

TEST(Signature, AHeaderWithADamagedSecretThrowsRatherThanSigningWithGarbage) {
    auto campaign = rotatedCampaign(1'000);
    campaign.previousWebhookSecret = "whsec_***";
    EXPECT_THROW(signatureHeader(targetOf(campaign), 5, "whe_1", 9, "{}"), InvalidSecret);
    EXPECT_NO_THROW(signatureHeader(targetOf(campaign), 1'000, "whe_1", 9, "{}"))
        << "an expired previous secret is not used, damaged or not";
}

}  // namespace
