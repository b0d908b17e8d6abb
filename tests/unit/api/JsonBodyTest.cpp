// The rules every JSON request body is read by (api::parseJsonBody, docs/api.md "Bodies"): one
// test group per rule. Messages are checked for what a client needs: the rule or limit, and where.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "api/ApiError.hpp"
#include "api/RequestBody.hpp"
#include "domain/ClientJson.hpp"
#include "domain/Utf8Text.hpp"

using namespace lodestone;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

// The 400's message for a refused body; fails the test when the body is accepted.
std::string refusal(const std::string& body) {
    try {
        api::parseJsonBody(body);
    } catch (const api::ApiError& e) {
        EXPECT_EQ(e.status(), 400) << body.substr(0, 200);
        EXPECT_EQ(domain::firstInvalidUtf8(e.what()), domain::kNoInvalidUtf8)
            << "the message quotes raw bytes: " << domain::escapeInvalidUtf8(e.what());
        return e.what();
    }
    ADD_FAILURE() << "accepted: " << body.substr(0, 200);
    return "";
}

// An object of `count` keys k0, k1, ... with the value 0.
std::string objectOfKeys(std::size_t count) {
    std::string json = "{";
    for (std::size_t i = 0; i < count; ++i) {
        json += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":0";
    }
    return json + "}";
}

std::string escaped(unsigned char c) {
    char text[8];
    std::snprintf(text, sizeof(text), "\\u%04x", c);
    return text;
}

}  // namespace

// --- Key counts: bounded so that reading stays linear -----------------------------------------

TEST(JsonBodyKeys, AnObjectMayHaveTheLimitOfKeysButNotOneMore) {
    EXPECT_EQ(api::parseJsonBody(objectOfKeys(domain::kMaxObjectKeys))->size(),
              domain::kMaxObjectKeys);
    EXPECT_EQ(refusal(objectOfKeys(domain::kMaxObjectKeys + 1)),
              "Too many keys in the request body: one object may have at most 500");
    EXPECT_EQ(refusal("{\"email\":\"a@example.com\",\"customFields\":" +
                      objectOfKeys(domain::kMaxObjectKeys + 1) + "}"),
              "Too many keys in customFields: one object may have at most 500");
}

TEST(JsonBodyKeys, TheWholeBodyHasAKeyBudget) {
    // Objects each within the per-object limit, together over the body's.
    std::string many = "{\"items\":[";
    const std::size_t objects = domain::kMaxJsonKeys / domain::kMaxObjectKeys + 1;
    for (std::size_t i = 0; i < objects; ++i)
        many += (i ? "," : "") + objectOfKeys(domain::kMaxObjectKeys);
    many += "]}";
    EXPECT_EQ(refusal(many), "Too many keys in the request body: at most 5000 in all");
}

TEST(JsonBodyKeys, ArrayItemsHaveABudgetToo) {
    std::string items = "{\"a\":[";
    for (std::size_t i = 0; i <= domain::kMaxJsonArrayItems; ++i) items += i ? ",[]" : "[]";
    items += "]}";
    EXPECT_EQ(refusal(items), "Too many array items in the request body: at most 10000 in all");
    std::string fits = "{\"a\":[" + std::string("0") + "]}";
    EXPECT_NO_THROW(api::parseJsonBody(fits));
}

TEST(JsonBodyKeys, SixtyThousandKeysAtTheSizeLimitAreRefusedAtTheLimit) {
    // The attack that took 11 s of CPU: no timing is asserted, the ctest timeout is the guard.
    std::string body = "{";
    for (int i = 0; body.size() < 1024 * 1024 - 32; ++i) {
        body += (i ? ",\"" : "\"") + std::string("key_") + std::to_string(100000 + i) + "\":1";
    }
    body += "}";
    EXPECT_THAT(refusal(body), HasSubstr("one object may have at most 500"));
}

TEST(JsonBodyKeys, KeysKeepTheOrderSent) {
    auto body = api::parseJsonBody(
        R"({"zeta":1,"alpha":2,"customFields":{"plan":"pro","beta":true,"aardvark":null}})");
    EXPECT_EQ(body->getNames(), (std::vector<std::string>{"zeta", "alpha", "customFields"}));
    std::ostringstream stored;
    body->getObject("customFields")->stringify(stored);
    EXPECT_EQ(stored.str(), R"({"plan":"pro","beta":true,"aardvark":null})");
}

// --- Depth ---------------------------------------------------------------------------------

TEST(JsonBodyDepth, SixtyFourLevelsAreTheLimit) {
    const std::size_t arrays = domain::kMaxJsonDepth - 1;  // inside the body's own object
    EXPECT_NO_THROW(
        api::parseJsonBody("{\"a\":" + std::string(arrays, '[') + std::string(arrays, ']') + "}"));
    EXPECT_EQ(
        refusal("{\"a\":" + std::string(arrays + 1, '[') + std::string(arrays + 1, ']') + "}"),
        "The request body is nested deeper than 64 levels");
    // Far deeper than the limit, up to the size limit: refused on the way down.
    EXPECT_THAT(refusal(std::string(1024 * 1024, '[')), HasSubstr("deeper than 64"));
}

// --- Duplicate keys ----------------------------------------------------------------------------

TEST(JsonBodyDuplicates, AKeyGivenTwiceIsRefusedByName) {
    EXPECT_EQ(refusal(R"({"fullName":"Ada","email":"a@example.com","fullName":"Bob"})"),
              "Duplicate key \"fullName\" in the request body");
    EXPECT_EQ(refusal(R"({"customFields":{"plan":"pro","plan":"free"}})"),
              "Duplicate key \"plan\" in customFields");
    EXPECT_EQ(refusal(R"({"company":{"technologies":["a"],"signals":[{"x":1,"x":2}]}})"),
              "Duplicate key \"x\" in company.signals[0]");
}

TEST(JsonBodyDuplicates, TheSameKeyInDifferentObjectsIsFine) {
    EXPECT_NO_THROW(api::parseJsonBody(R"({"a":{"a":{"a":1}},"b":[{"a":1},{"a":2}]})"));
}

TEST(JsonBodyDuplicates, AQuotedKeyIsShortened) {
    std::string key(5000, 'k');
    auto message = refusal("{\"" + key + "\":1,\"" + key + "\":2}");
    EXPECT_LT(message.size(), 200u);
    EXPECT_THAT(message, HasSubstr("Duplicate key \"kkkk"));
}

// --- Byte order mark ---------------------------------------------------------------------------

TEST(JsonBodyByteOrderMark, ALeadingBomIsIgnored) {
    auto body = api::parseJsonBody("\xEF\xBB\xBF{\"email\":\"a@example.com\"}");
    EXPECT_EQ(body->getValue<std::string>("email"), "a@example.com");
}

TEST(JsonBodyByteOrderMark, OnlyOneAndOnlyAtTheStart) {
    EXPECT_THAT(refusal("\xEF\xBB\xBF"), HasSubstr("not valid JSON"));
    EXPECT_THAT(refusal("\xEF\xBB\xBF\xEF\xBB\xBF{}"), HasSubstr("not valid JSON"));
    EXPECT_THAT(refusal(" \xEF\xBB\xBF{}"), HasSubstr("not valid JSON"));
}

// --- Control characters ------------------------------------------------------------------------

TEST(JsonBodyControlCharacters, NulInAFieldIsRefusedByPath) {
    EXPECT_EQ(refusal(R"({"email":"a@example.com","fullName":"a\u0000b"})"),
              "Control character U+0000 in fullName: text may hold no control characters other "
              "than tab, line feed and carriage return");
}

TEST(JsonBodyControlCharacters, EveryC0ControlButTabLineFeedAndCarriageReturnAndDel) {
    for (unsigned c = 0; c < 0x20; ++c) {
        std::string body = "{\"notes\":\"a" + escaped(static_cast<unsigned char>(c)) + "b\"}";
        if (c == '\t' || c == '\n' || c == '\r') {
            EXPECT_NO_THROW(api::parseJsonBody(body)) << c;
        } else {
            EXPECT_THAT(refusal(body), HasSubstr(" in notes:")) << c;
        }
    }
    EXPECT_THAT(refusal("{\"notes\":\"a\\u007f\"}"), HasSubstr("U+007F in notes"));
    EXPECT_THAT(refusal("{\"notes\":\"a\x7F\"}"), HasSubstr("U+007F in notes"));
}

TEST(JsonBodyControlCharacters, TheRuleHoldsAtEveryDepthAndNamesThePath) {
    EXPECT_THAT(refusal(R"({"company":{"technologies":["a","b","c\u0001"]}})"),
                HasSubstr("U+0001 in company.technologies[2]:"));
    EXPECT_THAT(refusal(R"({"customFields":{"nested":[[{"deep":"\u001b[31m"}]]}})"),
                HasSubstr("U+001B in customFields.nested[0][0].deep:"));
}

TEST(JsonBodyControlCharacters, KeysFollowTheRuleToo) {
    EXPECT_THAT(refusal(R"({"customFields":{"a\u0001":1}})"),
                HasSubstr("U+0001 in a key of customFields:"));
    EXPECT_THAT(refusal(R"({"a\u0007":1})"), HasSubstr("U+0007 in a key of the request body:"));
    // A NUL in a key, which the underlying parser would otherwise cut the key short at.
    EXPECT_THAT(refusal(R"({"customFields":{"a\u0000b":1}})"), HasSubstr("U+0000 in a key"));
}

TEST(JsonBodyControlCharacters, EscapedBackslashesAreNoControlCharacters) {
    auto body = api::parseJsonBody(R"({"notes":"C:\\u0000\\temp","path\\u0000":1})");
    EXPECT_EQ(body->getValue<std::string>("notes"), "C:\\u0000\\temp");
}

TEST(JsonBodyControlCharacters, RawControlCharactersAreNotJsonAtAll) {
    EXPECT_THAT(refusal(std::string("{\"notes\":\"a\x01b\"}")), HasSubstr("not valid JSON"));
}

// --- UTF-8 ---------------------------------------------------------------------------------------

TEST(JsonBodyUtf8, AnInvalidByteIsRefusedWithoutBeingEchoed) {
    EXPECT_EQ(refusal("{\"fullName\":\"\xEF\"}"),
              "The request body is not valid UTF-8: the byte at offset 13 is \\xEF; send JSON as "
              "UTF-8");
}

TEST(JsonBodyUtf8, EveryKindOfIllFormedSequence) {
    for (const std::string bad : {
             "\x80",              // a lone continuation byte
             "\xC0\xAF",          // an overlong '/'
             "\xE0\x80\xAF",      // an overlong '/', three bytes
             "\xED\xA0\x80",      // a UTF-16 surrogate
             "\xF4\x90\x80\x80",  // past U+10FFFF
             "\xF8\x88\x80\x80",  // a five-byte form
             "\xE2\x82",          // truncated
         }) {
        EXPECT_THAT(refusal("{\"a\":\"" + bad + "\"}"), HasSubstr("not valid UTF-8")) << bad;
        EXPECT_THAT(refusal("{\"" + bad + "\":1}"), HasSubstr("not valid UTF-8")) << bad;
        EXPECT_THAT(refusal("{\"a\":1}" + bad), HasSubstr("not valid UTF-8")) << bad;
    }
    EXPECT_THAT(refusal("\xEF\xBB\xBF{\"a\":\"\xFF\"}"), HasSubstr("offset 9 is \\xFF"));
}

TEST(JsonBodyUtf8, WellFormedTextOfEveryLengthIsKept) {
    auto body = api::parseJsonBody("{\"name\":\"Zoë Ørsted 東京 \xF0\x9F\x9A\x80\"}");
    EXPECT_EQ(body->getValue<std::string>("name"), "Zoë Ørsted 東京 \xF0\x9F\x9A\x80");
    auto escapedPair = api::parseJsonBody(R"({"name":"\ud83d\ude80"})");
    EXPECT_EQ(escapedPair->getValue<std::string>("name"), "\xF0\x9F\x9A\x80");
}

TEST(JsonBodyUtf8, LoneSurrogateEscapesAreNotJson) {
    EXPECT_THAT(refusal(R"({"a":"\ud800"})"), HasSubstr("not valid JSON"));
    EXPECT_THAT(refusal(R"({"a":"\udc00x"})"), HasSubstr("not valid JSON"));
}

TEST(JsonBodyUtf8, ASyntaxErrorOnAMultiByteCharacterQuotesNoPartOfIt) {
    // The parser names the first byte of "é" alone, which is no UTF-8 by itself.
    EXPECT_THAT(refusal("{\"a\":\xC3\xA9}"), HasSubstr("\\xC3"));
}

// --- Everything else stays as it was -------------------------------------------------------------

TEST(JsonBodyShape, NotAnObjectOrNotJson) {
    for (const std::string body : {"", "   ", "not json", "[1,2]", "\"text\"",
                                   "{\"email\":", "{\"a\":1} {\"b\":2}", "{'a':1}", "{\"a\":01}"}) {
        EXPECT_THAT(refusal(body), Not(HasSubstr("UTF-8"))) << body;
    }
    EXPECT_EQ(refusal("[1,2]"), "Request body must be a JSON object");
}

TEST(JsonBodyShape, AHugeNumberIsQuotedInPart) {
    auto message = refusal("{\"a\":" + std::string(100000, '9') + "}");
    EXPECT_THAT(message, HasSubstr("not valid JSON"));
    EXPECT_LT(message.size(), 300u);
}
