// What a request may ask of the client since plugin ABI 1.2: connectTo (an address instead of the
// URL host's own, checked like any other), timeoutMs (sooner than the caller's deadline) and
// maxResponseBytes (a smaller body cap). Names in URLs here are never looked up: connectTo
// replaces the lookup, so nothing leaves 127.0.0.1.
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "outbound/HttpClient.hpp"
#include "outbound/PolicyGateway.hpp"
#include "outbound/RequestTarget.hpp"
#include "plugins/RunControl.hpp"
#include "unit/outbound/LocalServers.hpp"

namespace lodestone::outbound {
namespace {

using namespace std::chrono_literals;
using test::deadlineIn;
using test::RawServer;
using test::RecordingServer;
using ::testing::HasSubstr;

OutboundPolicy policy(bool allowPrivate) {
    OutboundPolicy policy;
    policy.allowPrivateNetworks = allowPrivate;
    policy.allowHint = "set pipeline.research.allow_private_networks: true to allow it";
    return policy;
}

OutboundRequest mapped(const std::string& url, const std::string& connectTo) {
    OutboundRequest request;
    request.url = url;
    request.connectTo = connectTo;
    return request;
}

OutboundError failure(const OutboundRequest& request, const OutboundPolicy& policy,
                      std::int64_t deadline) {
    try {
        send(request, policy, deadline);
    } catch (const OutboundError& e) {
        return e;
    }
    ADD_FAILURE() << "expected an OutboundError for " << request.url;
    return OutboundError(OutboundError::Kind::Io, "none");
}

std::string loopback(const RecordingServer& server) {
    return "127.0.0.1:" + std::to_string(server.port());
}

TEST(ConnectTo, ReachesTheMappedAddressWithTheUrlsHostHeader) {
    RecordingServer server;
    const OutboundResponse response = send(
        mapped("http://acme-fixture.example/echo", loopback(server)), policy(true), deadlineIn(5s));
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.remoteAddress, loopback(server));
    ASSERT_EQ(server.log().requests().size(), 1u);
    EXPECT_EQ(server.log().requests()[0].header("Host"), "acme-fixture.example");
    EXPECT_EQ(server.log().requests()[0].uri, "/echo");
}

TEST(ConnectTo, TheMappedAddressIsCheckedLikeAResolvedOne) {
    RecordingServer server;
    const OutboundError error =
        failure(mapped("http://acme-fixture.example/echo", loopback(server)), policy(false),
                deadlineIn(5s));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Forbidden) << error.what();
    EXPECT_EQ(std::string(error.what()),
              "refused to connect to " + loopback(server) +
                  " (a loopback address), where connectTo sends acme-fixture.example:80; set "
                  "pipeline.research.allow_private_networks: true to allow it");
    EXPECT_TRUE(server.log().requests().empty());
}

TEST(ConnectTo, CloudMetadataStaysRefusedWhateverThePolicy) {
    const OutboundError error = failure(
        mapped("http://acme-fixture.example/", "169.254.169.254:80"), policy(true), deadlineIn(5s));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Forbidden) << error.what();
    EXPECT_THAT(error.what(), HasSubstr("(a cloud metadata address)"));
    EXPECT_THAT(error.what(), ::testing::Not(HasSubstr("allow_private_networks")));
}

TEST(ConnectTo, MustBeAnAddressAndAPort) {
    for (const char* bad : {"localhost:8080", "127.0.0.1", "::1:8080", "[::1:8080", "127.0.0.1:0",
                            "127.0.0.1:65536", "127.0.0.1:http", ":8080", ""}) {
        SCOPED_TRACE(bad);
        const OutboundError error =
            failure(mapped("http://acme-fixture.example/", bad), policy(true), deadlineIn(5s));
        EXPECT_EQ(error.kind(), OutboundError::Kind::InvalidRequest) << error.what();
        EXPECT_THAT(error.what(), HasSubstr("like 127.0.0.1:8080 or [::1]:8080"));
    }
}

TEST(ConnectTo, TakesBracketedIPv6) {
    EXPECT_EQ(connectAddressOf("[::1]:8080").toString(), "[::1]:8080");
    EXPECT_EQ(connectAddressOf("203.0.113.7:443").toString(), "203.0.113.7:443");
}

TEST(RequestTimeout, EndsTheRequestBeforeTheCallersDeadline) {
    RawServer server([](Poco::Net::StreamSocket& connection, const std::atomic<bool>& stopping) {
        RawServer::readRequestHead(connection, stopping);
        while (!stopping) std::this_thread::sleep_for(10ms);
    });
    OutboundRequest request;
    request.url = server.url("/");
    request.timeoutMs = 300;
    // The server never answers: the message names the request's 300 ms, not the caller's minute.
    // No timing is asserted.
    const OutboundError error = failure(request, policy(true), deadlineIn(60s));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Timeout) << error.what();
    EXPECT_THAT(error.what(), HasSubstr("timed out after 300 ms waiting for the response"));
}

TEST(RequestTimeout, TheCallersDeadlineStillWinsWhenSooner) {
    RecordingServer server;
    OutboundRequest request;
    request.url = server.url("/echo");
    request.timeoutMs = 60'000;
    EXPECT_EQ(failure(request, policy(true), deadlineIn(-1s)).kind(), OutboundError::Kind::Timeout);
    EXPECT_TRUE(server.log().requests().empty());
}

TEST(RequestBodyCap, KeepsAtMostWhatTheRequestAsks) {
    RecordingServer server;
    OutboundRequest request;
    request.url = server.url("/bytes?n=5000");
    request.maxResponseBytes = 100;
    OutboundResponse response = send(request, policy(true), deadlineIn(5s));
    EXPECT_EQ(response.body.size(), 100u);
    EXPECT_TRUE(response.truncated);

    // More than the policy's cap is the policy's cap.
    OutboundPolicy small = policy(true);
    small.maxResponseBytes = 1000;
    request.maxResponseBytes = 1'000'000;
    response = send(request, small, deadlineIn(5s));
    EXPECT_EQ(response.body.size(), 1000u);
    EXPECT_TRUE(response.truncated);
}

TEST(RequestOptionsJson, AreReadFromTheRequest) {
    const OutboundRequest request = parseRequestJson(
        R"({"url":"https://acme.example/","connectTo":"127.0.0.1:18080","timeoutMs":2500,)"
        R"("maxResponseBytes":1024})");
    EXPECT_EQ(request.connectTo, "127.0.0.1:18080");
    EXPECT_EQ(request.timeoutMs, 2500);
    EXPECT_EQ(request.maxResponseBytes, 1024u);
    const OutboundRequest plain =
        parseRequestJson(R"({"url":"https://acme.example/","connectTo":null,"timeoutMs":null})");
    EXPECT_FALSE(plain.connectTo || plain.timeoutMs || plain.maxResponseBytes);
}

TEST(RequestOptionsJson, NameWhatIsWrong) {
    const auto message = [](const std::string& json) -> std::string {
        try {
            parseRequestJson(json);
        } catch (const plugins::HttpRequestInvalid& e) {
            return e.what();
        }
        return "accepted";
    };
    EXPECT_THAT(message(R"({"url":"http://x/","connectTo":8080})"),
                HasSubstr("\"connectTo\" must be a string"));
    EXPECT_THAT(message(R"({"url":"http://x/","timeoutMs":"5s"})"),
                HasSubstr("\"timeoutMs\" must be a whole number"));
    EXPECT_THAT(message(R"({"url":"http://x/","timeoutMs":1.5})"),
                HasSubstr("\"timeoutMs\" must be a whole number"));
    EXPECT_THAT(message(R"({"url":"http://x/","timeoutMs":0})"),
                HasSubstr("\"timeoutMs\" must be at least 1"));
    EXPECT_THAT(message(R"({"url":"http://x/","maxResponseBytes":-1})"),
                HasSubstr("\"maxResponseBytes\" must be at least 0"));
}

TEST(RequestOptionsJson, Base64HandsBackTheBodysBytesUnchanged) {
    RecordingServer server;
    const PolicyGateway gateway(policy(true));
    plugins::RunControl control(plugins::RunControl::deadlineIn(5s));
    Poco::JSON::Parser parser;
    auto json = parser
                    .parse(gateway.request(control, R"({"url":")" + server.url("/binary") +
                                                        R"(","bodyEncoding":"base64"})"))
                    .extract<Poco::JSON::Object::Ptr>();
    // "ok \xFF\xFE \xC3\xA9 \x01", not U+FFFD for the bytes that are not UTF-8.
    EXPECT_EQ(json->getValue<std::string>("body"), "b2sg//4gw6kgAQ==");
    EXPECT_EQ(json->getValue<std::string>("bodyEncoding"), "base64");
    EXPECT_THAT(
        [] {
            try {
                parseRequestJson(R"({"url":"http://x/","bodyEncoding":"hex"})");
            } catch (const plugins::HttpRequestInvalid& e) {
                return std::string(e.what());
            }
            return std::string("accepted");
        }(),
        HasSubstr("\"bodyEncoding\" must be \"text\" or \"base64\""));
}

TEST(RequestOptionsJson, ABadConnectToIsInvalidInputThroughTheGateway) {
    const PolicyGateway gateway(policy(true));
    plugins::RunControl control(plugins::RunControl::deadlineIn(5s));
    EXPECT_THROW(gateway.request(control, R"({"url":"http://x.example/","connectTo":"x.test:1"})"),
                 plugins::HttpRequestInvalid);
}

}  // namespace
}  // namespace lodestone::outbound
