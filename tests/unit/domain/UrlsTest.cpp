#include <gtest/gtest.h>

#include <string>

#include "domain/Urls.hpp"
#include "unit/domain/UrlSamples.hpp"

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
    for (const auto& url : lodestone::test::kNotHttpUrls) {
        EXPECT_FALSE(isHttpUrl(url)) << visible(url);
    }
}

// User info is allowed, as before the rules were merged; the host is what follows the last '@'.
TEST(Urls, UserInfoIsAllowedInAUrlButNotInAnOrigin) {
    EXPECT_TRUE(isHttpUrl("https://ann@acme.io/"));
    EXPECT_TRUE(isHttpUrl("https://ann:secret@acme.io/x"));
    EXPECT_TRUE(isHttpUrl("https://acme.io@evil.example/"));
    EXPECT_FALSE(isHttpUrl("https://ann@"));
    EXPECT_FALSE(isHttpUrl("https://ann smith@acme.io/"));
    EXPECT_FALSE(isHttpOrigin("https://ann@go.acme.io"));
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
