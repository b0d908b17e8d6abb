#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "http/BufferedExchange.hpp"
#include "http/ErrorAnswer.hpp"

using lodestone::http::BufferedRequest;
using lodestone::http::BufferedResponse;
using lodestone::http::errorAnswer;
using lodestone::http::ParsedRequest;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

namespace {

ParsedRequest chunkedPost() {
    ParsedRequest request;
    request.head.method = "POST";
    request.head.target = "/api/x";
    request.head.fields = {{"Host", "h"}, {"Transfer-Encoding", "chunked"}, {"X-Id", "7"}};
    request.head.framing = lodestone::http::BodyFraming::Chunked;
    request.body = "{\"a\":1}";
    return request;
}

}  // namespace

TEST(BufferedExchange, HandlersSeeADechunkedBodyOfKnownLength) {
    BufferedResponse response;
    Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams();
    BufferedRequest request(chunkedPost(), response, Poco::Net::SocketAddress("127.0.0.1", 5),
                            Poco::Net::SocketAddress("127.0.0.1", 6), *params);
    EXPECT_FALSE(request.getChunkedTransferEncoding());
    EXPECT_EQ(request.getContentLength64(), 7);
    EXPECT_EQ(request.get("X-Id"), "7");
    std::string body((std::istreambuf_iterator<char>(request.stream())),
                     std::istreambuf_iterator<char>());
    EXPECT_EQ(body, "{\"a\":1}");
}

TEST(BufferedExchange, AnswersAreFramedByLengthWhateverTheHandlerSet) {
    BufferedResponse response;
    response.setChunkedTransferEncoding(true);
    response.setContentType("text/plain");
    response.send() << "hello";
    std::string bytes = response.serialize(false);
    EXPECT_THAT(bytes, StartsWith("HTTP/1.1 200 OK\r\n"));
    EXPECT_THAT(bytes, HasSubstr("Content-Length: 5\r\n"));
    EXPECT_THAT(bytes, Not(HasSubstr("chunked")));
    EXPECT_THAT(bytes, HasSubstr("\r\n\r\nhello"));
}

TEST(BufferedExchange, AHeadAnswerKeepsItsLengthButHasNoBody) {
    BufferedResponse response;
    response.setContentLength(42);
    response.send();
    std::string bytes = response.serialize(true);
    EXPECT_THAT(bytes, HasSubstr("Content-Length: 42\r\n"));
    EXPECT_EQ(bytes.substr(bytes.size() - 4), "\r\n\r\n");
}

TEST(BufferedExchange, ErrorAnswersHaveAJsonBodyAndClose) {
    std::string bytes = errorAnswer(431, "The request head is larger than 16384 bytes");
    EXPECT_THAT(bytes, StartsWith("HTTP/1.1 431 "));
    EXPECT_THAT(bytes, HasSubstr("Content-Type: application/json; charset=utf-8\r\n"));
    EXPECT_THAT(bytes, HasSubstr("Connection: close\r\n"));
    EXPECT_THAT(bytes, HasSubstr("{\"error\":\"The request head is larger than 16384 bytes\"}"));
}

TEST(BufferedExchange, ErrorAnswersQuoteBytesThatAreNotUtf8AsText) {
    std::string bytes = errorAnswer(501, "Transfer-Encoding \"gz\xFFip\" is not supported");
    EXPECT_THAT(bytes, HasSubstr(R"(gz\\xFFip)"));
    EXPECT_EQ(bytes.find('\xFF'), std::string::npos);
}

TEST(BufferedExchange, BodyWritesKeepTheirOrderWhicheverWayTheyAreMade) {
    BufferedResponse response;
    response.send() << "a";
    response.sendBuffer("bc", 2);
    response.send() << 'd' << 5;
    std::string bytes = response.serialize(false);
    EXPECT_THAT(bytes, HasSubstr("Content-Length: 5\r\n"));
    EXPECT_EQ(bytes.substr(bytes.size() - 9), "\r\n\r\nabcd5");
}

TEST(BufferedExchange, TheFrontsFieldsTakeTheHandlersPlacesOrFollowTheRest) {
    BufferedResponse response;
    response.set("X-Request-Id", "r");
    response.set("connection", "Close");
    response.set("Content-Length", "99");
    response.set("X-After", "1");
    response.sendBuffer("hi", 2);
    std::string bytes = response.serialize(false);
    EXPECT_THAT(bytes, HasSubstr("X-Request-Id: r\r\nconnection: close\r\nContent-Length: 2\r\n"
                                 "X-After: 1\r\nDate: "));
}

TEST(BufferedExchange, TheRequestSaysWhetherTheConnectionPersistsInItsFirstConnectionField) {
    BufferedResponse response;
    Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams();
    ParsedRequest parsed;
    parsed.head.method = "GET";
    parsed.head.target = "/";
    parsed.head.fields = {{"connection", "close, foo"}, {"Host", "h"}};
    parsed.head.keepAlive = false;
    BufferedRequest request(std::move(parsed), response, Poco::Net::SocketAddress("127.0.0.1", 5),
                            Poco::Net::SocketAddress("127.0.0.1", 6), *params);
    EXPECT_EQ(request.get("Connection"), "Close");
    EXPECT_FALSE(request.hasContentLength());
    EXPECT_EQ(request.stream().get(), std::char_traits<char>::eof());
    EXPECT_FALSE(response.getKeepAlive());
}

TEST(BufferedExchange, ALargeAnswerMovesToATemporaryFileFramedByItsWholeLength) {
    BufferedResponse response;
    const std::string line(1000, 'r');
    auto& out = response.send();
    for (int i = 0; i < 3000; ++i) out << line << '\n';  // about 3 MB
    out.flush();
    const auto head = response.serialize(false);
    auto rest = response.spooledBody();
    ASSERT_TRUE(rest) << "past kSpoolAbove the body is not held in memory";
    EXPECT_THAT(head, HasSubstr("Content-Length: 3003000\r\n"));
    EXPECT_LT(head.size(), 1024u) << "the head alone";
    EXPECT_EQ(rest->size(), 3'003'000);
    char first[4];
    ASSERT_EQ(rest->readAt(0, first, sizeof first), sizeof first);
    EXPECT_EQ(std::string(first, 4), "rrrr");
}

TEST(BufferedExchange, ASmallAnswerStaysInMemory) {
    BufferedResponse response;
    response.send() << "small";
    EXPECT_THAT(response.serialize(false), HasSubstr("\r\n\r\nsmall"));
    EXPECT_FALSE(response.spooledBody());
}
