#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ApiSupport.hpp"
#include "RawClient.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;
using ::testing::StartsWith;

namespace {

int countResponses(const std::string& received) {
    int count = 0;
    for (auto at = received.find("HTTP/1.1 "); at != std::string::npos;
         at = received.find("HTTP/1.1 ", at + 1)) {
        ++count;
    }
    return count;
}

// A complete request hidden in another request's body: if the server did not read or discard
// the body and kept the connection open, it would answer this too.
const std::string kSmuggled = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

std::string postWithBody(const std::string& path, const std::string& extraHeaders) {
    return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
           extraHeaders + "Content-Length: " + std::to_string(kSmuggled.size()) + "\r\n\r\n" +
           kSmuggled;
}

}  // namespace

TEST(HttpEdge, ABodyIsNeverTakenForTheNextRequest) {
    // The front reads every body whole before a handler runs, so the connection stays usable
    // whether or not the handler looked at the body.
    ApiDaemon api;
    for (const std::string& path : {std::string("/nothing"), std::string("/healthz"),
                                    std::string("/api/generation/job_x/retry")}) {
        RawClient client(api.port());
        client.send(postWithBody(path, ""));
        ASSERT_TRUE(client.nextAnswer()) << path;
        EXPECT_FALSE(client.nextAnswer(std::chrono::milliseconds(300)))
            << path << " answered its body";
        client.send("GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        auto next = client.nextAnswer();
        ASSERT_TRUE(next) << path;
        EXPECT_EQ(next->status, 404) << path;
    }
    // Authenticated, on a route that reads no body.
    auto retry = rawExchange(
        api.port(),
        postWithBody("/api/generation/job_x/retry", "Authorization: Bearer " + kAcmeKey + "\r\n") +
            "GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(countResponses(retry.received), 2) << retry.received;
    EXPECT_THAT(retry.received, HasSubstr("HTTP/1.1 404"));
    EXPECT_THAT(retry.received, ::testing::Not(HasSubstr("HTTP/1.1 200")));
}

TEST(HttpEdge, ANegativeContentLengthIsRefusedAndTheConnectionClosed) {
    ApiDaemon api;
    std::string request =
        "POST /api/projects/" + api.projectId("Default") +
        "/generate HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + kAcmeKey +
        "\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n" + kSmuggled;
    auto exchange = rawExchange(api.port(), request);
    EXPECT_EQ(countResponses(exchange.received), 1) << exchange.received;
    EXPECT_THAT(exchange.received, StartsWith("HTTP/1.1 400"));
    EXPECT_TRUE(exchange.closed);
}

TEST(HttpEdge, AnOversizedBodyIsRefusedWithoutWaitingForIt) {
    ApiDaemon api;
    // Announces a gigabyte and sends a few bytes: the answer must come without the rest.
    std::string request = "POST /api/projects/" + api.projectId("Default") +
                          "/generate HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                          kAcmeKey +
                          "\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n"
                          "{\"email\":";
    auto exchange = rawExchange(api.port(), request);
    EXPECT_THAT(exchange.received, StartsWith("HTTP/1.1 413"));
    EXPECT_THAT(exchange.received, HasSubstr("application/json; charset=utf-8"));
    EXPECT_TRUE(exchange.closed);
}

TEST(HttpEdge, KeepAliveSurvivesAnErrorWhoseBodyWasRead) {
    ApiDaemon api;
    std::string body = R"({"email":"nope"})";
    std::string first =
        "POST /api/projects/" + api.projectId("Default") +
        "/generate HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + kAcmeKey +
        "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
        "\r\n\r\n" + body;
    std::string second = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    auto exchange = rawExchange(api.port(), first + second);
    EXPECT_EQ(countResponses(exchange.received), 2) << exchange.received;
    EXPECT_THAT(exchange.received, StartsWith("HTTP/1.1 400"));
    EXPECT_THAT(exchange.received, HasSubstr("{\"status\":\"ok\"}"));
}

TEST(HttpEdge, HeadIsAnsweredLikeGetWithoutABody) {
    ApiDaemon api;
    auto created = generateOk(api, api.projectId("Default"));
    auto head = api.send("HEAD", "/api/generation/" + created.jobId + "/status", "",
                         {{"Authorization", "Bearer " + kAcmeKey}});
    EXPECT_EQ(head.status, 200);
    EXPECT_TRUE(head.text.empty());
    EXPECT_EQ(head.headers["Content-Type"], "application/json; charset=utf-8");
    EXPECT_GT(std::stoi(head.headers["Content-Length"]), 100);
    EXPECT_EQ(api.send("HEAD", "/healthz", "", {}).status, 200);
}

TEST(HttpEdge, AnAbsoluteFormTargetIsRoutedByItsPath) {
    ApiDaemon api;
    std::string request = "GET http://127.0.0.1:" + std::to_string(api.port()) +
                          "/healthz?probe=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: "
                          "close\r\n\r\n";
    auto exchange = rawExchange(api.port(), request);
    EXPECT_THAT(exchange.received, StartsWith("HTTP/1.1 200"));
    EXPECT_THAT(exchange.received, HasSubstr("{\"status\":\"ok\"}"));
}

TEST(HttpEdge, AnEmptyBodyWithAnotherContentTypeIs415) {
    ApiDaemon api;
    auto reply = api.send("POST", "/api/projects/" + api.projectId("Default") + "/generate", "",
                          {{"Authorization", "Bearer " + kAcmeKey}, {"Content-Type", "text/csv"}});
    EXPECT_EQ(reply.status, 415);
}

// The one exception to "every error is JSON" (api.md, Common behaviour): the public pages a
// prospect opens in a browser answer an unknown id with an HTML page under the pages' headers.
TEST(HttpEdge, PublicPagesAnswerAnUnknownIdWithAnHtml404) {
    ApiDaemon api;
    for (const std::string& path :
         {std::string("/m/lead_doesnotexist00000000000"), std::string("/b/doesnotexist"),
          std::string("/b/") + std::string(32, 'x')}) {
        for (const std::string& method : {std::string("GET"), std::string("HEAD")}) {
            auto page = api.send(method, path, "", {});
            EXPECT_EQ(page.status, 404) << method << " " << path;
            EXPECT_EQ(page.headers["Content-Type"], "text/html; charset=utf-8") << path;
            EXPECT_THAT(page.headers["Content-Security-Policy"], HasSubstr("default-src 'none'"));
            EXPECT_EQ(page.headers["X-Content-Type-Options"], "nosniff");
            EXPECT_EQ(page.headers["Referrer-Policy"], "no-referrer");
            EXPECT_EQ(page.headers["Cache-Control"], "no-store");
            EXPECT_FALSE(page.json) << path << ": " << page.text;
            if (method == "GET") {
                EXPECT_THAT(page.text, StartsWith("<!DOCTYPE html>")) << path;
            } else {
                EXPECT_TRUE(page.text.empty()) << path;
            }
        }
    }
    // Everywhere else a 404 is the JSON error, /api and the root alike.
    for (const std::string& path :
         {std::string("/nothing-here"), std::string("/m/a/b"), std::string("/api/nothing-here")}) {
        auto reply = api.send("GET", path, "", {});
        EXPECT_EQ(reply.status, 404) << path;
        EXPECT_EQ(reply.headers["Content-Type"], "application/json; charset=utf-8") << path;
        ASSERT_TRUE(reply.json) << path << ": " << reply.text;
        EXPECT_EQ(reply.json->getValue<std::string>("error"), "Not found") << path;
    }
}
