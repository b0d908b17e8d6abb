#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <string>

#include "domain/JsonDocument.hpp"

using lodestone::domain::describeJsonValue;
using lodestone::domain::DocumentOptions;
using lodestone::domain::DocumentProblem;
using lodestone::domain::MappingFields;
using lodestone::domain::NullValue;
using lodestone::domain::readJsonDocument;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using namespace std::chrono_literals;

namespace {

MappingFields read(const std::string& json, NullValue nulls = NullValue::Absent) {
    return readJsonDocument(json, DocumentOptions{16, nulls});
}

// The problem `action` throws, as "<path>|<problem>" so both halves are checked at once.
std::string problemOf(const std::function<void()>& action) {
    try {
        action();
    } catch (const DocumentProblem& e) {
        return e.path() + "|" + e.problem();
    }
    return "(no problem)";
}

TEST(JsonDocument, AProblemReadsAsPathAndProblem) {
    EXPECT_STREQ(DocumentProblem("steps[1].delay", "is required").what(),
                 "steps[1].delay: is required");
    // The document as a whole: each module says which document it is.
    EXPECT_STREQ(DocumentProblem("", "not valid JSON").what(), "not valid JSON");
}

TEST(JsonDocument, TheRootMustBeAJsonMapping) {
    EXPECT_THAT(problemOf([] { read("{not json"); }), HasSubstr("|not valid JSON: "));
    EXPECT_EQ(problemOf([] { read("[1, 2]"); }), "|expected a mapping, got a list");
}

TEST(JsonDocument, NestingDeeperThanTheBoundIsNotParsed) {
    std::string deep;
    for (int i = 0; i < 10; ++i) deep += R"({"a": )";
    deep += "1" + std::string(10, '}');
    EXPECT_NO_THROW(readJsonDocument(deep, DocumentOptions{16, NullValue::Absent}));
    EXPECT_THAT(problemOf([&] {
                    readJsonDocument(deep, DocumentOptions{4, NullValue::Absent});
                }),
                HasSubstr("|not valid JSON: "));
}

TEST(JsonDocument, PathsNameNestedKeys) {
    auto root = read(R"({"window": {"days": {"first": 1}}})");
    EXPECT_EQ(root.path(), "");
    EXPECT_EQ(root.pathOf("window"), "window");
    auto days = root.mapping("window")->mapping("days");
    EXPECT_EQ(days->path(), "window.days");
    EXPECT_EQ(days->pathOf("first"), "window.days.first");
}

TEST(JsonDocument, UnknownKeysAreRefusedListingTheValidOnes) {
    auto root = read(R"({"window": {"dayz": 1}})");
    EXPECT_NO_THROW(root.allowOnly({"window", "steps"}));
    EXPECT_EQ(problemOf([&] {
                  root.mapping("window")->allowOnly({"days", "start"});
              }),
              "window.dayz|unknown key; valid keys here are days, start");
}

TEST(JsonDocument, AbsentKeysReadAsNothing) {
    auto root = read("{}");
    EXPECT_FALSE(root.has("a"));
    EXPECT_FALSE(root.number("a", "a number", [](double) { return true; }));
    EXPECT_FALSE(root.integer("a", 0, 9));
    EXPECT_FALSE(root.boolean("a"));
    EXPECT_FALSE(root.text("a"));
    EXPECT_FALSE(root.names("a"));
    EXPECT_FALSE(root.duration("a", 1h));
    EXPECT_FALSE(root.list("a"));
    EXPECT_FALSE(root.mapping("a"));
    EXPECT_FALSE(root.mappingOrEmpty("a"));
    EXPECT_EQ(problemOf([&] { root.require("a"); }), "a|is required");
}

TEST(JsonDocument, NullReadsAsAbsentWhenTheDocumentSaysSo) {
    auto root = read(R"({"a": null, "m": {"b": null}})", NullValue::Absent);
    EXPECT_FALSE(root.has("a"));
    EXPECT_FALSE(root.integer("a", 0, 9));
    EXPECT_FALSE(root.text("a"));
    EXPECT_FALSE(root.mapping("a"));
    EXPECT_EQ(problemOf([&] { root.require("a"); }), "a|is required");
    // Nested mappings read nulls the same way.
    EXPECT_FALSE(root.mapping("m")->boolean("b"));
}

TEST(JsonDocument, NullIsAWrongValueWhenTheDocumentSaysSo) {
    auto root = read(R"({"a": null, "m": {"b": null}})", NullValue::Wrong);
    EXPECT_TRUE(root.has("a"));
    EXPECT_EQ(problemOf([&] { root.integer("a", 0, 9); }),
              "a|expected a whole number from 0 to 9, got null");
    EXPECT_EQ(problemOf([&] { root.mapping("a"); }), "a|expected a mapping, got null");
    EXPECT_EQ(problemOf([&] { root.mapping("m")->boolean("b"); }),
              "m.b|expected true or false, got null");
}

TEST(JsonDocument, MappingOrEmptyReadsNullAsAnEmptyMappingEitherWay) {
    for (auto nulls : {NullValue::Absent, NullValue::Wrong}) {
        auto root = read(R"({"criteria": null, "other": 3})", nulls);
        auto criteria = root.mappingOrEmpty("criteria");
        ASSERT_TRUE(criteria);
        EXPECT_EQ(criteria->path(), "criteria");
        EXPECT_NO_THROW(criteria->allowOnly({}));
        EXPECT_EQ(problemOf([&] { root.mappingOrEmpty("other"); }),
                  "other|expected a mapping, got 3");
    }
}

TEST(JsonDocument, NumbersAreJsonNumbersTheCallerAccepts) {
    auto root = read(R"({"n": 0.5, "big": 7, "flag": true, "text": "3"})");
    auto fraction = [](double n) { return n >= 0 && n <= 1; };
    EXPECT_EQ(root.number("n", "a number from 0 to 1", fraction), 0.5);
    EXPECT_EQ(problemOf([&] { root.number("big", "a number from 0 to 1", fraction); }),
              "big|expected a number from 0 to 1, got 7");
    EXPECT_EQ(problemOf([&] { root.number("flag", "a number", [](double) { return true; }); }),
              "flag|expected a number, got true");
    EXPECT_EQ(problemOf([&] { root.number("text", "a number", [](double) { return true; }); }),
              "text|expected a number, got \"3\"");
}

TEST(JsonDocument, IntegersAreWholeAndWithinBounds) {
    auto root = read(R"({"cap": 40, "half": 2.5, "high": 101})");
    EXPECT_EQ(root.integer("cap", 1, 100), 40);
    EXPECT_EQ(problemOf([&] { root.integer("half", 1, 100); }),
              "half|expected a whole number from 1 to 100, got 2.5");
    EXPECT_EQ(problemOf([&] { root.integer("high", 1, 100, "a percentage"); }),
              "high|expected a percentage, got 101");
}

TEST(JsonDocument, BooleansAreTrueOrFalse) {
    auto root = read(R"({"yes": true, "no": false, "word": "yes"})");
    EXPECT_EQ(root.boolean("yes"), true);
    EXPECT_EQ(root.boolean("no"), false);
    EXPECT_EQ(problemOf([&] { root.boolean("word"); }), "word|expected true or false, got \"yes\"");
}

TEST(JsonDocument, TextIsAStringOfValidUtf8) {
    // Poco's parser refuses text that is not UTF-8; a mapping built otherwise may still hold it.
    Poco::JSON::Object::Ptr object = new Poco::JSON::Object();
    object->set("name", std::string(" J\xC3\xBCrgen "));
    object->set("n", 3);
    object->set("bad", std::string("a\xFF"));
    MappingFields root(object, "", NullValue::Absent);
    EXPECT_EQ(root.text("name"), " J\xC3\xBCrgen ");
    EXPECT_EQ(problemOf([&] { root.text("n"); }), "n|expected a string, got 3");
    EXPECT_EQ(problemOf([&] { root.text("bad"); }), "bad|is not valid UTF-8");
}

TEST(JsonDocument, NamesAreANonEmptyListOfTrimmedStrings) {
    auto root = read(
        R"({"ok": [" Software ", "Retail"], "one": "Software", "none": [], "blank": ["a", " "],
            "number": ["a", 3]})");
    EXPECT_THAT(*root.names("ok"), ElementsAre("Software", "Retail"));
    EXPECT_EQ(problemOf([&] { root.names("one"); }),
              "one|expected a list such as [a, b], got \"Software\"");
    EXPECT_EQ(problemOf([&] { root.names("none"); }),
              "none|expected at least one entry, got an empty list");
    EXPECT_EQ(problemOf([&] { root.names("blank"); }),
              "blank[1]|expected a non-empty string, got \" \"");
    EXPECT_EQ(problemOf([&] { root.names("number"); }),
              "number[1]|expected a non-empty string, got 3");
}

TEST(JsonDocument, DurationsUseTheConfigurationsSpellingUpToAMaximum) {
    auto root = read(R"({"gap": "90s", "long": "3d", "bare": 90, "word": "soon"})");
    EXPECT_EQ(root.duration("gap", 1h), 90s);
    EXPECT_EQ(problemOf([&] { root.duration("long", 24h); }),
              "long|must be at most 1d, got \"3d\"");
    EXPECT_EQ(problemOf([&] { root.duration("bare", 24h); }),
              "bare|expected a duration such as 500ms, 90s, 15m, 2h or 3d, got 90");
    EXPECT_EQ(problemOf([&] { root.duration("word", 24h); }),
              "word|expected a duration such as 500ms, 90s, 15m, 2h or 3d, got \"soon\"");
}

TEST(JsonDocument, ListsAndListEntries) {
    auto root = read(R"({"steps": [{"subject": "Hi"}, 3], "one": {}})");
    auto steps = *root.list("steps");
    ASSERT_EQ(steps->size(), 2u);
    auto first = root.entry(steps->get(0), "steps[0]", "a mapping with subject");
    EXPECT_EQ(first.text("subject"), "Hi");
    EXPECT_EQ(first.pathOf("subject"), "steps[0].subject");
    EXPECT_EQ(problemOf([&] { root.entry(steps->get(1), "steps[1]", "a mapping with subject"); }),
              "steps[1]|expected a mapping with subject, got 3");
    EXPECT_EQ(problemOf([&] { root.list("one"); }), "one|expected a list, got a mapping");
}

TEST(JsonDocument, ValuesAreDescribedShortAndAsUtf8) {
    EXPECT_EQ(describeJsonValue(Poco::Dynamic::Var()), "null");
    EXPECT_EQ(describeJsonValue(Poco::Dynamic::Var(2.5)), "2.5");
    EXPECT_EQ(describeJsonValue(Poco::Dynamic::Var(true)), "true");
    EXPECT_EQ(describeJsonValue(Poco::Dynamic::Var(std::string("say \"hi\""))), R"("say \"hi\"")");
    const auto longText = describeJsonValue(Poco::Dynamic::Var(std::string(100, 'a')));
    EXPECT_EQ(longText, "\"" + std::string(60, 'a') + "\xE2\x80\xA6\"");
    EXPECT_EQ(describeJsonValue(Poco::Dynamic::Var(std::string("a\xFF"))), R"("a\\xFF")");
}

}  // namespace
