#include <Poco/JSON/Parser.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "domain/JsonWriter.hpp"
#include "domain/Utf8Text.hpp"

using lodestone::domain::JsonWriter;

namespace {

Poco::Dynamic::Var parsed(const std::string& json) {
    return Poco::JSON::Parser().parse(json);
}

// A string value by the rules spelled out one byte at a time: bad bytes become `\xHH` first,
// then every byte that needs it is escaped.
std::string byteByByte(std::string_view text) {
    using namespace lodestone::domain;
    const std::string valid =
        firstInvalidUtf8(text) == kNoInvalidUtf8 ? std::string(text) : escapeInvalidUtf8(text);
    std::string out = "\"";
    for (char ch : valid) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += ch;
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == '\b') {
            out += "\\b";
        } else if (c == '\f') {
            out += "\\f";
        } else if (c < 0x20) {
            char hex[7];
            std::snprintf(hex, sizeof(hex), "\\u%04x", c);
            out += hex;
        } else {
            out += ch;
        }
    }
    return out + "\"";
}

std::string written(std::string_view text) {
    JsonWriter out;
    out.value(text);
    return out.text();
}

}  // namespace

TEST(JsonWriter, PutsCommasAndColonsBetweenMembersAndItems) {
    JsonWriter out;
    out.beginObject()
        .member("id", "job_1")
        .member("count", 3)
        .member("ok", true)
        .key("missing")
        .null()
        .key("steps")
        .beginArray()
        .beginObject()
        .member("name", "research")
        .endObject()
        .beginObject()
        .endObject()
        .value(7)
        .endArray()
        .key("empty")
        .beginArray()
        .endArray()
        .endObject();
    EXPECT_EQ(out.text(), R"({"id":"job_1","count":3,"ok":true,"missing":null,)"
                          R"("steps":[{"name":"research"},{},7],"empty":[]})");
    EXPECT_NO_THROW(parsed(out.text()));
}

TEST(JsonWriter, EscapesWhatJsonRequiresAndKeepsUtf8AsItIs) {
    const std::string nasty = "quote \" backslash \\ newline \n tab \t bell \x07 nul " +
                              std::string(1, '\0') + " unicode \xE2\x9C\x85 end";
    JsonWriter out;
    out.beginObject().member("text", nasty).endObject();
    EXPECT_NE(out.text().find("\\u0007"), std::string::npos);
    EXPECT_NE(out.text().find("\\u0000"), std::string::npos);
    EXPECT_NE(out.text().find("\xE2\x9C\x85"), std::string::npos);
    auto back = parsed(out.text()).extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(back->getValue<std::string>("text"), nasty);
}

TEST(JsonWriter, AByteThatIsNotUtf8BecomesItsHexText) {
    JsonWriter out;
    out.beginArray().value(std::string("caf\xE9")).endArray();
    auto back = parsed(out.text()).extract<Poco::JSON::Array::Ptr>();
    EXPECT_EQ(back->getElement<std::string>(0), "caf\\xE9");
}

TEST(JsonWriter, NumbersAndOptionals) {
    JsonWriter out;
    out.beginArray()
        .value(std::int64_t{1'750'000'000'000})
        .value(-1)
        .value(0.25)
        .value(std::numeric_limits<double>::quiet_NaN())
        .value(std::optional<std::int64_t>())
        .value(std::optional<std::string>("x"))
        .raw(R"({"stored":[1,2]})")
        .endArray();
    EXPECT_EQ(out.text(), R"([1750000000000,-1,0.25,null,null,"x",{"stored":[1,2]}])");
}

// Plain runs are copied eight bytes at a time: whatever falls where in a run, and wherever the run
// starts, the answer is the one the byte-by-byte rules give.
TEST(JsonWriter, CopiesPlainRunsAsTheByteByByteRulesWouldWriteThem) {
    const std::vector<std::string> pieces = {
        "",
        "a",
        "a run of plain ASCII longer than a word",
        "\"",
        "\\",
        "\n",
        "\t",
        std::string(1, '\0'),
        "\x1F",
        "\x7F",
        "\xC3\xA9",          // é
        "\xE2\x82\xAC",      // €
        "\xF0\x9F\x9A\x80",  // rocket
        "\xE9",              // not UTF-8
        "\xE2\x82",          // truncated
        "\xED\xA0\x80",      // surrogate
        "\xF4\x90\x80\x80",  // past U+10FFFF
    };
    int checked = 0;
    for (std::size_t shift = 0; shift < 9; ++shift) {
        const std::string lead(shift, 'x');
        for (const auto& first : pieces) {
            for (const auto& second : pieces) {
                for (const auto& third : pieces) {
                    const std::string text = lead + first + second + third;
                    ASSERT_EQ(written(text), byteByByte(text)) << "for " << text;
                    ++checked;
                }
            }
        }
    }
    EXPECT_EQ(checked, 9 * 17 * 17 * 17);
}

TEST(JsonWriter, EscapesAtEitherEndAndInsideALongRun) {
    const std::string run = "0123456789abcdefghij";
    EXPECT_EQ(written("\"" + run), "\"\\\"" + run + "\"");
    EXPECT_EQ(written(run + "\\" + run), "\"" + run + "\\\\" + run + "\"");
    EXPECT_EQ(written(run + "\n"), "\"" + run + "\\n\"");
    EXPECT_EQ(written(run + "\xE2\x9C\x85" + run), "\"" + run + "\xE2\x9C\x85" + run + "\"");
    EXPECT_EQ(written(run + "\xFF"), "\"" + run + "\\\\xFF\"");
    EXPECT_EQ(written(run + "\xE2\x82" + run), "\"" + run + "\\\\xE2\\\\x82" + run + "\"");
}

TEST(JsonWriter, EveryControlCharacterIsEscaped) {
    for (int c = 0; c < 0x20; ++c) {
        const std::string text = "before " + std::string(1, static_cast<char>(c)) + " after";
        EXPECT_EQ(written(text), byteByByte(text)) << "for " << c;
        EXPECT_EQ(written(text).find(static_cast<char>(c)), std::string::npos) << "for " << c;
    }
    EXPECT_EQ(written("\x01\x1F"), R"("\u0001\u001f")");
}

// Keys are the caller's own text: escaped, but not checked for UTF-8.
TEST(JsonWriter, KeysAreEscapedAndWrittenAsTheyAre) {
    JsonWriter out;
    out.beginObject().key("a \"quoted\" name, longer than a word").null();
    out.key("caf\xE9").null().endObject();
    EXPECT_EQ(out.text(), "{\"a \\\"quoted\\\" name, longer than a word\":null,\"caf\xE9\":null}");
}

TEST(JsonWriter, CommasAtEveryDepth) {
    JsonWriter out;
    std::string expected;
    for (int depth = 0; depth < 100; ++depth) {
        out.beginArray().value(depth);
        expected += "[" + std::to_string(depth) + ",";
    }
    expected.pop_back();
    for (int depth = 0; depth < 100; ++depth) {
        out.endArray();
        expected += "]";
    }
    EXPECT_EQ(out.text(), expected);
    JsonWriter nested;
    nested.beginObject()
        .key("a")
        .beginArray()
        .beginArray()
        .endArray()
        .beginObject()
        .endObject()
        .endArray()
        .member("b", 1)
        .endObject();
    EXPECT_EQ(nested.text(), R"({"a":[[],{}],"b":1})");
}

TEST(JsonWriter, TextCanBeReadBeforeTheEndAndTakenOnce) {
    JsonWriter out;
    out.beginArray().value("a");
    EXPECT_EQ(out.text(), R"(["a")");
    const std::string longer(1000, 'x');
    out.value(longer).endArray();
    EXPECT_EQ(out.text(), R"(["a",")" + longer + R"("])");
    EXPECT_EQ(out.take(), R"(["a",")" + longer + R"("])");
    EXPECT_EQ(out.text(), "");
    out.beginObject().endObject();
    EXPECT_EQ(out.take(), "{}");
}
