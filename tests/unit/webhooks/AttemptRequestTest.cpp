// What one attempt sends: the stored payload with this attempt's timestamp, and the Standard
// Webhooks headers a receiver verifies it with.
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <map>
#include <sstream>
#include <stdexcept>

#include "webhooks/AttemptRequest.hpp"
#include "webhooks/Signature.hpp"

using namespace lodestone;
using namespace lodestone::webhooks;

namespace {

// 2026-11-22T09:30:00.123Z
constexpr domain::Timestamp kNow = 1'795'339'800'123;
const std::string kKey = "a receiver's 32-byte secret key!";

// As meetingBookedPayload stores it: spec field order, no timestamp.
const std::string kStoredPayload =
    R"({"event":"meeting_booked","campaignId":"cmp_0123456789abcdefghijklmn",)"
    R"("prospect":{"id":"prs_0123456789abcdefghijklmn","companyName":"Initech",)"
    R"("contactName":"Ann Lee","email":"ann@initech.example","title":"CTO"},)"
    R"("meeting":{"id":"mtg_0123456789abcdefghijklmn","scheduledAt":"2026-11-23T14:00:00Z",)"
    R"("duration":30,"title":"Intro call"}})";

std::string base64(const std::string& bytes) {
    std::string out(4 * ((bytes.size() + 2) / 3), '\0');
    auto written = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                   reinterpret_cast<const unsigned char*>(bytes.data()),
                                   static_cast<int>(bytes.size()));
    out.resize(static_cast<std::size_t>(written));
    return out;
}

// What a receiver computes for `signed content` with the raw key.
std::string expectedSignature(const std::string& key, const std::string& signedContent) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
         reinterpret_cast<const unsigned char*>(signedContent.data()), signedContent.size(), digest,
         &length);
    return "v1," + base64(std::string(reinterpret_cast<const char*>(digest), length));
}

domain::WebhookDelivery delivery(const std::string& payload = kStoredPayload) {
    domain::WebhookDelivery d;
    d.id = "whe_0123456789abcdefghijklmn";
    d.organisationId = "org_1";
    d.campaignId = "cmp_0123456789abcdefghijklmn";
    d.event = "meeting_booked";
    d.payloadJson = payload;
    d.attemptCount = 3;
    return d;
}

domain::Campaign campaign() {
    domain::Campaign c;
    c.id = "cmp_0123456789abcdefghijklmn";
    c.webhookUrl = "https://crm.example/hooks/lodestone";
    c.webhookSecret = "whsec_" + base64(kKey);
    return c;
}

std::map<std::string, std::string> headerMap(const AttemptRequest& request) {
    std::map<std::string, std::string> out;
    for (const auto& [name, value] : request.headers) out[name] = value;
    return out;
}

TEST(AttemptRequest, BodyIsTheStoredPayloadWithTheTimestampAppendedLast) {
    auto request =
        buildAttemptRequest(delivery(), targetOf(campaign()), "https://x.example/h", kNow);
    const std::string expected = kStoredPayload.substr(0, kStoredPayload.size() - 1) +
                                 R"(,"timestamp":"2026-11-22T09:30:00.123Z"})";
    EXPECT_EQ(request.body, expected);
    EXPECT_EQ(request.url, "https://x.example/h");
}

TEST(AttemptRequest, TextNeedingEscapesSurvivesByteForByte) {
    // Stored the way meetingBookedPayload stores it: stringified by Poco, key order kept.
    Poco::JSON::Object payload(Poco::JSON_PRESERVE_KEY_ORDER);
    payload.set("event", "meeting_booked");
    payload.set("title", "Zo\u00eb's \"intro\"\n\tcall / \u65e5\u672c \U0001f4c5 \\ end");
    payload.set("number", static_cast<Poco::Int64>(2432232314));
    std::ostringstream stored;
    payload.stringify(stored);

    auto request =
        buildAttemptRequest(delivery(stored.str()), targetOf(campaign()), "https://x", kNow);
    EXPECT_EQ(request.body, stored.str().substr(0, stored.str().size() - 1) +
                                R"(,"timestamp":"2026-11-22T09:30:00.123Z"})");
    auto parsed = Poco::JSON::Parser().parse(request.body).extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(parsed->getValue<std::string>("title"), payload.getValue<std::string>("title"));
}

TEST(AttemptRequest, TimestampIsIsoUtcWithMilliseconds) {
    EXPECT_EQ(isoUtc(kNow), "2026-11-22T09:30:00.123Z");
    EXPECT_EQ(isoUtc(kNow - 123), "2026-11-22T09:30:00.000Z");
    EXPECT_EQ(isoUtc(kNow - 118), "2026-11-22T09:30:00.005Z");
    EXPECT_EQ(isoUtc(0), "1970-01-01T00:00:00.000Z");
}

TEST(AttemptRequest, HeadersIdentifyTimeAndSignTheExactBody) {
    const auto d = delivery();
    auto request = buildAttemptRequest(d, targetOf(campaign()), "https://x.example/h", kNow);
    ASSERT_EQ(request.headers.size(), 4u);
    auto headers = headerMap(request);
    EXPECT_EQ(headers["Content-Type"], "application/json");
    EXPECT_EQ(headers["webhook-id"], d.id);
    EXPECT_EQ(headers["webhook-timestamp"], "1795339800") << "the body's time, in seconds";
    EXPECT_EQ(headers["webhook-signature"],
              expectedSignature(kKey, d.id + ".1795339800." + request.body));
}

TEST(AttemptRequest, AfterARotationBothSignaturesVerify) {
    auto rotated = campaign();
    rotated.previousWebhookSecret = "whsec_" + base64("the previous key");
    rotated.previousSecretExpiresAt = kNow + 1;
    const auto d = delivery();
    auto request = buildAttemptRequest(d, targetOf(rotated), "https://x.example/h", kNow);
    const std::string content = d.id + ".1795339800." + request.body;
    EXPECT_EQ(
        headerMap(request)["webhook-signature"],
        expectedSignature(kKey, content) + " " + expectedSignature("the previous key", content));
}

TEST(AttemptRequest, EveryAttemptGetsItsOwnTimestampAndSignatureButTheSameId) {
    const auto d = delivery();
    auto first = buildAttemptRequest(d, targetOf(campaign()), "https://x.example/h", kNow);
    auto retry = buildAttemptRequest(d, targetOf(campaign()), "https://x.example/h", kNow + 60'000);
    EXPECT_NE(first.body, retry.body);
    EXPECT_NE(headerMap(first)["webhook-signature"], headerMap(retry)["webhook-signature"]);
    EXPECT_EQ(headerMap(retry)["webhook-timestamp"], "1795339860");
    EXPECT_EQ(headerMap(first)["webhook-id"], headerMap(retry)["webhook-id"]);
}

TEST(AttemptRequest, PluginInputCarriesEverythingTheWebhookPluginSends) {
    const auto d = delivery();
    auto request = buildAttemptRequest(d, targetOf(campaign()), "https://x.example/h", kNow);
    auto input =
        Poco::JSON::Parser().parse(request.pluginInput(d)).extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(input->size(), 6u);
    EXPECT_EQ(input->getValue<std::string>("deliveryId"), d.id);
    EXPECT_EQ(input->getValue<std::string>("event"), "meeting_booked");
    EXPECT_EQ(input->getValue<int>("attempt"), 3);
    EXPECT_EQ(input->getValue<std::string>("url"), "https://x.example/h");
    EXPECT_EQ(input->getValue<std::string>("body"), request.body)
        << "the body travels as a string, byte for byte what was signed";
    auto headers = input->getObject("headers");
    ASSERT_TRUE(headers);
    EXPECT_EQ(headers->size(), 4u);
    for (const auto& [name, value] : request.headers) {
        EXPECT_EQ(headers->getValue<std::string>(name), value) << name;
    }
}

TEST(AttemptRequest, APayloadThatIsNotAJsonObjectFailsNamingTheDelivery) {
    for (const std::string payload : {"", "not json", "[1,2]", "42", "\"text\"", "null", "{"}) {
        try {
            buildAttemptRequest(delivery(payload), targetOf(campaign()), "https://x.example/h",
                                kNow);
            ADD_FAILURE() << "accepted payload " << payload;
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find("whe_0123456789abcdefghijklmn"), std::string::npos)
                << e.what();
        }
    }
}

TEST(AttemptRequest, ADamagedSecretThrowsInvalidSecret) {
    auto damaged = campaign();
    damaged.webhookSecret = "not a secret";
    EXPECT_THROW(buildAttemptRequest(delivery(), targetOf(damaged), "https://x.example/h", kNow),
                 InvalidSecret);
}

}  // namespace
