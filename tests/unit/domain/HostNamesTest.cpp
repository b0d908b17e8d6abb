#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "domain/HostNames.hpp"

using lodestone::domain::hostNameProblem;
using lodestone::domain::isHostName;
using lodestone::domain::lowercaseHostName;

namespace {

TEST(HostNames, AcceptsCompanyDomains) {
    for (const char* host : {"acme.io", "mail.acme.co.uk", "a-b.example", "Acme.IO", "123.example",
                             "xn--bcher-kva.example", "x.y"}) {
        EXPECT_TRUE(isHostName(host)) << host;
    }
}

TEST(HostNames, RefusesIpAddressesOfEitherFamily) {
    for (const char* address :
         {"127.0.0.1", "10.0.0.1", "127.1", "2130706433.0", "[::1]", "::1", "[2001:db8::1]",
          "2001:db8::1", "[::ffff:127.0.0.1]:80", "127.0.0.1:8080"}) {
        EXPECT_EQ(hostNameProblem(address), "is an IP address, not a host name") << address;
    }
}

TEST(HostNames, RefusesPortsSchemesAndPaths) {
    EXPECT_EQ(hostNameProblem("acme.io:8080"),
              "has a port; give the host name alone, such as example.com");
    EXPECT_EQ(hostNameProblem("acme.io:"),
              "has a port; give the host name alone, such as example.com");
    for (const char* url : {"https://acme.io", "acme.io/about", "//acme.io", "acme.io/"}) {
        EXPECT_EQ(hostNameProblem(url),
                  "has a scheme or a path; give the host name alone, such as example.com")
            << url;
    }
    EXPECT_EQ(hostNameProblem("ann@acme.io"), "has an @; give the host name alone");
}

TEST(HostNames, RefusesWhitespaceAndControlCharactersInsteadOfTrimmingThem) {
    for (const std::string& host : std::initializer_list<std::string>{
             "acme.io\n", " acme.io", "acme.io ", "ac me.io", "acme.io\r\n", "acme.\x01io",
             "acme.io\t", std::string("acme\0.io", 8)}) {
        EXPECT_EQ(hostNameProblem(host), "contains whitespace or a control character");
    }
    EXPECT_EQ(hostNameProblem("acme.\xFFio"), "is not UTF-8 text");
}

TEST(HostNames, RefusesMalformedLabels) {
    EXPECT_EQ(hostNameProblem(""), "is empty");
    EXPECT_EQ(hostNameProblem("localhost"),
              "is a single label; a host name has at least two, such as example.com");
    for (const char* host : {".acme.io", "acme.io.", "acme..io"}) {
        EXPECT_EQ(hostNameProblem(host),
                  "has an empty label (a dot at either end, or two dots in a row)")
            << host;
    }
    EXPECT_EQ(hostNameProblem("-acme.io"), "has a label that starts or ends with '-'");
    EXPECT_EQ(hostNameProblem("acme-.io"), "has a label that starts or ends with '-'");
    EXPECT_EQ(hostNameProblem("ac_me.io"), "may hold only letters, digits, '-' and '.'");
    EXPECT_EQ(hostNameProblem("b\xC3\xBC"
                              "cher.example"),
              "may hold only letters, digits, '-' and '.'");  // IDNs arrive as xn--
    EXPECT_EQ(hostNameProblem("example.123"), "ends in a label of digits only");
}

TEST(HostNames, KeepsToTheDnsLengthLimits) {
    EXPECT_TRUE(isHostName(std::string(63, 'a') + ".io"));
    EXPECT_EQ(hostNameProblem(std::string(64, 'a') + ".io"),
              "has a label longer than 63 characters");
    std::string longest = std::string(63, 'a') + "." + std::string(63, 'b') + "." +
                          std::string(63, 'c') + "." + std::string(61, 'd');
    ASSERT_EQ(longest.size(), 253u);
    EXPECT_TRUE(isHostName(longest));
    EXPECT_EQ(hostNameProblem(longest + "d"), "is longer than 253 characters");
}

TEST(HostNames, AreStoredLowercased) {
    EXPECT_EQ(lowercaseHostName("Mail.ACME.io"), "mail.acme.io");
}

}  // namespace
