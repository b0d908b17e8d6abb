#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "domain/Email.hpp"
#include "domain/EmailSends.hpp"

using lodestone::domain::emailDomain;
using lodestone::domain::isValidEmail;

namespace {

std::string repeat(char c, std::size_t n) {
    return std::string(n, c);
}

TEST(Email, AcceptsEverydayAddresses) {
    for (const std::string address : {
             "user@example.com",
             "first.last@example.com",
             "user+tag@example.com",
             "user+tag+more@mail.example.co.uk",
             "u@a.io",
             "12345@678.com",
             "user2024@example2024.org",
             "user-name@my-domain.example",
             "x@deep.sub.domain.example.com",
             "UPPER.Case@EXAMPLE.Com",
             "a@xn--bcher-kva.example",
             "!#$%&'*+/=?^_`{|}~-@example.com",
             "o'reilly@example.ie",
             "a.b.c.d@e-f-g.h-i",
         }) {
        EXPECT_TRUE(isValidEmail(address)) << address;
    }
}

TEST(Email, RefusesAddressesWithoutExactlyOneUsableAt) {
    for (const std::string address : {
             "",
             "plainaddress",
             "example.com",
             "@example.com",
             "user@",
             "@",
             "user@@example.com",
             "a@b@example.com",
             "user@example.com@",
         }) {
        EXPECT_FALSE(isValidEmail(address)) << address;
    }
}

TEST(Email, RefusesMisplacedDotsInTheLocalPart) {
    for (const std::string address : {
             ".user@example.com",
             "user.@example.com",
             "us..er@example.com",
             ".@example.com",
             "...@example.com",
         }) {
        EXPECT_FALSE(isValidEmail(address)) << address;
    }
}

TEST(Email, RefusesMalformedDomains) {
    for (const std::string address : {
             "user@example",           // one label
             "user@localhost",         // one label
             "user@.example.com",      // empty first label
             "user@example.com.",      // empty last label
             "user@example..com",      // empty middle label
             "user@-example.com",      // label starts with a hyphen
             "user@example-.com",      // label ends with a hyphen
             "user@sub.-example.com",  // inner label starts with a hyphen
             "user@example.com-",      // last label ends with a hyphen
             "user@exam_ple.com",      // underscore
             "user@exa mple.com",      // space
             "user@example.com:25",    // port
             "user@example.com/path",  // path
             "user@exämple.com",       // not ASCII (IDNs arrive as xn--)
         }) {
        EXPECT_FALSE(isValidEmail(address)) << address;
    }
}

TEST(Email, RefusesSpacesAndCharactersOutsideTheAllowedSet) {
    for (const std::string& address : std::initializer_list<std::string>{
             "user name@example.com",
             " user@example.com",
             "user@example.com ",
             "user@ example.com",
             "user\t@example.com",
             "user\n@example.com",
             "user@example.com\n",
             "us(er)@example.com",
             "user,x@example.com",
             "user;x@example.com",
             "user:x@example.com",
             "user<x>@example.com",
             "user[x]@example.com",
             "user\\x@example.com",
             "usér@example.com",
             std::string("us\0er@example.com", 17),
         }) {
        EXPECT_FALSE(isValidEmail(address)) << address;
    }
}

TEST(Email, RefusesQuotedLocalPartsAndIpLiterals) {
    for (const std::string address : {
             "\"user\"@example.com",
             "\"john doe\"@example.com",
             "\"a@b\"@example.com",
             "user@[192.168.0.1]",
             "user@[IPv6:2001:db8::1]",
         }) {
        EXPECT_FALSE(isValidEmail(address)) << address;
    }
}

TEST(Email, TheLocalPartMayHaveUpTo64Characters) {
    EXPECT_TRUE(isValidEmail(repeat('a', 64) + "@example.com"));
    EXPECT_FALSE(isValidEmail(repeat('a', 65) + "@example.com"));
}

TEST(Email, ADomainLabelMayHaveUpTo63Characters) {
    EXPECT_TRUE(isValidEmail("user@" + repeat('d', 63) + ".com"));
    EXPECT_FALSE(isValidEmail("user@" + repeat('d', 64) + ".com"));
    EXPECT_FALSE(isValidEmail("user@example." + repeat('t', 64)));
}

TEST(Email, TheWholeAddressMayHaveUpTo254Characters) {
    // 64 + 1 + (63 + 1 + 63 + 1 + 57 + 4) = 254, every part within its own limit.
    const std::string local = repeat('a', 64);
    const std::string longest =
        local + "@" + repeat('b', 63) + "." + repeat('c', 63) + "." + repeat('d', 57) + ".com";
    ASSERT_EQ(longest.size(), 254u);
    EXPECT_TRUE(isValidEmail(longest));

    const std::string tooLong =
        local + "@" + repeat('b', 63) + "." + repeat('c', 63) + "." + repeat('d', 58) + ".com";
    ASSERT_EQ(tooLong.size(), 255u);
    EXPECT_FALSE(isValidEmail(tooLong));
}

TEST(EmailDomain, IsThePartAfterTheAtLowercased) {
    EXPECT_EQ(emailDomain("ada@example.com"), "example.com");
    EXPECT_EQ(emailDomain("Ada@Example.COM"), "example.com");
    EXPECT_EQ(emailDomain("x@MAIL.Sub.EXAMPLE.co.UK"), "mail.sub.example.co.uk");
    EXPECT_EQ(emailDomain("ADA.LOVELACE@example.com"), "example.com");  // local part not kept
}

TEST(EmailDomain, IsEmptyWithoutAnAt) {
    EXPECT_EQ(emailDomain(""), "");
    EXPECT_EQ(emailDomain("example.com"), "");
    EXPECT_EQ(emailDomain("user@"), "");
}

}  // namespace

TEST(Email, NumericTopLevelDomainsAndBareIpAddressesAreRefused) {
    EXPECT_FALSE(lodestone::domain::isValidEmail("user@127.0.0.1"));
    EXPECT_FALSE(lodestone::domain::isValidEmail("user@example.123"));
    EXPECT_TRUE(lodestone::domain::isValidEmail("user@123.example"));
}

// The reason a refused address gets, which every door shows after the field's name.
TEST(EmailProblem, SaysWhatIsWrong) {
    using lodestone::domain::emailProblem;
    EXPECT_EQ(emailProblem("ada@acme.example"), std::nullopt);
    EXPECT_EQ(emailProblem("ada@acme.example\n"), "contains whitespace or a control character");
    EXPECT_EQ(emailProblem("ada @acme.example"), "contains whitespace or a control character");
    EXPECT_EQ(emailProblem(" ada@acme.example"), "contains whitespace or a control character");
    EXPECT_EQ(emailProblem("ada@acme.example\xC2\xA0"),
              "contains whitespace or a control character");  // a no-break space
    EXPECT_EQ(emailProblem("ada@acme.\xFF"), "is not UTF-8 text");
    EXPECT_EQ(emailProblem("ada.acme.example"), "has no @");
    EXPECT_EQ(emailProblem("ada@b@acme.example"), "has more than one @");
    EXPECT_EQ(emailProblem("@acme.example"), "has nothing before the @");
    EXPECT_EQ(emailProblem(std::string(65, 'a') + "@acme.example"),
              "has a local part (before the @) longer than 64 characters");
    EXPECT_EQ(emailProblem("ada@127.0.0.1"), "has a domain that is an IP address, not a host name");
    EXPECT_EQ(emailProblem("ada@localhost"),
              "has a domain that is a single label; a host name has at least two, such as "
              "example.com");
    EXPECT_EQ(emailProblem(std::string(64, 'a') + "@" + std::string(190, 'b') + ".example"),
              "is longer than 254 characters");
}

// A suppressed domain covers itself and its subdomains, never a look-alike (docs/lists.md).
TEST(SuppressedDomains, CoverTheirSubdomainsOnly) {
    using lodestone::domain::domainCovers;
    EXPECT_TRUE(domainCovers("example.com", "ada@example.com"));
    EXPECT_TRUE(domainCovers("example.com", "ada@mail.eu.example.com"));
    EXPECT_FALSE(domainCovers("example.com", "ada@notexample.com"));
    EXPECT_FALSE(domainCovers("example.com", "ada@example.com.au"));
    EXPECT_FALSE(domainCovers("example.com", "example.com"));
    EXPECT_EQ(lodestone::domain::coveringDomains("ada@a.example.co.uk"),
              (std::vector<std::string>{"a.example.co.uk", "example.co.uk", "co.uk"}));
    EXPECT_TRUE(lodestone::domain::coveringDomains("no-at-sign").empty());
}
