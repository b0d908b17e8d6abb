// http_request as plugins see it: the JSON of plugin_abi.h in and out.
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "outbound/PolicyGateway.hpp"
#include "plugins/RunControl.hpp"
#include "unit/outbound/LocalServers.hpp"

namespace lodestone::outbound {
namespace {

using namespace std::chrono_literals;
using plugins::HttpRequestInvalid;
using plugins::RunControl;
using test::RecordingServer;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

Poco::JSON::Object::Ptr parseObject(const std::string& text) {
    Poco::JSON::Parser parser;
    return parser.parse(text).extract<Poco::JSON::Object::Ptr>();
}

std::string invalidMessage(const std::string& json) {
    try {
        parseRequestJson(json);
    } catch (const HttpRequestInvalid& e) {
        return e.what();
    }
    ADD_FAILURE() << "accepted " << json;
    return "";
}

OutboundPolicy localPolicy() {
    OutboundPolicy policy;
    policy.allowPrivateNetworks = true;
    return policy;
}

TEST(ParseRequestJson, ReadsEveryField) {
    const OutboundRequest request = parseRequestJson(
        R"({"method":"POST","url":"https://example.com/hook",)"
        R"("headers":{"X-Sig":"abc","Content-Type":"application/json"},"body":"{\"a\":1}"})");
    EXPECT_EQ(request.method, "POST");
    EXPECT_EQ(request.url, "https://example.com/hook");
    EXPECT_THAT(request.headers,
                ElementsAre(Pair("X-Sig", "abc"), Pair("Content-Type", "application/json")));
    EXPECT_EQ(request.body, R"({"a":1})");
}

TEST(ParseRequestJson, DefaultsToAGetWithoutHeadersOrBody) {
    for (const char* json : {R"({"url":"http://example.com/"})",
                             R"({"url":"http://example.com/","method":null,"headers":null})"}) {
        const OutboundRequest request = parseRequestJson(json);
        EXPECT_EQ(request.method, "GET");
        EXPECT_TRUE(request.headers.empty());
        EXPECT_TRUE(request.body.empty());
    }
}

TEST(ParseRequestJson, NamesWhatIsWrong) {
    EXPECT_THAT(invalidMessage("{not json"), HasSubstr("not valid JSON"));
    EXPECT_THAT(invalidMessage(R"(["http://example.com/"])"), HasSubstr("JSON object"));
    EXPECT_THAT(invalidMessage(R"({"method":"GET"})"), HasSubstr("\"url\" is required"));
    EXPECT_THAT(invalidMessage(R"({"url":42})"), HasSubstr("\"url\" must be a string"));
    EXPECT_THAT(invalidMessage(R"({"url":"http://x/","method":1})"),
                HasSubstr("\"method\" must be a string"));
    EXPECT_THAT(invalidMessage(R"({"url":"http://x/","headers":["a"]})"),
                HasSubstr("\"headers\" must be an object"));
    EXPECT_THAT(invalidMessage(R"({"url":"http://x/","headers":{"X-Count":5}})"),
                HasSubstr("header \"X-Count\""));
    EXPECT_THAT(invalidMessage(R"({"url":"http://x/","body":{"a":1}})"),
                HasSubstr("\"body\" must be a string"));
    EXPECT_THAT(invalidMessage(R"({"url":"http://x/","timeout":5})"),
                HasSubstr("unknown field \"timeout\""));
}

TEST(ResponseJson, HasEveryDocumentedField) {
    OutboundResponse response;
    response.status = 201;
    response.headers = {
        {"Content-Type", "text/plain"}, {"Set-Cookie", "a=1"}, {"set-cookie", "b=2"}};
    response.body = "created";
    response.truncated = true;
    response.latencyMs = 12;
    response.remoteAddress = "203.0.113.7:443";
    const auto json = parseObject(responseJson(response));
    EXPECT_EQ(json->getValue<int>("status"), 201);
    EXPECT_EQ(json->getObject("headers")->getValue<std::string>("Content-Type"), "text/plain");
    EXPECT_EQ(json->getObject("headers")->getValue<std::string>("Set-Cookie"), "a=1, b=2");
    EXPECT_EQ(json->getValue<std::string>("body"), "created");
    EXPECT_TRUE(json->getValue<bool>("truncated"));
    EXPECT_EQ(json->getValue<Poco::Int64>("latencyMs"), 12);
    EXPECT_EQ(json->getValue<std::string>("remoteAddress"), "203.0.113.7:443");
}

TEST(ResponseJson, IsValidJsonWhateverTheBodyHoldsEvenNotUtf8) {
    OutboundResponse response;
    response.status = 200;
    response.headers = {{"X-Raw", "caf\xE9"}};
    const std::string nul(1, '\0');
    response.body = "quote\" backslash\\ nul" + nul + " ctl\x01 bad\xFF\xFE ok\xC3\xA9";
    const auto json = parseObject(responseJson(response));
    EXPECT_EQ(json->getValue<std::string>("body"),
              "quote\" backslash\\ nul" + nul + " ctl\x01 bad\xEF\xBF\xBD\xEF\xBF\xBD ok\xC3\xA9");
    EXPECT_EQ(json->getObject("headers")->getValue<std::string>("X-Raw"), "caf\xEF\xBF\xBD");
}

TEST(PolicyGateway, SendsTheRequestAndReturnsTheResponseJson) {
    RecordingServer server;
    const PolicyGateway gateway(localPolicy());
    RunControl control(RunControl::deadlineIn(5s));
    const auto json = parseObject(
        gateway.request(control, R"({"method":"PUT","url":")" + server.url("/echo") +
                                     R"(","headers":{"Content-Type":"text/plain"},"body":"hi"})"));
    EXPECT_EQ(json->getValue<int>("status"), 200);
    EXPECT_EQ(json->getValue<std::string>("body"), "hello PUT");
    EXPECT_EQ(json->getObject("headers")->getValue<std::string>("X-Multi"), "a, b");
    EXPECT_FALSE(json->getValue<bool>("truncated"));
    EXPECT_EQ(json->getValue<std::string>("remoteAddress"),
              "127.0.0.1:" + std::to_string(server.port()));
    ASSERT_EQ(server.log().requests().size(), 1u);
    EXPECT_EQ(server.log().requests()[0].body, "hi");
}

TEST(PolicyGateway, ReturnsBodiesThatAreNotUtf8AsValidJson) {
    RecordingServer server;
    const PolicyGateway gateway(localPolicy());
    RunControl control(RunControl::deadlineIn(5s));
    const auto json =
        parseObject(gateway.request(control, R"({"url":")" + server.url("/binary") + R"("})"));
    EXPECT_EQ(json->getValue<std::string>("body"), "ok \xEF\xBF\xBD\xEF\xBF\xBD \xC3\xA9 \x01");
}

TEST(PolicyGateway, AnUnusableRequestIsInvalidInput) {
    const PolicyGateway gateway(localPolicy());
    RunControl control(RunControl::deadlineIn(5s));
    EXPECT_THROW(gateway.request(control, "nonsense"), HttpRequestInvalid);
    EXPECT_THROW(gateway.request(control, R"({"url":"ftp://127.0.0.1/"})"), HttpRequestInvalid);
    EXPECT_THROW(gateway.request(control, R"({"url":"http://127.0.0.1/","headers":{"Host":"x"}})"),
                 HttpRequestInvalid);
}

// No response is a failure with the operator's message, not invalid input.
void expectFailure(const PolicyGateway& gateway, const RunControl& control, const std::string& json,
                   const std::string& expected) {
    try {
        gateway.request(control, json);
        ADD_FAILURE() << "expected a failure for " << json;
    } catch (const HttpRequestInvalid& e) {
        ADD_FAILURE() << "not invalid input: " << e.what();
    } catch (const std::runtime_error& e) {
        EXPECT_THAT(e.what(), HasSubstr(expected));
    }
}

TEST(PolicyGateway, FailsWhenTheRunsDeadlineHasPassed) {
    RecordingServer server;
    const PolicyGateway gateway(localPolicy());
    RunControl control(RunControl::deadlineIn(-1s));
    expectFailure(gateway, control, R"({"url":")" + server.url("/echo") + R"("})", "deadline");
    EXPECT_TRUE(server.log().requests().empty());
}

TEST(PolicyGateway, FailsWhenTheRunIsCancelled) {
    RecordingServer server;
    const PolicyGateway gateway(localPolicy());
    RunControl control(RunControl::deadlineIn(5s));
    control.cancel();
    expectFailure(gateway, control, R"({"url":")" + server.url("/echo") + R"("})", "cancelled");
}

TEST(PolicyGateway, AppliesItsPolicy) {
    RecordingServer server;
    OutboundPolicy policy;
    policy.allowHint = "set webhooks.allow_private_networks: true to allow it";
    const PolicyGateway gateway(policy);
    RunControl control(RunControl::deadlineIn(5s));
    expectFailure(gateway, control, R"({"url":")" + server.url("/echo") + R"("})",
                  "(a loopback address); set webhooks.allow_private_networks: true to allow it");
    EXPECT_TRUE(server.log().requests().empty());
}

}  // namespace
}  // namespace lodestone::outbound
