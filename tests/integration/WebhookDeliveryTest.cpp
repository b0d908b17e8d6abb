// meeting_booked webhooks end to end: a receiver on 127.0.0.1 checks what arrives (headers,
// the Standard Webhooks signature with OpenSSL, the exact payload), and the compressed retry
// schedule runs its course to delivered or failed, then redelivery.
#include <Poco/DateTimeFormatter.h>
#include <Poco/JSON/Array.h>
#include <Poco/Timestamp.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "WebhookSupport.hpp"
#include "support/PrometheusText.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::StartsWith;
using Answer = WebhookReceiver::Answer;

TEST(WebhookDelivery, DeliversTheSpecsPayloadSignedPerStandardWebhooks) {
    WebhookReceiver receiver;
    WebhookScenario scenario(receiver, kFastWebhooks);
    scenario.start();
    const auto before = nowMs();
    auto booking = scenario.book();
    ASSERT_THAT(booking.webhookId, StartsWith("msg_"));
    ASSERT_TRUE(receiver.waitForRequests(1));
    const auto after = nowMs();

    const auto request = receiver.requests().at(0);
    EXPECT_EQ(request.method, "POST");
    EXPECT_EQ(request.uri, "/hooks/lodestone");
    EXPECT_EQ(request.headers.at("content-type"), "application/json");
    EXPECT_THAT(request.headers.at("user-agent"), MatchesRegex("Lodestone/[0-9.]+ .*"));
    EXPECT_EQ(request.headers.at("webhook-id"), booking.webhookId);
    const std::string timestamp = request.headers.at("webhook-timestamp");
    const std::int64_t seconds = std::stoll(timestamp);
    EXPECT_GE(seconds, before / 1000);
    EXPECT_LE(seconds, after / 1000);
    EXPECT_TRUE(verifiedWithOpenSsl(scenario.secret(), booking.webhookId, timestamp, request.body,
                                    request.headers.at("webhook-signature")))
        << request.headers.at("webhook-signature");

    // The payload exactly, with this attempt's time (the same second as webhook-timestamp).
    const std::string sentAt =
        Poco::DateTimeFormatter::format(Poco::Timestamp(seconds * 1'000'000), "%Y-%m-%dT%H:%M:%S");
    const std::string expected =
        R"({"event":"meeting_booked","campaignId":")" + scenario.campaignId() +
        R"(","prospect":{"id":")" + booking.prospectId +
        R"(","companyName":"Analytical Engines","contactName":"Ada Lovelace",)"
        R"("email":"ada@engines.example","title":"VP Engineering"},"meeting":{"id":")" +
        booking.meetingId +
        R"(","scheduledAt":"2026-12-03T10:30:00Z","duration":45,"title":"Discovery call"},)"
        R"("timestamp":")" +
        sentAt;
    EXPECT_THAT(request.body, StartsWith(expected));
    EXPECT_THAT(request.body.substr(expected.size()), MatchesRegex(R"(\.[0-9]{3}Z"\})"));

    auto delivery = scenario.waitForStatus(booking.webhookId, "delivered");
    ASSERT_TRUE(delivery);
    EXPECT_EQ(delivery->getValue<int>("attemptCount"), 1);
    EXPECT_EQ(attempt(delivery, 0)->getValue<int>("statusCode"), 200);
    EXPECT_EQ(attempt(delivery, 0)->getValue<std::string>("url"), receiver.url());
    EXPECT_EQ(receiver.requests().size(), 1u);
}

TEST(WebhookDelivery, RetriesOnTheScheduleUntilDeliveredWithOneWebhookId) {
    WebhookReceiver receiver;
    // 500, 500, no answer within the 1 s timeout, then 200.
    receiver.script({{500, {}}, {500, {}}, {200, std::chrono::milliseconds(2500)}, {200, {}}});
    WebhookScenario scenario(receiver, kFastWebhooks);
    scenario.start();
    auto booking = scenario.book();

    auto delivery = scenario.waitForStatus(booking.webhookId, "delivered");
    ASSERT_TRUE(delivery);
    EXPECT_EQ(delivery->getValue<int>("attemptCount"), 4);
    auto requests = receiver.requests();
    ASSERT_EQ(requests.size(), 4u);
    for (const auto& request : requests) {
        EXPECT_EQ(request.headers.at("webhook-id"), booking.webhookId);
    }
    // Each retry starts at least its delay after the attempt before ended (the third attempt
    // ended at its 1 s timeout), by the daemon's own record: the receiver's clock sees a request
    // only after its connection was made, which under load may be well after the attempt began.
    const int delays[] = {200, 400, 600};
    for (unsigned i = 1; i < 4; ++i) {
        EXPECT_GE(attempt(delivery, i)->getValue<std::int64_t>("startedAt") -
                      attempt(delivery, i - 1)->getValue<std::int64_t>("finishedAt"),
                  delays[i - 1])
            << "before attempt " << i + 1;
    }
    EXPECT_GE(attempt(delivery, 2)->getValue<std::int64_t>("finishedAt") -
                  attempt(delivery, 2)->getValue<std::int64_t>("startedAt"),
              1000);

    EXPECT_EQ(attempt(delivery, 0)->getValue<int>("statusCode"), 500);
    EXPECT_THAT(attempt(delivery, 0)->getValue<std::string>("error"), StartsWith("HTTP 500"));
    EXPECT_EQ(attempt(delivery, 1)->getValue<int>("statusCode"), 500);
    EXPECT_TRUE(attempt(delivery, 2)->isNull("statusCode"));
    EXPECT_THAT(attempt(delivery, 2)->getValue<std::string>("error"), HasSubstr("1000 ms"));
    EXPECT_EQ(attempt(delivery, 3)->getValue<int>("statusCode"), 200);
    EXPECT_EQ(attempt(delivery, 3)->getValue<std::string>("outcome"), "delivered");
    EXPECT_TRUE(delivery->isNull("nextAttemptAt"));

    // GET /metrics: three retried attempts and one delivered; the receiver answered three of
    // them (the third timed out). Counted just after each outcome commits: polled.
    MetricsScrape metrics;
    EXPECT_TRUE(eventually(
        [&] {
            metrics = MetricsScrape::parse(scenario.engine().get("/metrics").body);
            return metrics.count("lodestone_webhook_deliveries_total",
                                 {{"outcome", "delivered"}}) == 1;
        },
        std::chrono::seconds(10)));
    EXPECT_EQ(metrics.count("lodestone_webhook_deliveries_total", {{"outcome", "retried"}}), 3);
    EXPECT_EQ(metrics.count("lodestone_webhook_deliveries_total", {{"outcome", "failed"}}), 0);
    EXPECT_EQ(metrics.count("lodestone_retries_total", {{"kind", "webhook_delivery"}}), 3);
    EXPECT_EQ(metrics.count("lodestone_webhook_delivery_latency_seconds_count"), 3);
}

TEST(WebhookDelivery, FailsAfterExactlyFiveAttemptsIsListedAndCanBeRedelivered) {
    WebhookReceiver receiver;
    receiver.answerAfterScript({500, {}});
    WebhookScenario scenario(receiver, kFastWebhooks);
    scenario.start();
    auto booking = scenario.book();

    auto delivery = scenario.waitForStatus(booking.webhookId, "failed");
    ASSERT_TRUE(delivery);
    EXPECT_EQ(delivery->getValue<int>("attemptCount"), 5);
    EXPECT_EQ(delivery->getArray("attempts")->size(), 5u);
    EXPECT_EQ(receiver.requests().size(), 5u);
    EXPECT_THAT(delivery->getValue<std::string>("lastError"), StartsWith("HTTP 500"));

    const std::string deliveries =
        "/api/campaigns/" + scenario.campaignId() + "/webhook-deliveries";
    auto failed = parseJson(scenario.engine().get(deliveries + "?status=failed").body);
    ASSERT_EQ(failed->getArray("deliveries")->size(), 1u);
    EXPECT_EQ(failed->getArray("deliveries")->getObject(0)->getValue<std::string>("id"),
              booking.webhookId);
    auto pending = parseJson(scenario.engine().get(deliveries + "?status=pending").body);
    EXPECT_EQ(pending->getArray("deliveries")->size(), 0u);

    receiver.answerAfterScript({200, {}});
    auto redelivered = scenario.engine().post(deliveries + "/" + booking.webhookId + "/redeliver");
    ASSERT_EQ(redelivered.status, 202) << redelivered.body;
    EXPECT_EQ(parseJson(redelivered.body)->getObject("delivery")->getValue<std::string>("status"),
              "pending");
    delivery = scenario.waitForStatus(booking.webhookId, "delivered");
    ASSERT_TRUE(delivery);
    EXPECT_EQ(delivery->getValue<int>("attemptCount"), 6);
    EXPECT_TRUE(attempt(delivery, 5)->getValue<bool>("redelivery"));
    ASSERT_EQ(receiver.requests().size(), 6u);
    EXPECT_EQ(receiver.requests()[5].headers.at("webhook-id"), booking.webhookId);
}

TEST(WebhookDelivery, AFailedRedeliveryIsOneAttemptWithoutRetries) {
    WebhookReceiver receiver;
    receiver.answerAfterScript({503, {}});
    WebhookScenario scenario(receiver, "allow_private_networks: true\nretry_schedule: []\n");
    scenario.start();
    auto booking = scenario.book();
    ASSERT_TRUE(scenario.waitForStatus(booking.webhookId, "failed"));

    const std::string path = "/api/campaigns/" + scenario.campaignId() + "/webhook-deliveries/" +
                             booking.webhookId + "/redeliver";
    ASSERT_EQ(scenario.engine().post(path).status, 202);
    auto delivery = scenario.waitForFinishedAttempts(booking.webhookId, 2);
    ASSERT_TRUE(delivery);
    EXPECT_EQ(delivery->getValue<std::string>("status"), "failed");
    EXPECT_EQ(delivery->getValue<int>("attemptCount"), 2);
    EXPECT_EQ(receiver.requests().size(), 2u);
}

TEST(WebhookDelivery, RedeliveryAnswersForUnknownAndPendingDeliveries) {
    WebhookReceiver receiver;
    receiver.script({{200, std::chrono::milliseconds(3000)}});
    WebhookScenario scenario(receiver, "allow_private_networks: true\ntimeout: 5s\n");
    scenario.start();
    auto booking = scenario.book();
    ASSERT_TRUE(receiver.waitForRequests(1));  // the attempt is in flight: pending

    const std::string deliveries =
        "/api/campaigns/" + scenario.campaignId() + "/webhook-deliveries";
    auto pending = scenario.engine().post(deliveries + "/" + booking.webhookId + "/redeliver");
    EXPECT_EQ(pending.status, 409) << pending.body;
    EXPECT_EQ(parseJson(pending.body)->getValue<std::string>("status"), "pending");
    auto unknown = scenario.engine().post(deliveries + "/msg_unknown/redeliver");
    EXPECT_EQ(unknown.status, 404) << unknown.body;
    auto badStatus = scenario.engine().get(deliveries + "?status=lost");
    EXPECT_EQ(badStatus.status, 400) << badStatus.body;
    auto badLimit = scenario.engine().get(deliveries + "?limit=0");
    EXPECT_EQ(badLimit.status, 400) << badLimit.body;
    auto otherCampaign = scenario.engine().get("/api/campaigns/camp_unknown/webhook-deliveries");
    EXPECT_EQ(otherCampaign.status, 404) << otherCampaign.body;
}

TEST(WebhookDelivery, ARotatedSecretSignsAlongsideTheNewOneFor24Hours) {
    WebhookReceiver receiver;
    WebhookScenario scenario(receiver, kFastWebhooks);
    scenario.start();
    const std::string oldSecret = scenario.secret();
    auto rotated =
        runToCompletion(LODESTONECTL_PATH, {"--config", scenario.engine().configPath().string(),
                                            "campaign", "rotate-secret", scenario.campaignId()});
    ASSERT_EQ(rotated.status.code, 0) << rotated.output << rotated.errors;
    const std::string newSecret = scenario.secret();
    ASSERT_NE(newSecret, oldSecret);

    auto booking = scenario.book();
    ASSERT_TRUE(receiver.waitForRequests(1));
    const auto request = receiver.requests().at(0);
    const std::string header = request.headers.at("webhook-signature");
    EXPECT_EQ(std::count(header.begin(), header.end(), ' '), 1) << header;
    for (const auto& secret : {oldSecret, newSecret}) {
        EXPECT_TRUE(verifiedWithOpenSsl(secret, booking.webhookId,
                                        request.headers.at("webhook-timestamp"), request.body,
                                        header));
    }
}

TEST(WebhookDelivery, DeliveryRoutesNeedAKeyOfTheCampaignsOrganisation) {
    WebhookReceiver receiver;
    WebhookScenario scenario(receiver, kFastWebhooks);
    scenario.start();
    auto booking = scenario.book();
    ASSERT_TRUE(scenario.waitForStatus(booking.webhookId, "delivered"));

    const std::string list = "/api/campaigns/" + scenario.campaignId() + "/webhook-deliveries";
    const std::string redeliver = list + "/" + booking.webhookId + "/redeliver";
    const auto port = scenario.engine().port();
    const std::map<std::string, std::string> noKey;
    const std::map<std::string, std::string> unknownKey{
        {"Authorization", "Bearer lsk_not_a_real_key_0000000000000000000000"}};
    for (const auto& headers : {noKey, unknownKey}) {
        auto listed = httpRequest(port, "GET", list, "", headers);
        EXPECT_EQ(listed.status, 401) << listed.body;
        EXPECT_TRUE(parseJson(listed.body)->has("error")) << listed.body;
        EXPECT_FALSE(parseJson(listed.body)->has("deliveries")) << listed.body;
        EXPECT_EQ(listed.headers.count("WWW-Authenticate"), 1u);
        auto redelivered = httpRequest(port, "POST", redeliver, "", headers);
        EXPECT_EQ(redelivered.status, 401) << redelivered.body;
        EXPECT_TRUE(parseJson(redelivered.body)->has("error")) << redelivered.body;
    }

    // A key of another organisation, made while the daemon runs.
    const auto rivalOrg = ctl(scenario, {"org", "create", "Rival"})->getValue<std::string>("id");
    const auto rivalKey = ctl(scenario, {"key", "create", "--org", rivalOrg, "--name", "rival"})
                              ->getValue<std::string>("key");
    const std::map<std::string, std::string> rival{{"Authorization", "Bearer " + rivalKey}};
    auto listed = httpRequest(port, "GET", list, "", rival);
    EXPECT_EQ(listed.status, 403) << listed.body;
    EXPECT_THAT(parseJson(listed.body)->getValue<std::string>("error"), HasSubstr("organization"));
    EXPECT_FALSE(parseJson(listed.body)->has("deliveries"));
    auto redelivered = httpRequest(port, "POST", redeliver, "", rival);
    EXPECT_EQ(redelivered.status, 403) << redelivered.body;
    EXPECT_THAT(parseJson(redelivered.body)->getValue<std::string>("error"),
                HasSubstr("organization"));

    // Nothing was queued: still delivered, after its one attempt.
    auto delivery = scenario.delivery(booking.webhookId);
    ASSERT_TRUE(delivery);
    EXPECT_EQ(delivery->getValue<std::string>("status"), "delivered");
    EXPECT_EQ(delivery->getValue<int>("attemptCount"), 1);
    EXPECT_TRUE(delivery->isNull("nextAttemptAt"));
}

TEST(WebhookDelivery, ARedirectIsAFailedAttemptThatIsNotFollowedAndIsRetried) {
    WebhookReceiver receiver;
    // The first answer is a 302 to another path of the same receiver, which would answer 200.
    receiver.redirectTo(receiver.url("/hooks/moved"));
    receiver.script({{302, {}}});
    WebhookScenario scenario(receiver, kFastWebhooks);
    scenario.start();
    auto booking = scenario.book();

    // The retry, to the campaign's URL, is answered 200.
    auto delivery = scenario.waitForStatus(booking.webhookId, "delivered");
    ASSERT_TRUE(delivery);
    EXPECT_EQ(delivery->getValue<int>("attemptCount"), 2);
    auto first = attempt(delivery, 0);
    EXPECT_EQ(first->getValue<std::string>("outcome"), "failed");
    EXPECT_EQ(first->getValue<int>("statusCode"), 302);
    EXPECT_THAT(first->getValue<std::string>("error"),
                StartsWith("HTTP 302 (redirects are not followed"));
    auto second = attempt(delivery, 1);
    EXPECT_EQ(second->getValue<std::string>("outcome"), "delivered");
    EXPECT_FALSE(second->getValue<bool>("redelivery"));  // scheduled, not asked for
    EXPECT_EQ(second->getValue<std::string>("url"), receiver.url());
    // Due a retry delay after the failed attempt ended.
    EXPECT_GE(
        second->getValue<Poco::Int64>("startedAt") - first->getValue<Poco::Int64>("finishedAt"),
        200);

    // The Location target was never asked for: both requests went to the campaign's URL.
    auto requests = receiver.requests();
    ASSERT_EQ(requests.size(), 2u);
    for (const auto& request : requests) EXPECT_EQ(request.uri, "/hooks/lodestone");
}

TEST(WebhookDelivery, ASlowReceiverDoesNotHoldBackAnotherCampaignsDelivery) {
    WebhookReceiver slow;
    slow.answerAfterScript({200, std::chrono::seconds(120)});  // far past webhooks.timeout
    WebhookReceiver fast;
    // Campaign Hooks delivers to the slow receiver, Fast to the fast one.
    WebhookScenario scenario(slow,
                             "allow_private_networks: true\nretry_schedule: [10m]\ntimeout: 5s\n");
    auto setup = scenario.setup();
    setup.campaignsYaml += "- name: Fast\n  webhook_url: " + fast.url() + "\n";
    scenario.engine().start(setup);
    const std::string fastCampaign = scenario.engine().campaignId("Fast");

    auto slowBooking = scenario.book("ada@engines.example");
    ASSERT_FALSE(slowBooking.webhookId.empty());
    ASSERT_TRUE(slow.waitForRequests(1));  // its first attempt is under way
    const std::string fastId =
        bookMeeting(scenario.engine(), fastCampaign, "bo@initech.example").webhookId;
    ASSERT_FALSE(fastId.empty());

    Poco::JSON::Object::Ptr fastDelivery;
    ASSERT_TRUE(eventually(
        [&] {
            fastDelivery = listedDelivery(scenario.engine(), fastCampaign, fastId);
            return fastDelivery && fastDelivery->getValue<std::string>("status") == "delivered";
        },
        std::chrono::seconds(30)));
    // Read after the fast one was recorded delivered: the slow attempt is still being made.
    auto slowDelivery = scenario.delivery(slowBooking.webhookId);
    ASSERT_TRUE(slowDelivery);
    EXPECT_EQ(slowDelivery->getValue<std::string>("status"), "pending");
    ASSERT_EQ(slowDelivery->getArray("attempts")->size(), 1u);
    EXPECT_EQ(attempt(slowDelivery, 0)->getValue<std::string>("outcome"), "in_flight");

    EXPECT_EQ(fastDelivery->getValue<int>("attemptCount"), 1);
    EXPECT_EQ(attempt(fastDelivery, 0)->getValue<int>("statusCode"), 200);
    ASSERT_EQ(fast.requests().size(), 1u);
    EXPECT_EQ(fast.requests()[0].headers.at("webhook-id"), fastId);

    // The slow attempt then ends at the timeout, failed, with a retry due.
    slowDelivery = scenario.waitForFinishedAttempts(slowBooking.webhookId, 1);
    ASSERT_TRUE(slowDelivery);
    EXPECT_EQ(attempt(slowDelivery, 0)->getValue<std::string>("outcome"), "failed");
    EXPECT_THAT(attempt(slowDelivery, 0)->getValue<std::string>("error"),
                HasSubstr("webhooks.timeout"));
    EXPECT_EQ(slowDelivery->getValue<std::string>("status"), "pending");
    EXPECT_FALSE(slowDelivery->isNull("nextAttemptAt"));
    EXPECT_EQ(slow.requests().size(), 1u);
}

}  // namespace
}  // namespace lodestone::test
