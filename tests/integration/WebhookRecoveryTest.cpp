// Webhook delivery when things go wrong around it: restarts between attempts, a daemon killed
// mid-attempt, a webhook plugin that throws, hangs or crashes, and receivers at addresses the
// daemon must refuse to call.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cctype>
#include <csignal>
#include <ostream>

#include "WebhookSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

TEST(WebhookRecovery, TheScheduleContinuesAcrossARestart) {
    WebhookReceiver receiver;
    receiver.script({{500, {}}});
    WebhookScenario scenario(receiver,
                             "allow_private_networks: true\nretry_schedule: [2s]\ntimeout: 1s\n");
    scenario.start();
    auto booking = scenario.book();
    auto delivery = scenario.waitForFinishedAttempts(booking.webhookId, 1);
    ASSERT_TRUE(delivery);
    ASSERT_EQ(delivery->getValue<std::string>("status"), "pending");
    const std::int64_t due = delivery->getValue<Poco::Int64>("nextAttemptAt");
    scenario.engine().daemon().stop(SIGTERM);

    // Back at once, the retry still pending (or overdue, on a slow machine): it goes out at the
    // time the first process set, neither lost with it nor sent before it.
    EXPECT_EQ(receiver.requests().size(), 1u);
    scenario.engine().start();
    delivery = scenario.waitForStatus(booking.webhookId, "delivered");
    ASSERT_TRUE(delivery);
    EXPECT_EQ(delivery->getValue<int>("attemptCount"), 2);
    ASSERT_EQ(receiver.requests().size(), 2u);
    EXPECT_GE(receiver.requests()[1].receivedAtMs, due);
    EXPECT_EQ(receiver.requests()[1].headers.at("webhook-id"), booking.webhookId);
}

TEST(WebhookRecovery, ADeliveryInFlightWhenTheDaemonIsKilledIsDeliveredAfterRestart) {
    WebhookReceiver receiver;
    // The first request is still being answered when the daemon dies.
    receiver.script({{200, std::chrono::milliseconds(3000)}});
    WebhookScenario scenario(
        receiver, "allow_private_networks: true\nretry_schedule: [200ms]\ntimeout: 5s\n");
    scenario.start();
    auto booking = scenario.book();
    ASSERT_TRUE(receiver.waitForRequests(1));
    scenario.engine().daemon().stop(SIGKILL);

    scenario.engine().start();
    auto delivery = scenario.waitForStatus(booking.webhookId, "delivered");
    ASSERT_TRUE(delivery);
    EXPECT_EQ(delivery->getValue<int>("attemptCount"), 2);
    EXPECT_THAT(attempt(delivery, 0)->getValue<std::string>("error"), StartsWith("interrupted"));
    ASSERT_EQ(receiver.requests().size(), 2u);
    EXPECT_EQ(receiver.requests()[1].headers.at("webhook-id"), booking.webhookId);
}

// A scripted webhook plugin misbehaving on a delivery's first attempt, then delivering for real.
class WebhookPluginMisbehaves : public ::testing::Test {
  protected:
    Poco::JSON::Object::Ptr deliverWith(const std::string& script, const std::string& timeout) {
        scenario_ = std::make_unique<WebhookScenario>(
            receiver_,
            "plugin: hook\nallow_private_networks: true\nretry_schedule: [200ms]\ntimeout: " +
                timeout + "\n",
            script);
        scenario_->start();
        booking_ = scenario_->book();
        return scenario_->waitForStatus(booking_.webhookId, "delivered");
    }

    WebhookReceiver receiver_;
    std::unique_ptr<WebhookScenario> scenario_;
    WebhookScenario::Booking booking_;
};

TEST_F(WebhookPluginMisbehaves, AThrowingPluginFailsTheAttemptWithItsMessage) {
    auto delivery = deliverWith("fail_times: 1", "1s");
    ASSERT_TRUE(delivery);
    EXPECT_EQ(delivery->getValue<int>("attemptCount"), 2);
    EXPECT_THAT(attempt(delivery, 0)->getValue<std::string>("error"),
                HasSubstr("scripted failure 1 of 1"));
    EXPECT_EQ(receiver_.requests().size(), 1u);
}

TEST_F(WebhookPluginMisbehaves, AHangingPluginIsLeftBehindAtTheTimeout) {
    auto delivery = deliverWith("hang_times: 1\n      hang: 3s", "500ms");
    ASSERT_TRUE(delivery);
    EXPECT_EQ(delivery->getValue<int>("attemptCount"), 2);
    EXPECT_THAT(attempt(delivery, 0)->getValue<std::string>("error"),
                HasSubstr("within the timeout of 500 ms"));
}

TEST(WebhookRecovery, APluginThatCrashesTheDaemonIsRecoveredAfterRestart) {
    WebhookReceiver receiver;
    WebhookScenario scenario(
        receiver, "plugin: hook\nallow_private_networks: true\nretry_schedule: [200ms]\n",
        "crash_times: 1");
    // Booked on a lodestoned that delivers nothing, so the crash cannot cut off the answer.
    auto apiOnly = scenario.setup();
    apiOnly.runJobs = false;
    scenario.engine().start(apiOnly);
    auto booking = scenario.book();
    ASSERT_FALSE(booking.webhookId.empty());
    scenario.engine().daemon().stop(SIGTERM);

    // The delivering daemon aborts in its first attempt (perhaps before it even listens).
    scenario.engine().launch(scenario.setup());
    ASSERT_TRUE(eventually([&] { return !scenario.engine().daemon().process().running(); },
                           std::chrono::seconds(30)));
    scenario.engine().start();
    auto delivery = scenario.waitForStatus(booking.webhookId, "delivered");
    ASSERT_TRUE(delivery);
    EXPECT_THAT(attempt(delivery, 0)->getValue<std::string>("error"), StartsWith("interrupted"));
    EXPECT_EQ(receiver.requests().size(), 1u);
}

// Receivers the daemon must not call unless webhooks.allow_private_networks is true. Nothing is
// sent to any of them: the address is checked before connecting.
struct ForbiddenReceiver {
    std::string url;
    std::string named;  // what the attempt's error calls the address
    // Whether allow_private_networks would open it (multicast and metadata stay closed).
    bool openedByConfig = true;
};

void PrintTo(const ForbiddenReceiver& receiver, std::ostream* out) {
    *out << receiver.url;
}

// "3_private": gtest names must be alphanumeric or underscores.
std::string nameOf(const ::testing::TestParamInfo<ForbiddenReceiver>& info) {
    std::string name = std::to_string(info.index) + "_" + info.param.named;
    for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    return name;
}

class WebhookSsrf : public ::testing::TestWithParam<ForbiddenReceiver> {};

TEST_P(WebhookSsrf, IsRefusedWithAClearError) {
    WebhookReceiver receiver;
    WebhookScenario scenario(receiver, "retry_schedule: []\ntimeout: 1s\n");
    scenario.start();
    std::string url = GetParam().url;
    if (auto at = url.find("PORT"); at != std::string::npos) {
        url.replace(at, 4, std::to_string(receiver.port()));
    }
    scenario.engine().factory().setWebhookUrl(scenario.campaignId(), url);
    auto booking = scenario.book();
    auto delivery = scenario.waitForStatus(booking.webhookId, "failed");
    ASSERT_TRUE(delivery);
    const std::string error = attempt(delivery, 0)->getValue<std::string>("error");
    EXPECT_THAT(error, HasSubstr(GetParam().named));
    if (GetParam().openedByConfig) {
        EXPECT_THAT(error, HasSubstr("webhooks.allow_private_networks"));
    }
    EXPECT_TRUE(receiver.requests().empty());
}

INSTANTIATE_TEST_SUITE_P(
    AddressClasses, WebhookSsrf,
    ::testing::Values(ForbiddenReceiver{"http://127.0.0.1:PORT/hooks", "loopback"},
                      ForbiddenReceiver{"http://localhost:PORT/hooks", "loopback"},
                      ForbiddenReceiver{"http://[::1]:PORT/hooks", "loopback"},
                      ForbiddenReceiver{"http://10.20.30.40/hooks", "private"},
                      ForbiddenReceiver{"http://172.16.0.9/hooks", "private"},
                      ForbiddenReceiver{"http://192.168.1.20/hooks", "private"},
                      ForbiddenReceiver{"http://[fd12:3456::1]/hooks", "private"},
                      ForbiddenReceiver{"http://169.254.10.10/hooks", "link-local"},
                      ForbiddenReceiver{"http://[fe80::1]/hooks", "link-local"},
                      ForbiddenReceiver{"http://224.0.0.251/hooks", "multicast", false},
                      ForbiddenReceiver{"http://169.254.169.254/latest/meta-data", "metadata",
                                        false},
                      ForbiddenReceiver{"http://[::ffff:127.0.0.1]:PORT/hooks", "loopback"}),
    nameOf);

}  // namespace
}  // namespace lodestone::test
