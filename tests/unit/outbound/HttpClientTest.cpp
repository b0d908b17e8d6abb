// The outbound client against servers on loopback: ordinary exchanges, the policy, the body
// cap, deadlines against silent and trickling servers, and the failures an operator sees.
// Nothing here leaves 127.0.0.1 / ::1, and no name other than localhost (from /etc/hosts) is
// looked up.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "outbound/HttpClient.hpp"
#include "unit/outbound/LocalServers.hpp"

namespace lodestone::outbound {
namespace {

using namespace std::chrono_literals;
using test::deadlineIn;
using test::RawServer;
using test::RecordingServer;
using ::testing::Contains;
using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Pair;

OutboundPolicy localPolicy() {
    OutboundPolicy policy;
    policy.allowPrivateNetworks = true;
    policy.userAgent = "Lodestone-Test/1.0";
    return policy;
}

OutboundRequest get(const std::string& url) {
    OutboundRequest request;
    request.url = url;
    return request;
}

// The error send() throws; fails the test if a response came instead.
OutboundError failure(const OutboundRequest& request, const OutboundPolicy& policy,
                      std::int64_t deadline, const std::function<bool()>& cancelled = {}) {
    try {
        send(request, policy, deadline, cancelled);
    } catch (const OutboundError& e) {
        return e;
    }
    ADD_FAILURE() << "expected an OutboundError for " << request.url;
    return OutboundError(OutboundError::Kind::Io, "none");
}

TEST(HttpClient, SendsTheRequestAndReturnsTheResponse) {
    RecordingServer server;
    OutboundRequest request;
    request.method = "POST";
    request.url = server.url("/echo?event=lead.created");
    request.headers = {{"Content-Type", "application/json"}, {"X-Signature", "abc"}};
    request.body = R"({"lead":1})";

    const OutboundResponse response = send(request, localPolicy(), deadlineIn(5s));

    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.body, "hello POST");
    EXPECT_FALSE(response.truncated);
    EXPECT_THAT(response.headers, Contains(Pair("X-Reply", "yes")));
    EXPECT_THAT(response.headers, Contains(Pair("X-Multi", "a")));
    EXPECT_THAT(response.headers, Contains(Pair("X-Multi", "b")));
    EXPECT_EQ(response.remoteAddress, "127.0.0.1:" + std::to_string(server.port()));
    EXPECT_GE(response.latencyMs, 0);

    const auto seen = server.log().requests();
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_EQ(seen[0].method, "POST");
    EXPECT_EQ(seen[0].uri, "/echo?event=lead.created");
    EXPECT_EQ(seen[0].header("Host"), "127.0.0.1:" + std::to_string(server.port()));
    EXPECT_EQ(seen[0].header("User-Agent"), "Lodestone-Test/1.0");
    EXPECT_EQ(seen[0].header("Content-Type"), "application/json");
    EXPECT_EQ(seen[0].header("Content-Length"), std::to_string(request.body.size()));
    EXPECT_EQ(seen[0].header("X-Signature"), "abc");
    EXPECT_EQ(Poco::toLower(seen[0].header("Connection")), "close");
    EXPECT_EQ(seen[0].body, request.body);
}

TEST(HttpClient, LetsTheRequestChooseItsUserAgent) {
    RecordingServer server;
    OutboundRequest request = get(server.url("/echo"));
    request.headers = {{"user-agent", "PluginAgent/2"}};
    send(request, localPolicy(), deadlineIn(5s));
    const auto seen = server.log().requests();
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_EQ(seen[0].header("User-Agent"), "PluginAgent/2");
    EXPECT_EQ(seen[0].header("Content-Length"), "<none>");  // a GET without a body
}

// The server announces the length of the body a GET would get; none follows.
TEST(HttpClient, ExpectsNoBodyForAHeadRequest) {
    RecordingServer server;
    OutboundRequest request = get(server.url("/bytes?n=5000"));
    request.method = "HEAD";
    const OutboundResponse response = send(request, localPolicy(), deadlineIn(5s));
    EXPECT_EQ(response.status, 200);
    EXPECT_THAT(response.headers, Contains(Pair("Content-Length", "5000")));
    EXPECT_TRUE(response.body.empty());
    EXPECT_FALSE(response.truncated);
}

TEST(HttpClient, ReturnsServerErrorsAsResponses) {
    RecordingServer server;
    const OutboundResponse response = send(get(server.url("/fail")), localPolicy(), deadlineIn(5s));
    EXPECT_EQ(response.status, 500);
    EXPECT_EQ(response.body, "broken");
}

TEST(HttpClient, NeverFollowsRedirects) {
    RecordingServer server;
    const OutboundResponse response =
        send(get(server.url("/redirect")), localPolicy(), deadlineIn(5s));
    EXPECT_EQ(response.status, 302);
    EXPECT_THAT(response.headers, Contains(Pair("Location", "/target")));
    EXPECT_EQ(server.log().hits("/target"), 0);
}

TEST(HttpClient, ReachesAnIPv6LoopbackServer) {
    std::unique_ptr<RecordingServer> server;
    try {
        server = std::make_unique<RecordingServer>(
            Poco::Net::ServerSocket(Poco::Net::SocketAddress("::1", 0)));
    } catch (const Poco::Exception&) {
        GTEST_SKIP() << "no IPv6 loopback here";
    }
    const std::string port = std::to_string(server->port());
    const OutboundResponse response =
        send(get(server->url("/echo", "[::1]")), localPolicy(), deadlineIn(5s));
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.remoteAddress, "[::1]:" + port);
    EXPECT_EQ(server->log().requests().at(0).header("Host"), "[::1]:" + port);
}

TEST(HttpClient, CapsTheBodyAndSaysItIsTruncated) {
    RecordingServer server;
    OutboundPolicy policy = localPolicy();
    policy.maxResponseBytes = 64 * 1024;
    for (const char* path : {"/bytes?n=1048576", "/chunked?n=1048576"}) {
        const OutboundResponse response = send(get(server.url(path)), policy, deadlineIn(5s));
        EXPECT_EQ(response.status, 200) << path;
        EXPECT_EQ(response.body.size(), policy.maxResponseBytes) << path;
        EXPECT_TRUE(response.truncated) << path;
    }
}

TEST(HttpClient, ABodyOfExactlyTheCapIsComplete) {
    RecordingServer server;
    OutboundPolicy policy = localPolicy();
    policy.maxResponseBytes = 1000;
    for (const char* path : {"/bytes?n=1000", "/chunked?n=1000"}) {
        const OutboundResponse response = send(get(server.url(path)), policy, deadlineIn(5s));
        EXPECT_EQ(response.body.size(), 1000u) << path;
        EXPECT_FALSE(response.truncated) << path;
    }
}

// The servers of these tests never answer in full: only the deadline or the cancel under test
// ends the exchange, or the ctest timeout does, which is the guard. The message names the
// deadline's figure, less what passed before the request began. No timing is asserted.
TEST(HttpClient, GivesUpOnASilentServerAtTheDeadline) {
    RawServer server([](Poco::Net::StreamSocket& connection, const std::atomic<bool>& stopping) {
        RawServer::readRequestHead(connection, stopping);
        while (!stopping) std::this_thread::sleep_for(10ms);
    });
    const OutboundError error = failure(get(server.url("/")), localPolicy(), deadlineIn(300ms));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Timeout) << error.what();
    EXPECT_THAT(error.what(),
                ContainsRegex("timed out after (2[0-9][0-9]|300) ms waiting for the response"));
}

TEST(HttpClient, CutsOffABodyTrickledAByteAtATime) {
    RawServer server([](Poco::Net::StreamSocket& connection, const std::atomic<bool>& stopping) {
        RawServer::readRequestHead(connection, stopping);
        const std::string head = "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n";
        connection.sendBytes(head.data(), static_cast<int>(head.size()));
        RawServer::drip(connection, std::string(100000, 'x'), 100ms, stopping);
    });
    const OutboundError error = failure(get(server.url("/")), localPolicy(), deadlineIn(500ms));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Timeout) << error.what();
    EXPECT_THAT(error.what(),
                ContainsRegex("timed out after (4[0-9][0-9]|500) ms reading the response body"));
}

// Poco reads a header line in one go, looping over socket reads that each succeed: only the
// watchdog can stop this one.
TEST(HttpClient, CutsOffHeadersTrickledAByteAtATime) {
    RawServer server([](Poco::Net::StreamSocket& connection, const std::atomic<bool>& stopping) {
        RawServer::readRequestHead(connection, stopping);
        RawServer::drip(connection, "HTTP/1.1 200 OK\r\nX-Slow: " + std::string(5000, 'a'), 50ms,
                        stopping);
    });
    const OutboundError error = failure(get(server.url("/")), localPolicy(), deadlineIn(500ms));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Timeout) << error.what();
    EXPECT_THAT(error.what(), ContainsRegex("timed out after (4[0-9][0-9]|500) ms"));
}

TEST(HttpClient, StopsWhenTheCallerCancels) {
    RawServer server([](Poco::Net::StreamSocket& connection, const std::atomic<bool>& stopping) {
        RawServer::readRequestHead(connection, stopping);
        while (!stopping) std::this_thread::sleep_for(10ms);
    });
    std::atomic<bool> cancelled{false};
    std::thread canceller([&cancelled] {
        std::this_thread::sleep_for(200ms);
        cancelled = true;
    });
    const OutboundError error = failure(get(server.url("/")), localPolicy(), deadlineIn(60s),
                                        [&cancelled] { return cancelled.load(); });
    canceller.join();
    EXPECT_EQ(error.kind(), OutboundError::Kind::Timeout) << error.what();
    EXPECT_THAT(error.what(), HasSubstr("cancelled while"));
}

TEST(HttpClient, ADeadlineAlreadyPastSendsNothing) {
    RecordingServer server;
    const OutboundError error =
        failure(get(server.url("/echo")), localPolicy(), test::deadlineIn(-1000ms));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Timeout) << error.what();
    EXPECT_TRUE(server.log().requests().empty());
}

TEST(HttpClient, ReportsARefusedConnection) {
    std::uint16_t port = 0;
    {
        Poco::Net::ServerSocket closed(RecordingServer::loopback(0));
        port = closed.address().port();
    }
    const OutboundError error = failure(get("http://127.0.0.1:" + std::to_string(port) + "/"),
                                        localPolicy(), deadlineIn(5s));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Connect) << error.what();
    EXPECT_EQ(std::string(error.what()),
              "connection to 127.0.0.1:" + std::to_string(port) + " refused");
}

TEST(HttpClient, ReportsAServerThatHangsUpWithoutAnswering) {
    RawServer server([](Poco::Net::StreamSocket& connection, const std::atomic<bool>& stopping) {
        RawServer::readRequestHead(connection, stopping);
        connection.close();
    });
    const OutboundError error = failure(get(server.url("/")), localPolicy(), deadlineIn(5s));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Io) << error.what();
    EXPECT_THAT(error.what(), HasSubstr("without responding"));
}

TEST(HttpClient, ReportsABodyCutShortByTheServer) {
    RawServer server([](Poco::Net::StreamSocket& connection, const std::atomic<bool>& stopping) {
        RawServer::readRequestHead(connection, stopping);
        const std::string reply = "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly this";
        connection.sendBytes(reply.data(), static_cast<int>(reply.size()));
        connection.close();
    });
    const OutboundError error = failure(get(server.url("/")), localPolicy(), deadlineIn(5s));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Io) << error.what();
    EXPECT_THAT(error.what(), HasSubstr("9 of 100"));
}

TEST(HttpClient, RefusesLoopbackUnlessPrivateNetworksAreAllowed) {
    RecordingServer server;
    OutboundPolicy policy;
    policy.allowHint = "set webhooks.allow_private_networks: true to allow it";
    const OutboundError error = failure(get(server.url("/echo")), policy, deadlineIn(5s));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Forbidden) << error.what();
    EXPECT_EQ(std::string(error.what()),
              "refused to connect to 127.0.0.1:" + std::to_string(server.port()) +
                  " (a loopback address); set webhooks.allow_private_networks: true to allow it");
    EXPECT_TRUE(server.log().requests().empty());
}

TEST(HttpClient, ChecksTheAddressesANameResolvesTo) {
    RecordingServer server;
    OutboundPolicy policy;
    const OutboundError error =
        failure(get(server.url("/echo", "localhost")), policy, deadlineIn(5s));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Forbidden) << error.what();
    EXPECT_THAT(error.what(), HasSubstr("localhost:" + std::to_string(server.port())));
    EXPECT_THAT(error.what(), HasSubstr("(a loopback address)"));
    EXPECT_TRUE(server.log().requests().empty());
}

TEST(HttpClient, ChecksEmbeddedIPv4Addresses) {
    RecordingServer server;
    const OutboundError error =
        failure(get(server.url("/echo", "[::ffff:127.0.0.1]")), OutboundPolicy{}, deadlineIn(5s));
    EXPECT_EQ(error.kind(), OutboundError::Kind::Forbidden) << error.what();
    EXPECT_TRUE(server.log().requests().empty());
}

// Neither of these is ever a receiver, whatever the operator allows; they are refused before
// any connection, so nothing is contacted.
TEST(HttpClient, AlwaysRefusesCloudMetadataAndTheUnspecifiedAddress) {
    OutboundPolicy policy = localPolicy();
    policy.allowHint = "set webhooks.allow_private_networks: true to allow it";
    const OutboundError metadata =
        failure(get("http://169.254.169.254/latest/meta-data/iam/security-credentials/"), policy,
                deadlineIn(5s));
    EXPECT_EQ(metadata.kind(), OutboundError::Kind::Forbidden);
    EXPECT_EQ(std::string(metadata.what()),
              "refused to connect to 169.254.169.254:80 (a cloud metadata address)");
    const OutboundError unspecified = failure(get("http://0.0.0.0:8080/"), policy, deadlineIn(5s));
    EXPECT_EQ(unspecified.kind(), OutboundError::Kind::Forbidden);
    EXPECT_THAT(unspecified.what(), HasSubstr("the unspecified address"));
}

TEST(HttpClient, RefusesUnusableRequestsBeforeConnecting) {
    RecordingServer server;
    EXPECT_EQ(failure(get("ftp://127.0.0.1/file"), localPolicy(), deadlineIn(5s)).kind(),
              OutboundError::Kind::InvalidRequest);
    EXPECT_EQ(failure(get("http://user:pw@127.0.0.1:" + std::to_string(server.port()) + "/echo"),
                      localPolicy(), deadlineIn(5s))
                  .kind(),
              OutboundError::Kind::InvalidRequest);
    EXPECT_TRUE(server.log().requests().empty());
}

}  // namespace
}  // namespace lodestone::outbound
