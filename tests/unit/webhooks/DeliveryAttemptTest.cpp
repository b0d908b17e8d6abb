// What one attempt comes to: readReport classifies the webhook plugin's report (only a 2xx is
// delivered; a redirect is a failure that says so), and DeliveryAttempt::make runs the bundled
// http plugin against a scripted gateway, so a plugin failure is recorded with its reason.
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "plugins/PluginInstance.hpp"
#include "plugins/PluginLibrary.hpp"
#include "webhooks/DeliveryAttempt.hpp"

using namespace lodestone;
using namespace lodestone::webhooks;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

namespace {

std::string report(int statusCode, const std::string& excerpt = "") {
    Poco::JSON::Object object;
    object.set("statusCode", statusCode);
    object.set("latencyMs", 7);
    object.set("responseExcerpt", excerpt);
    std::ostringstream text;
    object.stringify(text);
    return text.str();
}

struct StatusCase {
    int status;
    bool delivered;
};

class ReadReportStatus : public ::testing::TestWithParam<StatusCase> {};

TEST_P(ReadReportStatus, OnlyA2xxIsDelivered) {
    const auto [status, delivered] = GetParam();
    auto result = readReport(report(status, "the receiver's words"), 42);
    EXPECT_EQ(result.delivered, delivered) << status;
    ASSERT_TRUE(result.statusCode);
    EXPECT_EQ(*result.statusCode, status);
    EXPECT_EQ(result.latencyMs, 42);
    if (delivered) {
        EXPECT_FALSE(result.error) << *result.error;
    } else {
        ASSERT_TRUE(result.error);
        EXPECT_THAT(*result.error, StartsWith("HTTP " + std::to_string(status)));
        EXPECT_THAT(*result.error, HasSubstr(": the receiver's words"));
    }
}

INSTANTIATE_TEST_SUITE_P(EdgesOfEachClass, ReadReportStatus,
                         ::testing::Values(StatusCase{199, false}, StatusCase{200, true},
                                           StatusCase{204, true}, StatusCase{299, true},
                                           StatusCase{300, false}, StatusCase{302, false},
                                           StatusCase{500, false}),
                         [](const auto& info) { return std::to_string(info.param.status); });

TEST(ReadReport, ARedirectIsAFailureThatSaysRedirectsAreNotFollowed) {
    for (int status : {300, 301, 302, 307, 308, 399}) {
        auto result = readReport(report(status, "Moved"), 0);
        EXPECT_FALSE(result.delivered);
        ASSERT_TRUE(result.error);
        EXPECT_THAT(*result.error,
                    StartsWith("HTTP " + std::to_string(status) + " (redirects are not followed"));
        EXPECT_THAT(*result.error, HasSubstr("Moved"));
    }
    // Neighbours of the 3xx range are plain failures.
    for (int status : {199, 400, 500}) {
        auto result = readReport(report(status), 0);
        ASSERT_TRUE(result.error);
        EXPECT_EQ(*result.error, "HTTP " + std::to_string(status));
    }
}

TEST(ReadReport, WithoutAnExcerptTheErrorIsTheStatusAlone) {
    auto result = readReport(R"({"statusCode":503})", 0);
    EXPECT_FALSE(result.delivered);
    EXPECT_EQ(result.error, "HTTP 503");
    // A non-string excerpt is ignored rather than trusted.
    EXPECT_EQ(readReport(R"({"statusCode":503,"responseExcerpt":{"a":1}})", 0).error, "HTTP 503");
}

TEST(ReadReport, AReportWithoutAnIntegerStatusCodeIsAFailedAttemptWithoutAStatus) {
    for (const std::string output :
         {R"({})", R"({"responseExcerpt":"ok"})", R"({"statusCode":null})",
          R"({"statusCode":"200"})", R"({"statusCode":200.5})", R"({"statusCode":[200]})",
          R"({"statusCode":{"code":200}})", R"({"status":200})", R"({"statusCode":true})",
          R"([200])", "not json", ""}) {
        auto result = readReport(output, 9);
        EXPECT_FALSE(result.delivered) << output;
        EXPECT_FALSE(result.statusCode) << output;
        EXPECT_EQ(result.latencyMs, 9) << output;
        EXPECT_EQ(result.error, "the webhook plugin reported no integer statusCode") << output;
    }
}

TEST(ReadReport, AnIntegerOutsideHttpStatusesIsAFailedAttemptThatSaysSo) {
    for (const std::string code : {"99", "600", "-1", "99999999999"}) {
        auto result = readReport(R"({"statusCode":)" + code + "}", 9);
        EXPECT_FALSE(result.delivered) << code;
        EXPECT_FALSE(result.statusCode) << code;
        EXPECT_EQ(result.latencyMs, 9) << code;
        EXPECT_EQ(result.error, "the webhook plugin reported statusCode " + code +
                                    ", which is not an HTTP status");
    }
}

// The host's outbound client as the plugin reaches it: answers as scripted, or throws the way
// the real one does when no response came.
class ScriptedGateway : public plugins::HttpGateway {
  public:
    explicit ScriptedGateway(std::string response) : response_(std::move(response)) {}
    static std::shared_ptr<ScriptedGateway> answering(int status, const std::string& body) {
        Poco::JSON::Object object;
        object.set("status", status);
        object.set("headers", Poco::JSON::Object());
        object.set("body", body);
        object.set("truncated", false);
        object.set("latencyMs", 3);
        std::ostringstream text;
        object.stringify(text);
        return std::make_shared<ScriptedGateway>(text.str());
    }
    static std::shared_ptr<ScriptedGateway> failing(std::string reason) {
        auto gateway = std::make_shared<ScriptedGateway>("");
        gateway->failure_ = std::move(reason);
        return gateway;
    }

    std::string request(const plugins::RunControl&, const std::string& requestJson) const override {
        {
            std::lock_guard lock(mutex_);
            requests_.push_back(requestJson);
        }
        if (!failure_.empty()) throw std::runtime_error(failure_);
        return response_;
    }

    std::vector<std::string> requests() const {
        std::lock_guard lock(mutex_);
        return requests_;
    }

  private:
    std::string response_;
    std::string failure_;
    mutable std::mutex mutex_;
    mutable std::vector<std::string> requests_;
};

domain::WebhookDelivery delivery() {
    domain::WebhookDelivery d;
    d.id = "whe_0123456789abcdefghijklmn";
    d.organisationId = "org_1";
    d.campaignId = "cmp_0123456789abcdefghijklmn";
    d.event = "meeting_booked";
    d.payloadJson =
        R"({"event":"meeting_booked","campaignId":"cmp_0123456789abcdefghijklmn",)"
        R"("prospect":{"id":"prs_0123456789abcdefghijklmn","companyName":"Initech",)"
        R"("contactName":"Ann Lee","email":"ann@initech.example","title":"CTO"},)"
        R"("meeting":{"id":"mtg_0123456789abcdefghijklmn","scheduledAt":"2026-11-23T14:00:00Z",)"
        R"("duration":30,"title":"Intro call"}})";
    d.attemptCount = 1;
    return d;
}

domain::Campaign campaign() {
    domain::Campaign c;
    c.id = "cmp_0123456789abcdefghijklmn";
    c.organisationId = "org_1";
    c.name = "Spring";
    c.webhookUrl = "https://crm.example/hooks/lodestone";
    c.webhookSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    return c;
}

class DeliveryAttemptThroughThePlugin : public ::testing::Test {
  protected:
    AttemptResult attempt(std::shared_ptr<ScriptedGateway> gateway,
                          const std::optional<domain::Campaign>& in = campaign()) {
        auto plugin = std::make_shared<plugins::PluginInstance>(
            plugins::PluginLibrary::open(WEBHOOK_HTTP_PLUGIN), "webhook-http");
        plugin->configure(R"({"excerpt_bytes":256})");
        const domain::SystemClock clock;
        DeliveryAttempt attempt(plugin, gateway, std::chrono::seconds(5), clock);
        // As the work engine makes it: the prepared call, then its end read.
        auto control = std::make_shared<plugins::RunControl>(
            plugins::RunControl::deadlineIn(attempt.timeout()));
        std::optional<DeliveryTarget> target;
        if (in) target = targetOf(*in);
        auto call = attempt.prepare(delivery(), target, control);
        if (call.ended) return *call.ended;
        work::CallEnd end;
        try {
            end.output = call.run();
        } catch (...) {
            end.error = std::current_exception();
        }
        return attempt.conclude(end, *control, 0);
    }
};

TEST_F(DeliveryAttemptThroughThePlugin, A2xxIsDelivered) {
    auto gateway = ScriptedGateway::answering(204, "");
    auto result = attempt(gateway);
    EXPECT_TRUE(result.delivered);
    EXPECT_EQ(result.statusCode, 204);
    EXPECT_FALSE(result.error);
    ASSERT_EQ(gateway->requests().size(), 1u);
    auto sent =
        Poco::JSON::Parser().parse(gateway->requests()[0]).extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(sent->getValue<std::string>("method"), "POST");
    EXPECT_EQ(sent->getValue<std::string>("url"), "https://crm.example/hooks/lodestone");
}

TEST_F(DeliveryAttemptThroughThePlugin, ARedirectIsAFailedAttemptWithTheReceiversWords) {
    auto result = attempt(ScriptedGateway::answering(302, "Found: see /elsewhere"));
    EXPECT_FALSE(result.delivered);
    EXPECT_EQ(result.statusCode, 302);
    ASSERT_TRUE(result.error);
    EXPECT_THAT(*result.error, StartsWith("HTTP 302 (redirects are not followed"));
    EXPECT_THAT(*result.error, HasSubstr("Found: see /elsewhere"));
}

TEST_F(DeliveryAttemptThroughThePlugin, AServerErrorIsAFailedAttempt) {
    auto result = attempt(ScriptedGateway::answering(500, "boom"));
    EXPECT_FALSE(result.delivered);
    EXPECT_EQ(result.statusCode, 500);
    EXPECT_EQ(result.error, "HTTP 500: boom");
}

TEST_F(DeliveryAttemptThroughThePlugin, APluginFailureIsAFailedAttemptWithItsReason) {
    auto gateway = ScriptedGateway::failing("connection refused by 203.0.113.7:443");
    auto result = attempt(gateway);
    EXPECT_FALSE(result.delivered);
    EXPECT_FALSE(result.statusCode);
    ASSERT_TRUE(result.error);
    EXPECT_THAT(*result.error, HasSubstr("connection refused by 203.0.113.7:443"));
    EXPECT_THAT(*result.error, Not(HasSubstr("statusCode")));
    EXPECT_EQ(gateway->requests().size(), 1u);
}

TEST_F(DeliveryAttemptThroughThePlugin, NoUrlOrNoCampaignFailsBeforeThePluginRuns) {
    auto gateway = ScriptedGateway::answering(200, "");
    auto withoutUrl = campaign();
    withoutUrl.webhookUrl.reset();
    auto result = attempt(gateway, withoutUrl);
    EXPECT_FALSE(result.delivered);
    ASSERT_TRUE(result.error);
    EXPECT_THAT(*result.error, HasSubstr("has no webhook URL"));
    result = attempt(gateway, std::nullopt);
    ASSERT_TRUE(result.error);
    EXPECT_THAT(*result.error, HasSubstr("no longer exists"));
    EXPECT_TRUE(gateway->requests().empty());
}

// A URL stored when the rule allowed it (user info once was) is refused before the plugin runs,
// saying why without repeating the URL, whose path may hold a token.
TEST_F(DeliveryAttemptThroughThePlugin, AStoredUrlBreakingTheUrlRuleFailsSayingWhy) {
    auto gateway = ScriptedGateway::answering(200, "");
    auto withCredentials = campaign();
    withCredentials.webhookUrl = "https://user:s3cr3t@crm.example/hooks/t0k3n";
    auto result = attempt(gateway, withCredentials);
    EXPECT_FALSE(result.delivered);
    ASSERT_TRUE(result.error);
    EXPECT_THAT(*result.error, HasSubstr("the campaign's webhook URL has a user name or password"));
    EXPECT_THAT(*result.error, HasSubstr("--webhook-url URL"));
    EXPECT_THAT(*result.error, Not(HasSubstr("s3cr3t")));
    EXPECT_THAT(*result.error, Not(HasSubstr("t0k3n")));
    EXPECT_TRUE(gateway->requests().empty());
}

}  // namespace
