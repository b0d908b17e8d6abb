#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "http/HttpError.hpp"
#include "http/RequestHead.hpp"

using lodestone::http::BodyFraming;
using lodestone::http::HeadLimits;
using lodestone::http::HttpError;
using lodestone::http::parseRequestHead;
using lodestone::http::RequestHead;
using ::testing::HasSubstr;
using namespace std::string_literals;

namespace {

RequestHead parse(const std::string& text) {
    return parseRequestHead(text, HeadLimits{});
}

// The status parseRequestHead refuses `text` with (0 when it accepts it).
int refusal(const std::string& text) {
    try {
        parse(text);
        return 0;
    } catch (const HttpError& e) {
        return e.status();
    }
}

std::string get(const std::string& fields) {
    return "GET / HTTP/1.1\r\nHost: a.example\r\n" + fields + "\r\n";
}

std::string post(const std::string& fields) {
    return "POST /api/x HTTP/1.1\r\nHost: a.example\r\n" + fields + "\r\n";
}

}  // namespace

TEST(RequestHead, ReadsTheRequestLineAndFieldsInOrder) {
    auto head = parse(
        "POST /api/x?y=1 HTTP/1.1\r\nHost: a.example\r\nX-One:  1 \r\nx-one: 2\r\n"
        "Content-Length: 12\r\n\r\n");
    EXPECT_EQ(head.method, "POST");
    EXPECT_EQ(head.target, "/api/x?y=1");
    EXPECT_EQ(head.minorVersion, 1);
    ASSERT_EQ(head.fields.size(), 4u);
    EXPECT_EQ(head.fields[1].second, "1");  // surrounding whitespace is not part of a value
    EXPECT_EQ(head.framing, BodyFraming::Length);
    EXPECT_EQ(head.contentLength, 12u);
    EXPECT_TRUE(head.keepAlive);
}

TEST(RequestHead, BothTransferEncodingAndContentLengthAreRefused) {
    for (const char* coding : {"chunked", " chunked", "CHUNKED"}) {
        EXPECT_EQ(
            refusal(post(std::string("Transfer-Encoding:") + coding + "\r\nContent-Length: 5\r\n")),
            400)
            << coding;
        EXPECT_EQ(
            refusal(post(std::string("Content-Length: 5\r\nTransfer-Encoding:") + coding + "\r\n")),
            400)
            << coding;
    }
}

TEST(RequestHead, ChunkedIsTheOnlyTransferCoding) {
    EXPECT_EQ(parse(post("Transfer-Encoding: chunked\r\n")).framing, BodyFraming::Chunked);
    EXPECT_EQ(parse(post("Transfer-Encoding: Chunked\r\n")).framing, BodyFraming::Chunked);
    for (const char* coding :
         {"gzip", "gzip, chunked", "chunked, chunked", "chunked;q=1", "identity", ""}) {
        EXPECT_EQ(refusal(post(std::string("Transfer-Encoding: ") + coding + "\r\n")), 501)
            << coding;
    }
    EXPECT_EQ(refusal(post("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n")), 400);
    EXPECT_EQ(refusal("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n"), 400);
}

TEST(RequestHead, ContentLengthIsOneDecimalNumber) {
    for (const char* length : {"-1", "+5", "5 5", "0x10", "", "1e3", "99999999999999999999"}) {
        EXPECT_EQ(refusal(post(std::string("Content-Length: ") + length + "\r\n")), 400) << length;
    }
    EXPECT_EQ(refusal(post("Content-Length: 5\r\nContent-Length: 5\r\n")), 400);
    EXPECT_EQ(parse(post("Content-Length: 0\r\n")).framing, BodyFraming::None);
}

TEST(RequestHead, OnlyHttp10And11AreServed) {
    EXPECT_EQ(parse("GET / HTTP/1.0\r\n\r\n").minorVersion, 0);
    for (const char* version : {"HTTP/2.0", "HTTP/9.9", "HTTP/1.2", "HTTP/0.9"}) {
        EXPECT_EQ(refusal(std::string("GET / ") + version + "\r\nHost: a\r\n\r\n"), 505) << version;
    }
    for (const char* version : {"FOO", "HTTP/1", "HTTP/1.1x", "http/1.1", "HTTP/11.1", ""}) {
        EXPECT_EQ(refusal(std::string("GET / ") + version + "\r\nHost: a\r\n\r\n"), 400) << version;
    }
    EXPECT_EQ(refusal("GET /\r\nHost: a\r\n\r\n"), 400);
}

TEST(RequestHead, TheRequestLineHasExactlyTwoSingleSpaces) {
    EXPECT_EQ(refusal("GET  / HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    EXPECT_EQ(refusal("GET / HTTP/1.1 \r\nHost: a\r\n\r\n"), 400);
    EXPECT_EQ(refusal("GET /a b HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    EXPECT_EQ(refusal("GET\t/ HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
}

TEST(RequestHead, TargetsArePathsWithoutRawSpecialBytes) {
    EXPECT_EQ(refusal("GET /caf\xC3\xA9 HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    EXPECT_EQ(refusal("GET /a\x01 HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    EXPECT_EQ(refusal("GET relative HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    EXPECT_EQ(parse("GET http://a.example/healthz?x HTTP/1.1\r\nHost: a\r\n\r\n").target,
              "/healthz?x");
    EXPECT_EQ(parse("GET http://a.example HTTP/1.1\r\nHost: a\r\n\r\n").target, "/");
    EXPECT_EQ(parse("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n").target, "*");
    EXPECT_EQ(refusal("GET * HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    EXPECT_EQ(refusal("GET /" + std::string(9000, 'a') + " HTTP/1.1\r\nHost: a\r\n\r\n"), 414);
}

TEST(RequestHead, FieldsAreStrict) {
    EXPECT_EQ(refusal(get("X-A : 1\r\n")), 400);               // space before the colon
    EXPECT_EQ(refusal(get("X-A: 1\r\n continued\r\n")), 400);  // obs-fold
    EXPECT_EQ(refusal(get("X-A: a\0b\r\n"s)), 400);
    EXPECT_EQ(refusal(get("X-A: a\x7F\r\n")), 400);
    EXPECT_EQ(refusal(get("no colon\r\n")), 400);
    EXPECT_EQ(refusal(get(": empty name\r\n")), 400);
    EXPECT_EQ(refusal(get("X-A: a\rb\r\n")), 400);
    EXPECT_EQ(parse(get("X-A: a\tb\r\n")).fields.back().second, "a\tb");
}

TEST(RequestHead, Http11NeedsExactlyOneHost) {
    EXPECT_EQ(refusal("GET / HTTP/1.1\r\n\r\n"), 400);
    EXPECT_EQ(refusal("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"), 400);
    EXPECT_EQ(refusal("GET / HTTP/1.0\r\n\r\n"), 0);
}

TEST(RequestHead, FieldsThatNameOneThingAreSentOnce) {
    for (const char* name : {"Authorization", "Content-Type", "Idempotency-Key"}) {
        try {
            parse(get(std::string(name) + ": a\r\n" + name + ": b\r\n"));
            ADD_FAILURE() << name;
        } catch (const HttpError& e) {
            EXPECT_EQ(e.status(), 400);
            EXPECT_THAT(e.what(), HasSubstr("more than once"));
        }
    }
}

TEST(RequestHead, TooManyFieldsIs431) {
    std::string fields;
    for (int i = 0; i < 101; ++i) fields += "X-" + std::to_string(i) + ": 1\r\n";
    EXPECT_EQ(refusal(get(fields)), 431);
}

TEST(RequestHead, ConnectionDecidesWhetherTheConnectionStaysOpen) {
    EXPECT_FALSE(parse(get("Connection: close\r\n")).keepAlive);
    EXPECT_FALSE(parse(get("Connection: keep-alive, CLOSE\r\n")).keepAlive);
    EXPECT_FALSE(parse("GET / HTTP/1.0\r\n\r\n").keepAlive);
    EXPECT_TRUE(parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").keepAlive);
    EXPECT_FALSE(
        parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\nConnection: close\r\n\r\n").keepAlive);
}

TEST(RequestHead, OnlyExpect100ContinueIsMet) {
    EXPECT_TRUE(parse(post("Expect: 100-continue\r\nContent-Length: 3\r\n")).expectContinue);
    EXPECT_FALSE(parse(get("Expect: 100-continue\r\n")).expectContinue);  // no body to wait for
    EXPECT_EQ(refusal(post("Expect: 200-ok\r\nContent-Length: 3\r\n")), 417);
}

TEST(RequestHead, MethodsAreShortTokens) {
    EXPECT_EQ(refusal("G@T / HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    EXPECT_EQ(refusal(std::string(33, 'A') + " / HTTP/1.1\r\nHost: a\r\n\r\n"), 501);
    EXPECT_EQ(parse("PURGE / HTTP/1.1\r\nHost: a\r\n\r\n").method, "PURGE");
}

TEST(RequestHead, EmptyLinesBeforeTheRequestLineAreSkipped) {
    EXPECT_EQ(parse("\r\n\r\nGET /x HTTP/1.1\r\nHost: a\r\n\r\n").target, "/x");
}
