// The bundled webhook-http plugin through its real library, delivering through the daemon's
// outbound client to a server on 127.0.0.1.
#include "DefaultPluginSupport.hpp"
#include "outbound/PolicyGateway.hpp"
#include "unit/outbound/LocalServers.hpp"

namespace lodestone::plugins::testing {
namespace {

using outbound::test::RecordingServer;
using ::testing::HasSubstr;

const char* const kWebhookHttp = LODESTONE_WEBHOOK_HTTP_PLUGIN;

std::string delivery(const std::string& url) {
    return R"({"deliveryId":"msg_1","event":"meeting_booked","attempt":1,"url":")" + url +
           R"(","headers":{"Content-Type":"application/json","webhook-id":"msg_1",)"
           R"("webhook-timestamp":"1795343400","webhook-signature":"v1,c2ln"},)"
           R"("body":"{\"event\":\"meeting_booked\"}"})";
}

class WebhookHttp : public ::testing::Test {
  protected:
    std::string deliver(const std::string& input, const std::vector<std::string>& config = {},
                        bool allowPrivate = true) {
        PluginRegistry registry = loadPlugins(configFor(kWebhookHttp, config));
        outbound::OutboundPolicy policy;
        policy.allowPrivateNetworks = allowPrivate;
        policy.userAgent = "Lodestone/test";
        outbound::PolicyGateway gateway(policy);
        RunControl control(RunControl::deadlineIn(std::chrono::seconds(10)));
        control.allowHttp(&gateway);
        return registry.find("subject")->run(control, input);
    }

    RecordingServer server_;
};

TEST_F(WebhookHttp, PostsTheSignedBodyAndReportsTheStatus) {
    auto report = parseObject(deliver(delivery(server_.url("/echo"))));
    EXPECT_EQ(report->getValue<int>("statusCode"), 200);
    EXPECT_EQ(report->getValue<std::string>("responseExcerpt"), "hello POST");
    ASSERT_EQ(server_.log().requests().size(), 1u);
    const auto seen = server_.log().requests()[0];
    EXPECT_EQ(seen.method, "POST");
    EXPECT_EQ(seen.body, R"({"event":"meeting_booked"})");
    EXPECT_EQ(seen.header("Content-Type"), "application/json");
    EXPECT_EQ(seen.header("webhook-id"), "msg_1");
    EXPECT_EQ(seen.header("webhook-timestamp"), "1795343400");
    EXPECT_EQ(seen.header("webhook-signature"), "v1,c2ln");
    EXPECT_EQ(seen.header("User-Agent"), "Lodestone/test");
}

TEST_F(WebhookHttp, ReportsAFailingStatusWithTheStartOfTheAnswer) {
    auto report = parseObject(deliver(delivery(server_.url("/fail"))));
    EXPECT_EQ(report->getValue<int>("statusCode"), 500);
    EXPECT_EQ(report->getValue<std::string>("responseExcerpt"), "broken");
}

TEST_F(WebhookHttp, ARedirectIsReportedNotFollowed) {
    auto report = parseObject(deliver(delivery(server_.url("/redirect"))));
    EXPECT_EQ(report->getValue<int>("statusCode"), 302);
    EXPECT_EQ(server_.log().hits("/target"), 0);
}

TEST_F(WebhookHttp, TheExcerptIsCutAtExcerptBytes) {
    auto report =
        parseObject(deliver(delivery(server_.url("/bytes?n=5000")), {"excerpt_bytes: 10"}));
    EXPECT_EQ(report->getValue<std::string>("responseExcerpt"), std::string(10, 'x'));
}

TEST_F(WebhookHttp, ARefusedAddressFailsTheRunWithTheHostsReason) {
    try {
        deliver(delivery(server_.url("/echo")), {}, false);
        ADD_FAILURE() << "a loopback receiver was called";
    } catch (const PluginError& e) {
        EXPECT_THAT(e.what(), HasSubstr("loopback"));
    }
    EXPECT_TRUE(server_.log().requests().empty());
}

TEST_F(WebhookHttp, AnInputWithoutUrlOrBodyIsRefused) {
    for (const std::string& input :
         {std::string(R"({"body":"{}"})"), std::string(R"({"url":"http://127.0.0.1:1/"})"),
          std::string("[]")}) {
        try {
            deliver(input);
            ADD_FAILURE() << "accepted " << input;
        } catch (const PluginError& e) {
            EXPECT_EQ(e.status(), LODESTONE_ERROR_INVALID_INPUT) << e.what();
        }
    }
}

TEST_F(WebhookHttp, RejectsAnExcerptSizeOutOfRange) {
    auto errors = loadErrors(kWebhookHttp, {"excerpt_bytes: -1"});
    ASSERT_FALSE(errors.empty());
    EXPECT_THAT(errors[0], HasSubstr("excerpt_bytes"));
}

}  // namespace
}  // namespace lodestone::plugins::testing
