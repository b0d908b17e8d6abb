#include <gtest/gtest.h>

#include "http/ChunkedBody.hpp"
#include "http/HttpError.hpp"

using lodestone::http::ChunkedBody;
using lodestone::http::HttpError;

namespace {

struct Decoded {
    std::string body;
    std::size_t consumed = 0;
    bool complete = false;
    int refusal = 0;
};

// Feeds `wire` in pieces of `step` bytes, as a socket might deliver it.
Decoded decode(const std::string& wire, std::size_t step = 1, std::size_t maxBytes = 1024) {
    ChunkedBody chunked(maxBytes);
    Decoded out;
    try {
        for (std::size_t at = 0; at < wire.size() && !chunked.complete(); at += step) {
            std::string_view piece = std::string_view(wire).substr(at, step);
            out.consumed += chunked.feed(piece, out.body);
        }
    } catch (const HttpError& e) {
        out.refusal = e.status();
    }
    out.complete = chunked.complete();
    return out;
}

}  // namespace

TEST(ChunkedBody, DecodesChunksDeliveredAnyWay) {
    const std::string wire = "5\r\nhello\r\nA\r\n, world!!!\r\n0\r\n\r\nGET /next";
    for (std::size_t step : {1u, 2u, 7u, 100u}) {
        auto decoded = decode(wire, step);
        EXPECT_TRUE(decoded.complete) << step;
        EXPECT_EQ(decoded.body, "hello, world!!!") << step;
        EXPECT_EQ(decoded.consumed, wire.find("GET")) << step;  // the next request is left alone
    }
}

TEST(ChunkedBody, FramingOtherThanCrlfIsRefused) {
    EXPECT_EQ(decode("5\nhello\r\n0\r\n\r\n").refusal, 400);  // bare LF after the size
    EXPECT_EQ(decode("5\r\nhello\n0\r\n\r\n").refusal, 400);  // bare LF after the data
    EXPECT_EQ(decode("5\r\nhelloXX0\r\n\r\n").refusal, 400);  // data longer than its size
    EXPECT_EQ(decode("0\r\n\n").refusal, 400);
    EXPECT_EQ(decode("\r\n5\r\nhello\r\n0\r\n\r\n").refusal, 400);  // no size
    EXPECT_EQ(decode(" 5\r\nhello\r\n0\r\n\r\n").refusal, 400);
    EXPECT_EQ(decode("5 \r\nhello\r\n0\r\n\r\n").refusal, 400);
    EXPECT_EQ(decode("-5\r\nhello\r\n0\r\n\r\n").refusal, 400);
    EXPECT_EQ(decode("0x5\r\nhello\r\n0\r\n\r\n").refusal, 400);
}

TEST(ChunkedBody, ExtensionsAndTrailersAreRefused) {
    EXPECT_EQ(decode("5;name=value\r\nhello\r\n0\r\n\r\n").refusal, 400);
    EXPECT_EQ(decode("5\r\nhello\r\n0\r\nX-Trailer: 1\r\n\r\n").refusal, 400);
}

TEST(ChunkedBody, SizesPastTheLimitAre413WithoutWaitingForTheData) {
    EXPECT_EQ(decode("401\r\n", 100, 1024).refusal, 413);
    EXPECT_EQ(decode("200\r\n" + std::string(512, 'a') + "\r\n201\r\n", 1000, 1024).refusal, 413);
    EXPECT_EQ(decode("FFFFFFFFFFFFFFFF\r\n", 100).refusal, 400);  // more digits than any size
    EXPECT_EQ(decode("400\r\n" + std::string(1024, 'a') + "\r\n0\r\n\r\n", 4096, 1024).body.size(),
              1024u);
}
