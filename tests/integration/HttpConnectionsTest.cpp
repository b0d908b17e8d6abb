// What a slow or idle client may cost: a file descriptor, never a worker, and only for as long
// as the server: limits allow.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <thread>

#include "ApiSupport.hpp"
#include "RawClient.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;
using namespace std::chrono_literals;

namespace {

const std::string kHalfHead = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";

// How long a test waits for /healthz while slow clients hold connections: far shorter than the
// head_timeout those clients are given, so a worker held by one of them fails the wait, and far
// longer than any machine takes to answer. No timing is asserted.
constexpr auto kHealthzWithin = 30s;

}  // namespace

TEST(HttpConnections, TwoHundredHalfSentRequestsDoNotDelayAnyoneElse) {
    // Four workers only: under a thread-per-connection server these clients would hold them all.
    ApiDaemon api(ApiDaemon::kGenerousLimits, "  threads: 4\n  head_timeout: 10m\n");
    std::vector<std::unique_ptr<RawClient>> idle;
    for (int i = 0; i < 200; ++i) {
        idle.push_back(std::make_unique<RawClient>(api.port()));
        idle.back()->send(kHalfHead);
    }
    // Before the front read requests without a thread per connection, this waited for the head
    // timeout. Every one of several checks, each on a new connection, must be answered: no
    // worker is waiting for those 200 clients, and no check is lucky.
    for (int check = 0; check < 5; ++check) {
        RawClient client(api.port());
        client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        auto answer = client.nextAnswer(kHealthzWithin);
        ASSERT_TRUE(answer) << "/healthz check " << check << " did not answer within "
                            << std::chrono::milliseconds(kHealthzWithin).count() << " ms";
        EXPECT_EQ(answer->status, 200);
    }
    for (auto& slow : idle) EXPECT_FALSE(slow->heardWithin(0ms));  // still open, still waiting
}

TEST(HttpConnections, AClientSendingAByteASecondIsCutAtTheHeadTimeout) {
    ApiDaemon api(ApiDaemon::kGenerousLimits, "  head_timeout: 2s\n");
    RawClient client(api.port());
    const std::string head = kHalfHead + std::string(100, 'x') + "\r\n\r\n";
    std::size_t sent = 0;
    while (sent < head.size() && !client.heardWithin(1s)) client.send(head.substr(sent++, 1));
    auto answer = client.nextAnswer(5s);
    ASSERT_TRUE(answer) << "no answer after " << sent << " bytes";
    EXPECT_EQ(answer->status, 408);
    EXPECT_THAT(answer->body, HasSubstr("did not arrive within 2 s"));
    EXPECT_TRUE(client.closedWithin(5s));
    // Cut part-way through the head by the timeout the answer names, not at once: the first
    // byte went out after a second with nothing heard.
    EXPECT_LT(sent, head.size());
    EXPECT_GE(sent, 1u) << "answered before the trickle had begun";
}

TEST(HttpConnections, ABodyBelowTheMinimumRateIsCut) {
    ApiDaemon api(ApiDaemon::kGenerousLimits, "  head_timeout: 1s\n  min_body_rate: 100000\n");
    RawClient client(api.port());
    client.send(
        "POST /api/projects/x/generate HTTP/1.1\r\nHost: a\r\nContent-Length: "
        "100000\r\n\r\n{\"a\":");
    auto answer = client.nextAnswer(10s);
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->status, 408);
    EXPECT_THAT(answer->body, HasSubstr("slower than 100000 bytes per second"));
    EXPECT_TRUE(client.closedWithin(5s));
}

TEST(HttpConnections, AnIdleKeptAliveConnectionIsClosedAfterTheKeepAliveTimeout) {
    ApiDaemon api(ApiDaemon::kGenerousLimits, "  keep_alive_timeout: 1s\n");
    RawClient client(api.port());
    client.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n");
    ASSERT_TRUE(client.nextAnswer());
    EXPECT_FALSE(client.closedWithin(200ms));
    EXPECT_TRUE(client.closedWithin(10s));
}

TEST(HttpConnections, ConnectionsPastThePerAddressLimitAreRefusedWith503) {
    ApiDaemon api(ApiDaemon::kGenerousLimits, "  max_connections_per_address: 3\n");
    std::vector<std::unique_ptr<RawClient>> held;
    for (int i = 0; i < 3; ++i) {
        held.push_back(std::make_unique<RawClient>(api.port()));
        held.back()->send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n");
        ASSERT_TRUE(held.back()->nextAnswer());  // accepted and served: counted
    }
    RawClient extra(api.port());
    auto refused = extra.nextAnswer(10s);
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->status, 503);
    EXPECT_TRUE(extra.closedWithin(5s));

    held.pop_back();  // one closes: there is room again
    std::optional<WireAnswer> answer;
    for (int attempt = 0; attempt < 50 && !(answer && answer->status == 200); ++attempt) {
        RawClient again(api.port());
        again.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n");
        answer = again.nextAnswer(2s);
        if (!answer || answer->status != 200) std::this_thread::sleep_for(100ms);
    }
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->status, 200);
}
