// URLs and request fields the client accepts or refuses before any network activity.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "outbound/RequestTarget.hpp"

namespace lodestone::outbound {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// The InvalidRequest message for `url`; fails the test if the URL is accepted.
std::string refusal(const std::string& url) {
    try {
        targetOf(url);
    } catch (const OutboundError& e) {
        EXPECT_EQ(e.kind(), OutboundError::Kind::InvalidRequest) << url;
        return e.what();
    }
    ADD_FAILURE() << "accepted " << url;
    return "";
}

std::string refusal(const OutboundRequest& request) {
    try {
        checkMethodAndHeaders(request);
    } catch (const OutboundError& e) {
        EXPECT_EQ(e.kind(), OutboundError::Kind::InvalidRequest);
        return e.what();
    }
    ADD_FAILURE() << "accepted the request";
    return "";
}

TEST(TargetOf, TakesHostPortAndPathFromTheUrl) {
    const RequestTarget target = targetOf("https://Hooks.Example.com/in/abc?x=1#frag");
    EXPECT_TRUE(target.tls);
    EXPECT_EQ(target.host, "hooks.example.com");
    EXPECT_EQ(target.port, 443);
    EXPECT_EQ(target.authority, "hooks.example.com:443");
    EXPECT_EQ(target.hostHeader, "hooks.example.com");
    EXPECT_EQ(target.pathAndQuery, "/in/abc?x=1");
}

TEST(TargetOf, PutsANonDefaultPortInTheHostHeader) {
    const RequestTarget target = targetOf("http://127.0.0.1:8080");
    EXPECT_FALSE(target.tls);
    EXPECT_EQ(target.port, 8080);
    EXPECT_EQ(target.hostHeader, "127.0.0.1:8080");
    EXPECT_EQ(target.pathAndQuery, "/");
}

TEST(TargetOf, BracketsIPv6Literals) {
    const RequestTarget target = targetOf("http://[::1]:9000?q");
    EXPECT_EQ(target.host, "::1");
    EXPECT_EQ(target.authority, "[::1]:9000");
    EXPECT_EQ(target.hostHeader, "[::1]:9000");
    EXPECT_EQ(target.pathAndQuery, "/?q");
}

TEST(TargetOf, SendsThePathExactlyAsWritten) {
    EXPECT_EQ(targetOf("http://example.com/a%2Fb/../c?x=%20&y").pathAndQuery,
              "/a%2Fb/../c?x=%20&y");
}

TEST(TargetOf, RefusesOtherSchemes) {
    EXPECT_EQ(refusal("ftp://example.com/file"), "the URL uses ftp:, not http:// or https://");
    EXPECT_THAT(refusal("file:///etc/passwd"), HasSubstr("not http:// or https://"));
    EXPECT_THAT(refusal("example.com/path"), HasSubstr("no scheme"));
}

TEST(TargetOf, RefusesUserInfo) {
    EXPECT_THAT(refusal("http://user:secret@example.com/"), HasSubstr("user name or password"));
    EXPECT_THAT(refusal("http://user@example.com/"), HasSubstr("user name or password"));
    EXPECT_THAT(refusal("http://@example.com/"), HasSubstr("user name or password"));
}

TEST(TargetOf, RefusesUrlsWithoutHostOrWithBadCharacters) {
    EXPECT_THAT(refusal("http:///path"), HasSubstr("no host"));
    EXPECT_THAT(refusal("http://example.com/a b"), HasSubstr("whitespace"));
    EXPECT_THAT(refusal("http://example.com/a\r\nX-Injected: 1"), HasSubstr("control"));
    EXPECT_THAT(refusal("http://example.com:0/"), HasSubstr("port"));
    EXPECT_THAT(refusal("http://example.com:99999/"), HasSubstr("port"));
    EXPECT_THAT(refusal("http://example.com/%zz"), HasSubstr("not a valid URL"));
    EXPECT_THAT(refusal("http://ex\xC2\xA0"
                        "ample.com/"),
                HasSubstr("whitespace"));
    EXPECT_THAT(refusal("http://example.com/\xFF"), HasSubstr("not UTF-8"));
}

TEST(TargetOf, NeverRepeatsThePathOrQueryInAMessage) {
    EXPECT_THAT(refusal("ftp://example.com/hook?token=s3cr3t"), Not(HasSubstr("s3cr3t")));
    EXPECT_THAT(refusal("http://u:s3cr3t@example.com/"), Not(HasSubstr("s3cr3t")));
    EXPECT_THAT(refusal("http://example.com/%zzs3cr3t"), Not(HasSubstr("s3cr3t")));
    EXPECT_THAT(refusal("http://example.com/s3cr3t\r\n"), Not(HasSubstr("s3cr3t")));
}

TEST(CheckMethodAndHeaders, AcceptsOrdinaryRequests) {
    OutboundRequest request;
    request.method = "POST";
    request.headers = {{"Content-Type", "application/json"}, {"X-Signature", "sha256=ab\tcd"}};
    EXPECT_NO_THROW(checkMethodAndHeaders(request));
}

TEST(CheckMethodAndHeaders, RefusesWhatCouldSplitTheRequest) {
    OutboundRequest request;
    request.method = "GET /other HTTP/1.1\r\n";
    EXPECT_THAT(refusal(request), HasSubstr("not a valid HTTP method"));
    request.method = "GET";
    request.headers = {{"X-Evil", "a\r\nHost: elsewhere"}};
    EXPECT_THAT(refusal(request), HasSubstr("X-Evil"));
    request.headers = {{"Bad Name", "v"}};
    EXPECT_THAT(refusal(request), HasSubstr("header name"));
}

TEST(CheckMethodAndHeaders, RefusesHeadersTheClientSets) {
    for (const char* name : {"Host", "content-length", "Connection", "TRANSFER-ENCODING"}) {
        OutboundRequest request;
        request.headers = {{name, "x"}};
        EXPECT_THAT(refusal(request), HasSubstr("set by the client")) << name;
    }
}

}  // namespace
}  // namespace lodestone::outbound
