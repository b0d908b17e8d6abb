#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "http/HttpError.hpp"
#include "http/RequestParser.hpp"

using lodestone::http::HttpError;
using lodestone::http::ParsedRequest;
using lodestone::http::ParserLimits;
using lodestone::http::RequestParser;
using Progress = lodestone::http::RequestParser::Progress;
using ::testing::HasSubstr;

namespace {

// Every request in `wire`, fed `step` bytes at a time; throws what the parser throws.
std::vector<ParsedRequest> readAll(const std::string& wire, std::size_t step,
                                   const ParserLimits& limits) {
    RequestParser parser(limits);
    std::vector<ParsedRequest> requests;
    std::string pending;
    for (std::size_t at = 0; at < wire.size(); at += step) {
        pending += wire.substr(at, step);
        for (;;) {
            std::size_t used = parser.feed(pending);
            pending.erase(0, used);
            if (parser.progress() != Progress::Complete) break;
            requests.push_back(parser.take());
            if (pending.empty()) break;
        }
    }
    return requests;
}

// Every request in `wire`, fed as two reads split before byte `split`.
std::vector<ParsedRequest> readSplit(const std::string& wire, std::size_t split,
                                     const ParserLimits& limits) {
    RequestParser parser(limits);
    std::vector<ParsedRequest> requests;
    std::string pending;
    for (const std::string& piece : {wire.substr(0, split), wire.substr(split)}) {
        pending += piece;
        while (!pending.empty()) {
            pending.erase(0, parser.feed(pending));
            if (parser.progress() != Progress::Complete) break;
            requests.push_back(parser.take());
        }
    }
    return requests;
}

// The status the parser refuses `wire` with, split before byte `split` (0 when it takes it).
int refusalSplit(const std::string& wire, std::size_t split, const ParserLimits& limits) {
    try {
        readSplit(wire, split, limits);
        return 0;
    } catch (const HttpError& e) {
        return e.status();
    }
}

int refusal(const std::string& wire, const ParserLimits& limits = {}) {
    try {
        readAll(wire, 1, limits);
        return 0;
    } catch (const HttpError& e) {
        return e.status();
    }
}

// The status `parser` refuses `bytes` with, fed all at once (0 when it takes them).
int refusalOf(RequestParser& parser, const std::string& bytes) {
    try {
        parser.feed(bytes);
        return 0;
    } catch (const HttpError& e) {
        return e.status();
    }
}

}  // namespace

TEST(RequestParser, ReadsPipelinedRequestsWhicheverWayTheBytesArrive) {
    const std::string wire =
        "POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello"
        "POST /b HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
        "GET /c HTTP/1.1\r\nHost: h\r\n\r\n";
    for (std::size_t step : {1u, 3u, 17u, 4096u}) {
        ParserLimits limits;
        auto requests = readAll(wire, step, limits);
        ASSERT_EQ(requests.size(), 3u) << step;
        EXPECT_EQ(requests[0].head.target, "/a");
        EXPECT_EQ(requests[0].body, "hello");
        EXPECT_EQ(requests[1].body, "abc");
        EXPECT_EQ(requests[2].head.target, "/c");
        EXPECT_TRUE(requests[2].body.empty());
    }
}

TEST(RequestParser, ATlsHandshakeIsRefusedAtItsFirstByte) {
    ParserLimits limits;
    RequestParser parser(limits);
    const std::string clientHello("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 11);
    try {
        parser.feed(clientHello.substr(0, 1));
        FAIL() << "accepted a TLS record";
    } catch (const HttpError& e) {
        EXPECT_EQ(e.status(), 400);
        EXPECT_THAT(e.what(), HasSubstr("TLS"));
    }
}

TEST(RequestParser, ABareLineFeedIsRefusedWhereItIs) {
    ParserLimits limits;
    RequestParser parser(limits);
    parser.feed("GET / HTTP/1.1");
    EXPECT_THROW(parser.feed("\n"), HttpError);
    EXPECT_EQ(refusal("GET / HTTP/1.1\r\nHost: h\n\r\n"), 400);
    EXPECT_EQ(refusal("GET / HTTP/1.1\rHost: h\r\n\r\n"), 400);
}

TEST(RequestParser, HeadsPastTheLimitAre431AndLongRequestLines414) {
    ParserLimits limits;
    limits.maxHeadBytes = 1024;
    EXPECT_EQ(refusal("GET / HTTP/1.1\r\nHost: h\r\nX-Big: " + std::string(2000, 'a') + "\r\n\r\n",
                      limits),
              431);
    EXPECT_EQ(refusal("GET /" + std::string(2000, 'a') + " HTTP/1.1\r\n\r\n", limits), 414);
}

TEST(RequestParser, ABodyPastTheLimitIsRefusedRightAfterTheHead) {
    ParserLimits limits;
    limits.maxBodyBytes = 10;
    RequestParser parser(limits);
    EXPECT_THROW(parser.feed("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n"),
                 HttpError);
}

TEST(RequestParser, ReportsItsProgressSoTheFrontCanTimeIt) {
    ParserLimits limits;
    RequestParser parser(limits);
    EXPECT_EQ(parser.progress(), Progress::Idle);
    parser.feed("POST / HTTP/1.1\r\nHost");
    EXPECT_EQ(parser.progress(), Progress::ReadingHead);
    parser.feed(": h\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\nab");
    EXPECT_EQ(parser.progress(), Progress::ReadingBody);
    EXPECT_TRUE(parser.head().expectContinue);
    EXPECT_EQ(parser.bodyBytes(), 2u);
    parser.feed("cd");
    EXPECT_EQ(parser.progress(), Progress::Complete);
    EXPECT_EQ(parser.take().body, "abcd");
    EXPECT_EQ(parser.progress(), Progress::Idle);
}

TEST(RequestParser, AnOverlongMethodIsRefusedBeforeItsEnd) {
    ParserLimits limits;
    RequestParser parser(limits);
    EXPECT_THROW(parser.feed(std::string(100, 'A')), HttpError);
}

TEST(RequestParser, ANonHttpLineIsRefusedAtItsLineEnd) {
    ParserLimits limits;
    RequestParser parser(limits);
    // An SSH client's banner: every byte could start a method, the line as a whole cannot.
    EXPECT_EQ(refusalOf(parser, "SSH-2.0-OpenSSH_9.2"), 0);
    EXPECT_EQ(parser.progress(), Progress::ReadingHead);
    try {
        parser.feed("\r\n");
        FAIL() << "accepted an SSH banner as a request line";
    } catch (const HttpError& e) {
        EXPECT_EQ(e.status(), 400);
        EXPECT_THAT(e.what(), HasSubstr("not an HTTP/1.1 request"));
    }
}

TEST(RequestParser, TheRequestLineIsJudgedBeforeAnyFieldArrives) {
    struct Line {
        const char* text;
        int status;
    };
    for (const Line& line :
         {Line{"GET /healthz HTTP/2.0\r\n", 505}, Line{"GET /healthz HTTP/1.1 \r\n", 400},
          Line{"GET /healthz FOO\r\n", 400}, Line{"GET healthz HTTP/1.1\r\n", 400},
          Line{"GET  /healthz HTTP/1.1\r\n", 400}, Line{"GET /\r\n", 400},
          Line{"\r\n\r\nGET /a\x01 HTTP/1.1\r\n", 400}}) {
        ParserLimits limits;
        RequestParser parser(limits);
        EXPECT_EQ(refusalOf(parser, line.text), line.status) << line.text;
    }
    ParserLimits limits;
    RequestParser parser(limits);
    EXPECT_EQ(refusalOf(parser, "\r\nGET /healthz HTTP/1.1\r\n"), 0);  // a good line waits
    EXPECT_EQ(parser.progress(), Progress::ReadingHead);
}

TEST(RequestParser, EachFieldLineIsJudgedWhenItEnds) {
    using namespace std::string_literals;
    for (const std::string& field :
         {"X-A: a\0b\r\n"s, "Host : a\r\n"s, " folded\r\n"s, "no colon\r\n"s}) {
        ParserLimits limits;
        RequestParser parser(limits);
        EXPECT_EQ(refusalOf(parser, "GET / HTTP/1.1\r\nHost: a\r\n" + field), 400) << field;
    }
}

TEST(RequestParser, TheFieldPastTheLimitIs431BeforeTheHeadEnds) {
    ParserLimits limits;
    RequestParser parser(limits);
    std::string head = "GET / HTTP/1.1\r\n";
    for (int i = 0; i < 100; ++i) head += "X-" + std::to_string(i) + ": 1\r\n";
    EXPECT_EQ(refusalOf(parser, head), 0);
    EXPECT_EQ(refusalOf(parser, "X-100: 1\r\n"), 431);
}

TEST(RequestParser, AHeadSplitAnywhereIsReadTheSame) {
    const std::string wire =
        "\r\nGET /a/b?c=d HTTP/1.1\r\nHost: h\r\nX-Long: " + std::string(300, 'v') +
        "\r\nAccept: */*\r\n\r\n"
        "GET /e HTTP/1.0\r\n\r\n";
    ParserLimits limits;
    for (std::size_t split = 0; split <= wire.size(); ++split) {
        auto requests = readSplit(wire, split, limits);
        ASSERT_EQ(requests.size(), 2u) << split;
        EXPECT_EQ(requests[0].head.method, "GET") << split;
        EXPECT_EQ(requests[0].head.target, "/a/b?c=d") << split;
        ASSERT_EQ(requests[0].head.fields.size(), 3u) << split;
        EXPECT_EQ(requests[0].head.fields[1].second, std::string(300, 'v')) << split;
        EXPECT_EQ(requests[0].head.fields[2].first, "Accept") << split;
        EXPECT_EQ(requests[1].head.target, "/e") << split;
        EXPECT_EQ(requests[1].head.minorVersion, 0) << split;
    }
}

TEST(RequestParser, AHeadOfExactlyTheLimitIsReadAndOneByteMoreRefusedWhereverItIsSplit) {
    ParserLimits limits;
    limits.maxHeadBytes = 128;
    const std::string start = "GET / HTTP/1.1\r\nHost: h\r\nX-Pad: ";
    const std::string fits = start + std::string(128 - start.size() - 4, 'p') + "\r\n\r\n";
    ASSERT_EQ(fits.size(), 128u);
    const std::string over = start + std::string(128 - start.size() - 3, 'p') + "\r\n\r\n";
    const std::string longLine = "GET /" + std::string(200, 'a') + " HTTP/1.1\r\n\r\n";
    for (std::size_t split = 0; split <= over.size(); ++split) {
        EXPECT_EQ(refusalSplit(fits, std::min(split, fits.size()), limits), 0) << split;
        EXPECT_EQ(refusalSplit(over, split, limits), 431) << split;
        EXPECT_EQ(refusalSplit(longLine, split, limits), 414) << split;
    }
}

TEST(RequestParser, ACrAtTheEndOfOneReadMustBeFollowedByLfAtTheStartOfTheNext) {
    for (const std::string& wire : {std::string("GET / HTTP/1.1\rX: a\r\n\r\n"),
                                    std::string("GET / HTTP/1.1\r\nHost: h\r\r\n\r\n"),
                                    std::string("GET / HTTP/1.1\r\nHost: h\nX: a\r\n\r\n")}) {
        ParserLimits limits;
        for (std::size_t split = 0; split <= wire.size(); ++split)
            EXPECT_EQ(refusalSplit(wire, split, limits), 400) << split << " " << wire;
    }
}

TEST(RequestParser, TheMethodLimitHoldsWhereverTheMethodIsSplit) {
    ParserLimits limits;
    const std::string longest = std::string(32, 'M') + " / HTTP/1.1\r\nHost: h\r\n\r\n";
    const std::string tooLong = std::string(33, 'M') + " / HTTP/1.1\r\nHost: h\r\n\r\n";
    for (std::size_t split = 0; split <= longest.size(); ++split) {
        EXPECT_EQ(refusalSplit(longest, split, limits), 0) << split;
        EXPECT_EQ(refusalSplit(tooLong, split, limits), 501) << split;
    }
}

namespace {

// Uploads to /upload may send up to 4 MB, kept in a temporary file; the rest keep the 1 MiB.
ParserLimits uploadLimits() {
    ParserLimits limits;
    limits.largeBody =
        [](const lodestone::http::RequestHead& head) -> std::optional<lodestone::http::LargeBody> {
        if (head.target != "/upload") return std::nullopt;
        return lodestone::http::LargeBody{4'000'000, "imports.max_file_bytes"};
    };
    return limits;
}

std::string spooledText(const ParsedRequest& request) {
    std::string text;
    std::istream& in = request.spooledBody->reader();
    char buffer[8192];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        text.append(buffer, static_cast<std::size_t>(in.gcount()));
    }
    return text;
}

}  // namespace

TEST(RequestParser, ALargeBodyOfARouteThatTakesOneGoesToATemporaryFile) {
    std::string body(3'000'000, 'x');
    for (std::size_t i = 0; i < body.size(); i += 997) body[i] = static_cast<char>('a' + i % 26);
    const auto limits = uploadLimits();
    auto requests = readAll("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: " +
                                std::to_string(body.size()) + "\r\n\r\n" + body,
                            65'536, limits);
    ASSERT_EQ(requests.size(), 1u);
    EXPECT_TRUE(requests[0].body.empty()) << "never held in memory";
    ASSERT_TRUE(requests[0].spooledBody);
    EXPECT_EQ(requests[0].spooledBody->size(), static_cast<std::int64_t>(body.size()));
    EXPECT_EQ(spooledText(requests[0]), body);
}

TEST(RequestParser, AChunkedLargeBodyIsSpooledDeChunked) {
    const auto limits = uploadLimits();
    std::string wire = "POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n";
    std::string body;
    for (int i = 0; i < 40; ++i) {
        std::string chunk(50'000, static_cast<char>('a' + i % 26));
        body += chunk;
        char size[16];
        std::snprintf(size, sizeof size, "%zx", chunk.size());
        wire += std::string(size) + "\r\n" + chunk + "\r\n";
    }
    wire += "0\r\n\r\n";
    auto requests = readAll(wire, 40'000, limits);
    ASSERT_EQ(requests.size(), 1u);
    EXPECT_EQ(spooledText(requests[0]), body);
}

TEST(RequestParser, ALargeBodyPastItsRoutesLimitIsRefusedNamingTheSetting) {
    const auto limits = uploadLimits();
    try {
        readAll("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 5000000\r\n\r\n", 100, limits);
        FAIL() << "accepted";
    } catch (const HttpError& e) {
        EXPECT_EQ(e.status(), 413);
        EXPECT_THAT(e.what(), HasSubstr("(imports.max_file_bytes)"));
    }
    // Other routes keep server.max_body_bytes.
    EXPECT_THROW(
        readAll("POST /other HTTP/1.1\r\nHost: a\r\nContent-Length: 2000000\r\n\r\n", 100, limits),
        HttpError);
}
