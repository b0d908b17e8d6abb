// Requests whose framing two HTTP parsers could read differently (request smuggling), and bytes
// that are not HTTP: each gets its status with a JSON error body, and the connection is closed
// before anything that follows could be read as a request.
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ApiSupport.hpp"
#include "RawClient.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;
using namespace std::string_literals;

namespace {

const std::string kFollower = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

struct Case {
    const char* name;
    std::string request;
    int status;
    const char* says = "";  // part of the error message, where the case pins it down
};

std::string post(const std::string& fields, const std::string& body) {
    return "POST /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n" + fields + "\r\n" + body;
}

// The head of an authenticated Generate request on the Default project; `framing` ends it.
std::string generateHead(ApiDaemon& api, const std::string& framing) {
    return "POST /api/projects/" + api.projectId("Default") +
           "/generate HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer " + kAcmeKey +
           "\r\nContent-Type: application/json\r\n" + framing + "\r\n";
}

// Host and 100 more: one field past the limit.
std::string manyFields() {
    std::string fields = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    for (int i = 0; i < 100; ++i) fields += "X-" + std::to_string(i) + ": 1\r\n";
    return fields + "\r\n";
}

std::vector<Case> smugglingCases() {
    const std::string chunk = "5\r\nhello\r\n0\r\n\r\n";
    return {
        {"te_and_cl", post("Transfer-Encoding: chunked\r\nContent-Length: 4\r\n", chunk), 400},
        {"te_space_and_cl", post("Transfer-Encoding:  chunked\r\nContent-Length: 4\r\n", chunk),
         400},
        {"te_upper_and_cl", post("Content-Length: 4\r\nTransfer-Encoding: CHUNKED\r\n", chunk),
         400},
        {"te_gzip", post("Transfer-Encoding: gzip\r\n", chunk), 501},
        {"te_twice", post("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", chunk),
         400},
        {"te_list", post("Transfer-Encoding: gzip, chunked\r\n", chunk), 501},
        {"te_http10", "POST /healthz HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk, 400},
        {"chunk_bare_lf", post("Transfer-Encoding: chunked\r\n", "5\nhello\n0\n\n"), 400},
        {"chunk_trailer",
         post("Transfer-Encoding: chunked\r\n", "5\r\nhello\r\n0\r\nX-T: 1\r\n\r\n"), 400},
        {"chunk_extension", post("Transfer-Encoding: chunked\r\n", "5;x=y\r\nhello\r\n0\r\n\r\n"),
         400},
        {"chunk_size_not_hex", post("Transfer-Encoding: chunked\r\n", "g\r\nhello\r\n0\r\n\r\n"),
         400},
        {"cl_twice", post("Content-Length: 5\r\nContent-Length: 5\r\n", "hello"), 400},
        {"cl_negative", post("Content-Length: -1\r\n", ""), 400},
        {"cl_plus", post("Content-Length: +5\r\n", "hello"), 400},
        {"version_2", "GET /healthz HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", 505},
        {"version_9", "GET /healthz HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n", 505},
        {"version_foo", "GET /healthz FOO\r\nHost: 127.0.0.1\r\n\r\n", 400},
        {"h2_preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505},
        {"head_bare_lf", "GET /healthz HTTP/1.1\nHost: 127.0.0.1\n\n", 400},
        {"obs_fold", "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: 1\r\n 2\r\n\r\n", 400},
        {"space_before_colon", "GET /healthz HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n", 400},
        {"no_host", "GET /healthz HTTP/1.1\r\n\r\n", 400},
        {"two_hosts", "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400},
        {"nul_in_field", "GET /healthz HTTP/1.1\r\nHost: a\r\nX-A: a\0b\r\n\r\n"s, 400},
        {"expect_other", post("Expect: 200-ok\r\nContent-Length: 5\r\n", "hello"), 417},
        {"long_method", std::string(40, 'G') + " /healthz HTTP/1.1\r\nHost: a\r\n\r\n", 501},
        {"long_target", "GET /" + std::string(9000, 'a') + " HTTP/1.1\r\nHost: a\r\n\r\n", 414},
        {"long_header",
         "GET /healthz HTTP/1.1\r\nHost: a\r\nX-A: " + std::string(20000, 'a') + "\r\n\r\n", 431},
        {"fields_101", manyFields(), 431, "more than 100 header fields"},
    };
}

class Smuggling : public ::testing::TestWithParam<Case> {
  protected:
    static void SetUpTestSuite() { api_ = new ApiDaemon(); }
    static void TearDownTestSuite() {
        delete api_;
        api_ = nullptr;
    }
    static ApiDaemon* api_;
};
ApiDaemon* Smuggling::api_ = nullptr;

}  // namespace

TEST_P(Smuggling, IsRefusedWithAJsonErrorAndTheConnectionClosed) {
    const auto& param = GetParam();
    RawClient client(api_->port());
    client.send(param.request + kFollower);
    auto answer = client.nextAnswer();
    ASSERT_TRUE(answer) << "no answer to " << param.name;
    EXPECT_EQ(answer->status, param.status) << answer->head << answer->body;
    EXPECT_THAT(answer->head, HasSubstr("Connection: close\r\n"));
    EXPECT_THAT(answer->head, HasSubstr("Content-Type: application/json; charset=utf-8\r\n"));
    auto body = Poco::JSON::Parser().parse(answer->body).extract<Poco::JSON::Object::Ptr>();
    EXPECT_FALSE(body->getValue<std::string>("error").empty());
    EXPECT_THAT(body->getValue<std::string>("error"), HasSubstr(param.says));
    EXPECT_TRUE(client.closedWithin(std::chrono::seconds(10)));
    EXPECT_FALSE(client.nextAnswer(std::chrono::milliseconds(100))) << "answered what followed";
}

INSTANTIATE_TEST_SUITE_P(Attacks, Smuggling, ::testing::ValuesIn(smugglingCases()),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(HttpFraming, ATlsClientHelloOnThePlainPortIsRefusedAtOnce) {
    ApiDaemon api;
    RawClient client(api.port());
    // The first bytes of a TLS 1.2/1.3 ClientHello record.
    client.send(std::string("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 11) +
                std::string(64, '\x5a'));
    auto answer = client.nextAnswer(std::chrono::seconds(10));
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->status, 400);
    EXPECT_THAT(answer->body, HasSubstr("TLS"));
    EXPECT_TRUE(client.closedWithin(std::chrono::seconds(5)));
}

namespace {

// The head_timeout the test below gives the daemon: long enough that an answer well this side of
// it cannot be the 408 that cuts a head.
constexpr std::chrono::milliseconds kLongHeadTimeout{30'000};

struct Unfinished {
    const char* name;
    std::string bytes;  // never the empty line that would end a head
    int status;
};

}  // namespace

TEST(HttpFraming, AnUnfinishedHeadThatCannotBeHttpIsRefusedBeforeTheHeadTimeout) {
    ApiDaemon api(ApiDaemon::kGenerousLimits, "  head_timeout: 30s\n");
    for (const Unfinished& head : {
             Unfinished{"ssh_banner", "SSH-2.0-OpenSSH_9.2\r\n", 400},
             Unfinished{"request_line_http2", "GET /healthz HTTP/2.0\r\n", 505},
             Unfinished{"request_line_no_version", "GET /healthz\r\n", 400},
             Unfinished{"field_with_nul", "GET /healthz HTTP/1.1\r\nX-A: a\0b\r\n"s, 400},
         }) {
        RawClient client(api.port());
        client.send(head.bytes);
        // Half the head timeout: whatever answers in that time was not waiting for it.
        auto answer = client.nextAnswer(kLongHeadTimeout / 2);
        ASSERT_TRUE(answer) << head.name << ": no answer within half the head timeout";
        EXPECT_EQ(answer->status, head.status) << head.name << answer->body;
        EXPECT_THAT(answer->head, HasSubstr("Connection: close\r\n")) << head.name;
        EXPECT_THAT(answer->head, HasSubstr("Content-Type: application/json; charset=utf-8\r\n"))
            << head.name;
        auto body = Poco::JSON::Parser().parse(answer->body).extract<Poco::JSON::Object::Ptr>();
        EXPECT_FALSE(body->getValue<std::string>("error").empty()) << head.name;
        EXPECT_TRUE(client.closedWithin(kLongHeadTimeout / 2)) << head.name;
    }
}

TEST(HttpFraming, PipelinedRequestsAreAnsweredInOrderOnOneConnection) {
    ApiDaemon api;
    RawClient client(api.port());
    client.send(
        "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n"
        "GET /nothing-here HTTP/1.1\r\nHost: a\r\n\r\n"
        "POST /api/projects/x/generate HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\n{}"
        "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n");
    std::vector<int> statuses;
    for (int i = 0; i < 4; ++i) {
        auto answer = client.nextAnswer();
        ASSERT_TRUE(answer) << i;
        statuses.push_back(answer->status);
    }
    EXPECT_EQ(statuses, (std::vector<int>{200, 404, 401, 200}));
    EXPECT_FALSE(client.closedWithin(std::chrono::milliseconds(200)));
}

TEST(HttpFraming, AChunkedBodyReachesTheHandlerDechunked) {
    ApiDaemon api;
    RawClient client(api.port());
    const std::string body = R"({"email":"ada@example.com"})";
    std::string request = generateHead(api, "Transfer-Encoding: chunked\r\n");
    request += "a\r\n" + body.substr(0, 10) + "\r\n";
    char size[8];
    std::snprintf(size, sizeof(size), "%zx", body.size() - 10);
    request += std::string(size) + "\r\n" + body.substr(10) + "\r\n0\r\n\r\n";
    client.send(request);
    auto answer = client.nextAnswer();
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->status, 200) << answer->body;
}

TEST(HttpFraming, Expect100ContinueGetsItsInterimAnswerBeforeTheBodyIsSent) {
    ApiDaemon api;
    RawClient client(api.port());
    client.send(generateHead(api, "Expect: 100-continue\r\nContent-Length: 27\r\n"));
    auto interim = client.nextAnswer();
    ASSERT_TRUE(interim);
    EXPECT_EQ(interim->status, 100);
    client.send(R"({"email":"ada@example.com"})");
    auto answer = client.nextAnswer();
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->status, 200) << answer->body;
}

TEST(HttpFraming, AnHttp10ClientCanKeepItsConnection) {
    ApiDaemon api;
    RawClient client(api.port());
    client.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
    auto first = client.nextAnswer();
    ASSERT_TRUE(first);
    EXPECT_THAT(first->head, HasSubstr("Connection: keep-alive"));
    client.send("GET /healthz HTTP/1.0\r\n\r\n");
    auto second = client.nextAnswer();
    ASSERT_TRUE(second);
    EXPECT_EQ(second->status, 200);
    EXPECT_TRUE(client.closedWithin(std::chrono::seconds(10)));  // no keep-alive asked this time
}

TEST(HttpFraming, ALongAuthorizationTokenGetsTheJson401) {
    ApiDaemon api;
    auto reply = api.get("/api/generation/job_x/status", std::string(10'000, 'k'));
    EXPECT_EQ(reply.status, 401);
    ASSERT_TRUE(reply.json) << reply.text;
    EXPECT_TRUE(reply.json->has("error"));
}
