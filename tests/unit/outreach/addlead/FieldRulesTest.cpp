#include <Poco/Dynamic/Var.h>
#include <Poco/Types.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "outreach/addlead/FieldRules.hpp"
#include "unit/domain/UrlSamples.hpp"

using namespace lodestone::outreach;
using Poco::Dynamic::Var;
using ::testing::StartsWith;

namespace {

bool accepts(const TextRule& rule, const std::string& text) {
    return !rule(text).has_value();
}

bool accepts(const ValueRule& rule, const Var& value) {
    return !rule(value).has_value();
}

TEST(FieldRules, LengthsCountCharactersNotBytes) {
    EXPECT_EQ(characterCount("abc"), 3u);
    EXPECT_EQ(characterCount("M\xC3\xBCnchen"), 7u);            // München
    EXPECT_EQ(characterCount("\xE6\x9D\xB1\xE4\xBA\xAC"), 2u);  // 東京
    std::string umlauts;
    for (int i = 0; i < 500; ++i) umlauts += "\xC3\xBC";
    EXPECT_TRUE(accepts(plainText(500), umlauts));
    EXPECT_FALSE(accepts(plainText(500), umlauts + "x"));
    EXPECT_EQ(*plainText(500)(umlauts + "x"), "must be at most 500 characters");
}

TEST(FieldRules, BlankMeansWhitespaceOnly) {
    EXPECT_TRUE(isBlank(""));
    EXPECT_TRUE(isBlank(" \t\r\n"));
    EXPECT_FALSE(isBlank(" a "));
}

TEST(FieldRules, UrlsMustBeAbsoluteHttpWithAHost) {
    auto url = httpUrl();
    for (const char* good : {"https://acme.io", "http://acme.io/about?x=1#team",
                             "HTTPS://www.linkedin.com/in/ann-lee", "https://acme.io:8443/"}) {
        EXPECT_TRUE(accepts(url, good)) << good;
    }
    for (const char* bad :
         {"acme.io", "www.acme.io/about", "/in/ann", "//acme.io", "https://", "https:///path",
          "ftp://acme.io", "javascript:alert(1)", "mailto:ann@acme.io", "https://acme .io",
          " https://acme.io", "https://acme.io ", "https://acme.io/a\tb", "https://acme.io/\n"}) {
        EXPECT_FALSE(accepts(url, bad)) << bad;
        EXPECT_THAT(url(bad).value_or(""), StartsWith("must be an absolute http(s) URL: it "))
            << bad;
    }
    std::string longUrl = "https://acme.io/" + std::string(kMaxUrl, 'a');
    EXPECT_EQ(url(longUrl).value_or(""), "must be at most 2048 characters");
}

// Add Lead's URL fields apply the one URL rule (domain/Urls.hpp): the samples every URL check is
// held to get the same verdicts here, with the rule's own reason after the field's.
TEST(FieldRules, UrlFieldsFollowTheOneUrlRule) {
    auto url = httpUrl();
    for (const auto& good : lodestone::test::kHttpUrls) EXPECT_TRUE(accepts(url, good)) << good;
    for (const auto* refused :
         {&lodestone::test::kUrlsWithSpaceOrControl, &lodestone::test::kUrlsInWhitespace,
          &lodestone::test::kNotHttpUrls, &lodestone::test::kUrlsWithUserInfo}) {
        for (const auto& bad : *refused) {
            EXPECT_THAT(url(bad).value_or(""), StartsWith("must be an absolute http(s) URL: it "))
                << lodestone::test::visible(bad);
        }
    }
    EXPECT_EQ(url("https://ann:pw@acme.io/").value_or(""),
              "must be an absolute http(s) URL: it has a user name or password");
    EXPECT_EQ(url("https://acme.io/\r\nX-Injected: 1").value_or(""),
              "must be an absolute http(s) URL: it contains whitespace or a control character");
}

TEST(FieldRules, HostNamesAreDnsNamesWithADot) {
    auto host = hostName();
    for (const char* good : {"acme.io", "www.acme-corp.co.uk", "xn--bcher-kva.example", "a1.b2"}) {
        EXPECT_TRUE(accepts(host, good)) << good;
    }
    for (const char* bad :
         {"acme", "", ".acme.io", "acme.io.", "acme..io", "-acme.io", "acme-.io", "acme_corp.io",
          "https://acme.io", "acme.io/about", "ann@acme.io", "acme io.com", " acme.io", "acme.io\n",
          "127.0.0.1", "[::1]", "acme.io:8080"}) {
        EXPECT_THAT(host(bad).value_or(""), StartsWith("must be a host name such as example.com: "))
            << bad;
    }
    EXPECT_FALSE(accepts(host, std::string(64, 'a') + ".io"));  // a label over 63
    EXPECT_EQ(host("127.0.0.1").value_or(""),
              "must be a host name such as example.com: it is an IP address, not a host name");
    EXPECT_EQ(host("acme.io:8080").value_or(""),
              "must be a host name such as example.com: it has a port; give the host name alone, "
              "such as example.com");
}

TEST(FieldRules, EmailsFollowTheOneEmailRuleUntrimmed) {
    auto email = emailAddress();
    EXPECT_TRUE(accepts(email, "ann@acme.io"));
    EXPECT_EQ(email("ann@acme.io\n").value_or(""),
              "must be a valid email address: it contains whitespace or a control character");
    EXPECT_EQ(email("ann@b@acme.io").value_or(""),
              "must be a valid email address: it has more than one @");
}

TEST(FieldRules, YearMonthIsYyyyDashMm) {
    auto date = yearMonth();
    for (const char* good : {"2024-01", "2024-12", "1999-07"}) EXPECT_TRUE(accepts(date, good));
    for (const char* bad : {"2024-00", "2024-13", "2024-1", "24-01", "2024/01", "2024-01-15",
                            "202a-01", "March 2024", ""}) {
        EXPECT_FALSE(accepts(date, bad)) << bad;
    }
}

TEST(FieldRules, NumbersOfEveryNumericTypeAreAccepted) {
    auto amount = numberAtLeast(0);
    EXPECT_TRUE(accepts(amount, Var(5)));
    EXPECT_TRUE(accepts(amount, Var(5u)));
    EXPECT_TRUE(accepts(amount, Var(Poco::Int64{5'000'000'000})));
    EXPECT_TRUE(accepts(amount, Var(Poco::UInt64{18'000'000'000'000'000'000u})));
    EXPECT_TRUE(accepts(amount, Var(2.5)));
    EXPECT_TRUE(accepts(amount, Var(0)));
}

TEST(FieldRules, BooleansStringsNaNAndInfinityAreNotNumbers) {
    auto amount = numberAtLeast(0);
    EXPECT_FALSE(accepts(amount, Var(true)));
    EXPECT_FALSE(accepts(amount, Var(false)));
    EXPECT_FALSE(accepts(amount, Var(std::string("5"))));
    EXPECT_FALSE(accepts(amount, Var(std::numeric_limits<double>::quiet_NaN())));
    EXPECT_FALSE(accepts(amount, Var(std::numeric_limits<double>::infinity())));
    EXPECT_FALSE(accepts(amount, Var()));
    EXPECT_EQ(amount(Var(true)).value_or(""), "must be a number >= 0");
}

TEST(FieldRules, NumberBoundsAndWholeness) {
    auto count = wholeNumberAtLeast(0);
    EXPECT_TRUE(accepts(count, Var(3)));
    EXPECT_TRUE(accepts(count, Var(3.0)));  // a whole value, however written
    EXPECT_FALSE(accepts(count, Var(3.5)));
    EXPECT_FALSE(accepts(count, Var(-1)));
    EXPECT_EQ(count(Var(-1)).value_or(""), "must be a whole number >= 0");

    auto year = wholeNumberBetween(1600, 2026);
    EXPECT_TRUE(accepts(year, Var(1600)));
    EXPECT_TRUE(accepts(year, Var(2026)));
    EXPECT_FALSE(accepts(year, Var(1599)));
    EXPECT_FALSE(accepts(year, Var(2027)));
    EXPECT_EQ(year(Var(2027)).value_or(""), "must be a whole number from 1600 to 2026");

    auto growth = numberAtLeast(-1);
    EXPECT_TRUE(accepts(growth, Var(-1)));
    EXPECT_TRUE(accepts(growth, Var(-0.35)));
    EXPECT_TRUE(accepts(growth, Var(2.5)));
    EXPECT_FALSE(accepts(growth, Var(-1.01)));
    EXPECT_EQ(growth(Var(-2)).value_or(""), "must be a number >= -1");
}

TEST(FieldRules, BooleansAreOnlyTrueAndFalse) {
    auto flag = boolean();
    EXPECT_TRUE(accepts(flag, Var(true)));
    EXPECT_TRUE(accepts(flag, Var(false)));
    EXPECT_FALSE(accepts(flag, Var(1)));
    EXPECT_FALSE(accepts(flag, Var(std::string("true"))));
    EXPECT_EQ(flag(Var(0)).value_or(""), "must be true or false");
}

}  // namespace
