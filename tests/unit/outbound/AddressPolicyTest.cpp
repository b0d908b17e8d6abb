// Which addresses are which, and which of them a policy lets a request reach. Addresses here
// are only classified, never contacted.
#include <gtest/gtest.h>

#include "outbound/AddressPolicy.hpp"

namespace lodestone::outbound {

void PrintTo(AddressClass addressClass, std::ostream* out) {
    *out << describe(addressClass);
}

namespace {

struct Case {
    const char* address;
    AddressClass expected;
};

void PrintTo(const Case& c, std::ostream* out) {
    *out << c.address;
}

class Classify : public ::testing::TestWithParam<Case> {};

TEST_P(Classify, PutsTheAddressInItsClass) {
    EXPECT_EQ(classify(Poco::Net::IPAddress(GetParam().address)), GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(
    IPv4, Classify,
    ::testing::Values(
        Case{"8.8.8.8", AddressClass::Public}, Case{"1.1.1.1", AddressClass::Public},
        Case{"100.63.255.255", AddressClass::Public}, Case{"100.128.0.0", AddressClass::Public},
        Case{"172.15.255.255", AddressClass::Public}, Case{"172.32.0.0", AddressClass::Public},
        Case{"198.20.0.0", AddressClass::Public}, Case{"223.255.255.255", AddressClass::Public},
        Case{"127.0.0.1", AddressClass::Loopback}, Case{"127.255.255.254", AddressClass::Loopback},
        Case{"10.0.0.1", AddressClass::Private}, Case{"10.255.255.255", AddressClass::Private},
        Case{"172.16.0.1", AddressClass::Private}, Case{"172.31.255.255", AddressClass::Private},
        Case{"192.168.1.10", AddressClass::Private}, Case{"169.254.0.1", AddressClass::LinkLocal},
        Case{"169.254.169.253", AddressClass::LinkLocal},
        Case{"169.254.169.254", AddressClass::CloudMetadata},
        Case{"169.254.170.2", AddressClass::CloudMetadata},
        Case{"100.100.100.200", AddressClass::CloudMetadata},
        Case{"168.63.129.16", AddressClass::CloudMetadata},
        Case{"224.0.0.1", AddressClass::Multicast},
        Case{"239.255.255.250", AddressClass::Multicast},
        Case{"0.0.0.0", AddressClass::Unspecified}, Case{"0.1.2.3", AddressClass::Reserved},
        Case{"100.64.0.1", AddressClass::Reserved}, Case{"100.127.255.254", AddressClass::Reserved},
        Case{"192.0.0.8", AddressClass::Reserved}, Case{"192.0.2.1", AddressClass::Reserved},
        Case{"198.18.0.1", AddressClass::Reserved}, Case{"198.19.255.255", AddressClass::Reserved},
        Case{"198.51.100.7", AddressClass::Reserved}, Case{"203.0.113.5", AddressClass::Reserved},
        Case{"240.0.0.1", AddressClass::Reserved},
        Case{"255.255.255.255", AddressClass::Reserved}));

INSTANTIATE_TEST_SUITE_P(
    IPv6, Classify,
    ::testing::Values(
        Case{"2001:4860:4860::8888", AddressClass::Public},
        Case{"2606:4700:4700::1111", AddressClass::Public}, Case{"::1", AddressClass::Loopback},
        Case{"::", AddressClass::Unspecified}, Case{"fc00::1", AddressClass::Private},
        Case{"fd12:3456:789a::1", AddressClass::Private}, Case{"fec0::1", AddressClass::Private},
        Case{"fe80::1", AddressClass::LinkLocal}, Case{"febf:ffff::1", AddressClass::LinkLocal},
        Case{"ff02::1", AddressClass::Multicast}, Case{"ff0e::101", AddressClass::Multicast},
        Case{"fd00:ec2::254", AddressClass::CloudMetadata},
        Case{"fd00:ec2::253", AddressClass::Private}, Case{"2001:db8::1", AddressClass::Reserved},
        Case{"3fff::1", AddressClass::Reserved}, Case{"100::1", AddressClass::Reserved},
        Case{"2001::1", AddressClass::Reserved}, Case{"64:ff9b:1::1", AddressClass::Reserved},
        Case{"4000::1", AddressClass::Reserved}, Case{"::2:0:0:1", AddressClass::Reserved}));

// Packets to these go to the embedded IPv4 address, so that is what counts.
INSTANTIATE_TEST_SUITE_P(EmbeddedIPv4, Classify,
                         ::testing::Values(Case{"::ffff:127.0.0.1", AddressClass::Loopback},
                                           Case{"::ffff:10.1.2.3", AddressClass::Private},
                                           Case{"::ffff:169.254.169.254",
                                                AddressClass::CloudMetadata},
                                           Case{"::ffff:0.0.0.0", AddressClass::Unspecified},
                                           Case{"::ffff:8.8.8.8", AddressClass::Public},
                                           Case{"::127.0.0.1", AddressClass::Loopback},
                                           Case{"::169.254.169.254", AddressClass::CloudMetadata},
                                           Case{"::8.8.8.8", AddressClass::Public},
                                           Case{"64:ff9b::7f00:1", AddressClass::Loopback},
                                           Case{"64:ff9b::a9fe:a9fe", AddressClass::CloudMetadata},
                                           Case{"64:ff9b::808:808", AddressClass::Public},
                                           Case{"2002:7f00:1::1", AddressClass::Loopback},
                                           Case{"2002:c0a8:101::1", AddressClass::Private},
                                           Case{"2002:808:808::1", AddressClass::Public}));

TEST(ClassifyLiteralHost, KnowsIpLiteralsAndLocalhostWithoutALookup) {
    EXPECT_EQ(classifyLiteralHost("127.0.0.1"), AddressClass::Loopback);
    EXPECT_EQ(classifyLiteralHost("::1"), AddressClass::Loopback);
    EXPECT_EQ(classifyLiteralHost("10.1.2.3"), AddressClass::Private);
    EXPECT_EQ(classifyLiteralHost("169.254.169.254"), AddressClass::CloudMetadata);
    EXPECT_EQ(classifyLiteralHost("8.8.8.8"), AddressClass::Public);
    EXPECT_EQ(classifyLiteralHost("LocalHost"), AddressClass::Loopback);
    EXPECT_EQ(classifyLiteralHost("hooks.localhost"), AddressClass::Loopback);
    EXPECT_EQ(classifyLiteralHost("hooks.acme.test"), std::nullopt);
    EXPECT_EQ(classifyLiteralHost("localhost.acme.test"), std::nullopt);
}

TEST(Describe, ReadsAsPartOfASentence) {
    EXPECT_EQ(describe(AddressClass::Loopback), "a loopback address");
    EXPECT_EQ(describe(AddressClass::CloudMetadata), "a cloud metadata address");
    EXPECT_EQ(describe(AddressClass::Unspecified), "the unspecified address");
    EXPECT_EQ(describe(AddressClass::Private), "a private network address");
}

constexpr AddressClass kAllClasses[] = {
    AddressClass::Public,      AddressClass::Loopback,  AddressClass::Private,
    AddressClass::LinkLocal,   AddressClass::Multicast, AddressClass::CloudMetadata,
    AddressClass::Unspecified, AddressClass::Reserved,
};

TEST(Permits, ByDefaultOnlyPublicAddresses) {
    const OutboundPolicy policy;
    for (AddressClass addressClass : kAllClasses) {
        EXPECT_EQ(permits(policy, addressClass), addressClass == AddressClass::Public)
            << describe(addressClass);
    }
}

TEST(Permits, PrivateNetworksOpenLoopbackPrivateLinkLocalAndReserved) {
    OutboundPolicy policy;
    policy.allowPrivateNetworks = true;
    EXPECT_TRUE(permits(policy, AddressClass::Public));
    EXPECT_TRUE(permits(policy, AddressClass::Loopback));
    EXPECT_TRUE(permits(policy, AddressClass::Private));
    EXPECT_TRUE(permits(policy, AddressClass::LinkLocal));
    EXPECT_TRUE(permits(policy, AddressClass::Reserved));
}

TEST(Permits, NeverMulticastUnspecifiedOrCloudMetadata) {
    OutboundPolicy policy;
    policy.allowPrivateNetworks = true;
    EXPECT_FALSE(permits(policy, AddressClass::Multicast));
    EXPECT_FALSE(permits(policy, AddressClass::Unspecified));
    EXPECT_FALSE(permits(policy, AddressClass::CloudMetadata));
}

}  // namespace
}  // namespace lodestone::outbound
