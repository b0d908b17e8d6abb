#include <gtest/gtest.h>

#include <string>

#include "domain/Urls.hpp"
#include "unit/domain/UrlSamples.hpp"

using lodestone::domain::hostOf;
using lodestone::domain::httpUrlProblem;
using lodestone::domain::isHttpOrigin;
using lodestone::domain::isHttpUrl;
using lodestone::domain::withoutTrailingSlash;
using lodestone::test::visible;

namespace {

TEST(Urls, AbsoluteHttpUrlsWithAHostAreAccepted) {
    for (const auto& url : lodestone::test::kHttpUrls) EXPECT_TRUE(isHttpUrl(url)) << url;
}

TEST(Urls, SpacesAndControlCharactersAnywhereAreRefused) {
    for (const auto& url : lodestone::test::kUrlsWithSpaceOrControl) {
        EXPECT_FALSE(isHttpUrl(url)) << visible(url);
    }
}

TEST(Urls, WhitespaceAroundAUrlIsNotTrimmedButRefused) {
    for (const auto& url : lodestone::test::kUrlsInWhitespace) {
        EXPECT_FALSE(isHttpUrl(url)) << visible(url);
    }
}

TEST(Urls, RelativeHostlessAndOtherSchemesAreRefused) {
    EXPECT_FALSE(isHttpUrl(""));
    EXPECT_FALSE(isHttpUrl("https://acme.io:0/"));
    for (const auto& url : lodestone::test::kNotHttpUrls) {
        EXPECT_FALSE(isHttpUrl(url)) << visible(url);
    }
}

TEST(Urls, UserInfoIsRefusedWithOrWithoutAPassword) {
    for (const auto& url : lodestone::test::kUrlsWithUserInfo) {
        EXPECT_EQ(httpUrlProblem(url), "has a user name or password") << url;
    }
    EXPECT_EQ(httpUrlProblem("https://ann@"), "has a user name or password");
    EXPECT_FALSE(isHttpUrl("https://ann smith@acme.io/"));
    EXPECT_FALSE(isHttpOrigin("https://ann@go.acme.io"));
}

// The reason each door shows after the URL's name; it never repeats the URL itself.
TEST(Urls, TheProblemSaysWhatIsWrongWithoutRepeatingTheUrl) {
    EXPECT_EQ(httpUrlProblem("https://acme.io/hook"), std::nullopt);
    EXPECT_EQ(httpUrlProblem("http://127.0.0.1:18160/h\r\nX-Injected: 1"),
              "contains whitespace or a control character");
    EXPECT_EQ(httpUrlProblem("http://acme .io/h"), "contains whitespace or a control character");
    EXPECT_EQ(httpUrlProblem("http://acme.io/\th"), "contains whitespace or a control character");
    EXPECT_EQ(httpUrlProblem("https://acme.io/\xFF"), "is not UTF-8 text");
    EXPECT_EQ(httpUrlProblem(""), "is empty");
    EXPECT_EQ(httpUrlProblem("acme.io/hook"),
              "has no scheme; it must start with http:// or https://");
    EXPECT_EQ(httpUrlProblem("ftp://acme.io/hook"), "uses ftp:, not http:// or https://");
    EXPECT_EQ(httpUrlProblem("https:///hook"), "has no host");
    for (const char* url : {"https://acme.io:0/hook", "https://[::1]:0/hook",
                            "https://acme.io:99999/hook", "https://acme.io:x/hook"}) {
        EXPECT_EQ(httpUrlProblem(url), "has a port that is not a number from 1 to 65535") << url;
    }
    EXPECT_EQ(httpUrlProblem("https://acme.io:/hook"), std::nullopt);  // an empty port: the default
    EXPECT_EQ(httpUrlProblem("https://acme.io/%zzs3cr3t"),
              "is not a valid URL (a malformed host or %-escape)");
}

TEST(Urls, HostOfGivesTheHostWithoutBrackets) {
    EXPECT_EQ(hostOf("https://hooks.acme.io:8443/x"), "hooks.acme.io");
    EXPECT_EQ(hostOf("http://[::1]:8080/x"), "::1");
    EXPECT_EQ(hostOf("http://127.0.0.1/x"), "127.0.0.1");
}

TEST(Urls, AnOriginIsAUrlWithNothingAfterTheAuthority) {
    for (const char* origin :
         {"https://go.acme.io", "https://go.acme.io/", "http://go.acme.io:8080", "http://[::1]"}) {
        EXPECT_TRUE(isHttpOrigin(origin)) << origin;
    }
    for (const char* notOrigin : {"https://go.acme.io/x", "https://go.acme.io?x=1",
                                  "https://go.acme.io#top", "go.acme.io", "ftp://go.acme.io"}) {
        EXPECT_FALSE(isHttpOrigin(notOrigin)) << notOrigin;
    }
}

TEST(Urls, AnOriginFollowsTheUrlRuleOnSpacesAndControls) {
    for (const char* origin : {"https://go .acme.io", "https://go.acme.io\t",
                               "https://go.\x01"
                               "acme.io",
                               " https://go.acme.io"}) {
        EXPECT_FALSE(isHttpOrigin(origin)) << visible(origin);
    }
}

TEST(Urls, TrailingSlashesAreDropped) {
    EXPECT_EQ(withoutTrailingSlash("https://acme.io//"), "https://acme.io");
    EXPECT_EQ(withoutTrailingSlash("https://acme.io/x"), "https://acme.io/x");
}

}  // namespace
