#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "domain/InputText.hpp"

using lodestone::domain::CharacterFlaw;
using lodestone::domain::characterFlaw;
using lodestone::domain::visibleText;

namespace {

TEST(InputText, PrintableUtf8HasNoFlaw) {
    EXPECT_EQ(characterFlaw("https://acme.io/j\xC3\xBCrgen"), CharacterFlaw::None);
    EXPECT_EQ(characterFlaw(""), CharacterFlaw::None);
}

TEST(InputText, WhitespaceAndControlsAnywhereAreFlaws) {
    for (const std::string& text : std::initializer_list<std::string>{
             " a", "a ", "a\tb", "a\n", "\r\n", "a\x01", "a\x7f", std::string("a\0b", 3),
             "a\xC2\x85", "a\xC2\xA0", "a\xE2\x80\xA8", "a\xE3\x80\x80"}) {
        EXPECT_EQ(characterFlaw(text), CharacterFlaw::SpaceOrControl) << visibleText(text);
    }
}

TEST(InputText, TextThatIsNotUtf8IsAFlawEvenWithSpacesBeforeIt) {
    EXPECT_EQ(characterFlaw("a\xFF"), CharacterFlaw::NotUtf8);
    EXPECT_EQ(characterFlaw("a b\xC3"), CharacterFlaw::NotUtf8);
}

TEST(InputText, ALineOfTextMayHoldSpacesButNoControlOrLineBreak) {
    using lodestone::domain::textLineFlaw;
    for (const char* text :
         {"Acme Corp", "Q3 \xE2\x80\x94 outreach", "J\xC3\xBCrgen\xC2\xA0GmbH", ""}) {
        EXPECT_EQ(textLineFlaw(text), CharacterFlaw::None) << text;
    }
    for (const std::string& text : std::initializer_list<std::string>{
             "Evil\r\nX: 1", "a\tb", "a\x1b[31m", "a\x7f", std::string("a\0b", 3), "a\xC2\x85",
             "a\xC2\x9b", "a\xE2\x80\xA8", "a\xE2\x80\xA9"}) {
        EXPECT_EQ(textLineFlaw(text), CharacterFlaw::ControlOrLineBreak) << visibleText(text);
    }
    for (const char* text : {"a\xFF", "a \xC3", "\xC0\xAF", "\xED\xA0\x80", "a\n\xFE"}) {
        EXPECT_EQ(textLineFlaw(text), CharacterFlaw::NotUtf8) << visibleText(text);
    }
}

TEST(InputText, VisibleTextShowsControlsAsEscapesAndKeepsLetters) {
    EXPECT_EQ(visibleText("http://h/\r\nX-Injected: 1"), "http://h/\\r\\nX-Injected: 1");
    EXPECT_EQ(visibleText("a\tb\x01\x7f"), "a\\tb\\x01\\x7f");
    EXPECT_EQ(visibleText("j\xC3\xBCrgen"), "j\xC3\xBCrgen");
    EXPECT_EQ(visibleText("a\xC2\x85"), "a\\u0085");
    EXPECT_EQ(visibleText("a\xFF"), "a\\xff");
    EXPECT_EQ(visibleText("abcdef", 3), "abc...");
}

TEST(InputText, VisibleTextEscapesEveryByteThatIsNotUtf8) {
    EXPECT_EQ(visibleText("a\xC0\xAF"), "a\\xc0\\xaf");         // an overlong '/'
    EXPECT_EQ(visibleText("\xED\xA0\x80"), "\\xed\\xa0\\x80");  // a UTF-16 surrogate
    EXPECT_EQ(visibleText("\xE2\x82"), "\\xe2\\x82");           // truncated
}

}  // namespace
