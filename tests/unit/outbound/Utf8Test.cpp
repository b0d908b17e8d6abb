#include <gtest/gtest.h>

#include "outbound/Utf8.hpp"

namespace lodestone::outbound {
namespace {

const std::string kFffd = "\xEF\xBF\xBD";

TEST(ToValidUtf8, KeepsWellFormedText) {
    EXPECT_EQ(toValidUtf8("plain ascii\n\t"), "plain ascii\n\t");
    EXPECT_EQ(toValidUtf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"),
              "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
    EXPECT_EQ(toValidUtf8(std::string("nul\0inside", 10)), std::string("nul\0inside", 10));
    EXPECT_EQ(toValidUtf8("\xF4\x8F\xBF\xBF"), "\xF4\x8F\xBF\xBF");  // U+10FFFF
}

TEST(ToValidUtf8, ReplacesStrayAndImpossibleBytes) {
    EXPECT_EQ(toValidUtf8("a\x80z"), "a" + kFffd + "z");
    EXPECT_EQ(toValidUtf8("\xFF\xFE"), kFffd + kFffd);
    EXPECT_EQ(toValidUtf8("\xC0\xAF"), kFffd + kFffd);  // overlong '/'
}

TEST(ToValidUtf8, ReplacesEachTruncatedSequenceOnce) {
    EXPECT_EQ(toValidUtf8("\xF0\x9F\x98"
                          "A"),
              kFffd + "A");
    EXPECT_EQ(toValidUtf8("end \xE2\x82"), "end " + kFffd);
}

TEST(ToValidUtf8, RefusesOverlongsSurrogatesAndCodePointsPastTheLast) {
    EXPECT_EQ(toValidUtf8("\xE0\x80\x80"), kFffd + kFffd + kFffd);
    EXPECT_EQ(toValidUtf8("\xED\xA0\x80"), kFffd + kFffd + kFffd);  // U+D800
    EXPECT_EQ(toValidUtf8("\xF4\x90\x80\x80"), kFffd + kFffd + kFffd + kFffd);
}

}  // namespace
}  // namespace lodestone::outbound
