#include <gtest/gtest.h>

#include "domain/Utf8Text.hpp"

using namespace lodestone::domain;

TEST(Utf8Text, FindsTheFirstByteThatIsNotUtf8) {
    EXPECT_EQ(firstInvalidUtf8(""), kNoInvalidUtf8);
    EXPECT_EQ(firstInvalidUtf8("plain ASCII \x7F"), kNoInvalidUtf8);
    EXPECT_EQ(firstInvalidUtf8("Zoë 東京 \xF0\x9F\x9A\x80 \xF4\x8F\xBF\xBF"), kNoInvalidUtf8);
    EXPECT_EQ(firstInvalidUtf8("ab\xEF"), 2u);            // truncated at the end
    EXPECT_EQ(firstInvalidUtf8("a\xE2\x82z"), 1u);        // truncated before ASCII
    EXPECT_EQ(firstInvalidUtf8("\x80"), 0u);              // continuation byte alone
    EXPECT_EQ(firstInvalidUtf8("\xC1\xBF"), 0u);          // overlong
    EXPECT_EQ(firstInvalidUtf8("\xE0\x9F\xBF"), 0u);      // overlong, three bytes
    EXPECT_EQ(firstInvalidUtf8("\xF0\x8F\xBF\xBF"), 0u);  // overlong, four bytes
    EXPECT_EQ(firstInvalidUtf8("\xED\xBF\xBF"), 0u);      // surrogate
    EXPECT_EQ(firstInvalidUtf8("\xF4\x90\x80\x80"), 0u);  // past U+10FFFF
    EXPECT_EQ(firstInvalidUtf8("\xFE\xFF"), 0u);
}

// ASCII is skipped a word at a time: a bad byte is found wherever it falls after a run.
TEST(Utf8Text, FindsABadByteAfterALongAsciiRun) {
    for (std::size_t run = 0; run < 20; ++run) {
        const std::string ascii(run, 'a');
        EXPECT_EQ(firstInvalidUtf8(ascii + "\xFF" + ascii), run);
        EXPECT_EQ(firstInvalidUtf8(ascii + "\xC3\xA9" + ascii + "\xE2\x82"), 2 * run + 2);
        EXPECT_EQ(firstInvalidUtf8(ascii + "\xF0\x9F\x9A\x80" + ascii), kNoInvalidUtf8);
    }
}

TEST(Utf8Text, EscapesEachBadByteAsText) {
    EXPECT_EQ(escapeInvalidUtf8("ok"), "ok");
    EXPECT_EQ(escapeInvalidUtf8("a\xEF"
                                "b"),
              "a\\xEFb");
    EXPECT_EQ(escapeInvalidUtf8("\xE2\x82\xAC \xE2\x82"), "\xE2\x82\xAC \\xE2\\x82");
    EXPECT_EQ(escapeInvalidUtf8InJson("\"a\xEF\""), "\"a\\\\xEF\"");
    EXPECT_EQ(escapeInvalidUtf8InJson("\"\\u00e9 é\""), "\"\\u00e9 é\"");
}

TEST(Utf8Text, ShortensAtACharacterBoundary) {
    EXPECT_EQ(shortenedUtf8("short", 10), "short");
    EXPECT_EQ(shortenedUtf8("abcdef", 3), "abc\u2026");
    EXPECT_EQ(shortenedUtf8("ab\xC3\xA9"
                            "cd",
                            3),
              "ab\u2026");  // é is not split
    EXPECT_EQ(shortenedUtf8("ab\xC3\xA9"
                            "cd",
                            4),
              "ab\xC3\xA9\u2026");
}

namespace {
const std::string kFffd = "\xEF\xBF\xBD";
}  // namespace

TEST(ReplaceInvalidUtf8, KeepsWellFormedText) {
    EXPECT_EQ(replaceInvalidUtf8("plain ascii\n\t"), "plain ascii\n\t");
    EXPECT_EQ(replaceInvalidUtf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"),
              "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
    EXPECT_EQ(replaceInvalidUtf8(std::string("nul\0inside", 10)), std::string("nul\0inside", 10));
    EXPECT_EQ(replaceInvalidUtf8("\xF4\x8F\xBF\xBF"), "\xF4\x8F\xBF\xBF");  // U+10FFFF
}

TEST(ReplaceInvalidUtf8, ReplacesStrayAndImpossibleBytes) {
    EXPECT_EQ(replaceInvalidUtf8("a\x80z"), "a" + kFffd + "z");
    EXPECT_EQ(replaceInvalidUtf8("\xFF\xFE"), kFffd + kFffd);
    EXPECT_EQ(replaceInvalidUtf8("\xC0\xAF"), kFffd + kFffd);  // overlong '/'
}

TEST(ReplaceInvalidUtf8, ReplacesEachTruncatedSequenceOnce) {
    EXPECT_EQ(replaceInvalidUtf8("\xF0\x9F\x98"
                                 "A"),
              kFffd + "A");
    EXPECT_EQ(replaceInvalidUtf8("end \xE2\x82"), "end " + kFffd);
}

TEST(ReplaceInvalidUtf8, RefusesOverlongsSurrogatesAndCodePointsPastTheLast) {
    EXPECT_EQ(replaceInvalidUtf8("\xE0\x80\x80"), kFffd + kFffd + kFffd);
    EXPECT_EQ(replaceInvalidUtf8("\xED\xA0\x80"), kFffd + kFffd + kFffd);  // U+D800
    EXPECT_EQ(replaceInvalidUtf8("\xF4\x90\x80\x80"), kFffd + kFffd + kFffd + kFffd);
}
