#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "SequenceDocument.hpp"
#include "outreach/sequence/Sequence.hpp"

using lodestone::outreach::Sequence;
using lodestone::outreach::SequenceError;
using sequence_test::documentWith;
using sequence_test::documentWithStep;
using sequence_test::expectRefused;
using namespace std::chrono_literals;

namespace {

// The brief's example, as the YAML-to-JSON conversion hands it over.
const std::string kFullDocument = R"({
  "from": {"address": "ada@acme.example", "name": "Ada at Acme"},
  "reply_to": "replies@acme.example",
  "window": {"days": ["mon", "tue", "wed", "thu", "fri"], "start": "09:00", "end": "17:30",
             "timezone": "Europe/London"},
  "daily_cap": 200,
  "min_gap": "90s",
  "steps": [
    {"delay": "0s", "subject": "{{firstName}}, a question about {{companyName}}",
     "text": "Plain-text body ... {{bookingUrl}} ... {{unsubscribeUrl}}",
     "html": "<p>optional HTML body</p>"},
    {"delay": "3d", "subject": "Following up", "text": "Still interested, {{firstName}}?"}
  ]
})";

TEST(SequenceParse, ReadsTheFullDocument) {
    const auto sequence = Sequence::parse(kFullDocument);
    EXPECT_EQ(sequence.from.address, "ada@acme.example");
    EXPECT_EQ(sequence.from.name, "Ada at Acme");
    EXPECT_EQ(sequence.replyTo, "replies@acme.example");
    EXPECT_EQ(sequence.window.days, (std::set<int>{0, 1, 2, 3, 4}));
    EXPECT_EQ(sequence.window.startMinute, 9 * 60);
    EXPECT_EQ(sequence.window.endMinute, 17 * 60 + 30);
    EXPECT_EQ(sequence.window.timezone, "Europe/London");
    EXPECT_EQ(sequence.dailyCap, 200);
    EXPECT_EQ(sequence.minGap, 90s);
    ASSERT_EQ(sequence.steps.size(), 2u);
    EXPECT_EQ(sequence.steps[0].delay, 0ms);
    EXPECT_EQ(sequence.steps[0].html, "<p>optional HTML body</p>");
    EXPECT_EQ(sequence.steps[1].delay, 72h);
    EXPECT_EQ(sequence.steps[1].html, std::nullopt);
    EXPECT_NE(sequence.steps[0].compiled, nullptr);
}

TEST(SequenceParse, DefaultsWhatIsLeftOut) {
    const auto sequence = Sequence::parse(sequence_test::kMinimal);
    EXPECT_EQ(sequence.from.name, std::nullopt);
    EXPECT_EQ(sequence.replyTo, std::nullopt);
    EXPECT_EQ(sequence.window.days, (std::set<int>{0, 1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(sequence.window.startMinute, 0);
    EXPECT_EQ(sequence.window.endMinute, 24 * 60);
    EXPECT_EQ(sequence.window.timezone, "UTC");
    EXPECT_EQ(sequence.dailyCap, 200);
    EXPECT_EQ(sequence.minGap, 0ms);
    EXPECT_EQ(sequence.steps.at(0).delay, 0ms);
}

TEST(SequenceParse, DefaultsEachWindowKeyOnItsOwn) {
    const auto sequence = Sequence::parse(documentWith(R"({"window": {"start": "08:15"}})"));
    EXPECT_EQ(sequence.window.days.size(), 7u);
    EXPECT_EQ(sequence.window.startMinute, 8 * 60 + 15);
    EXPECT_EQ(sequence.window.endMinute, 24 * 60);
    EXPECT_EQ(sequence.window.timezone, "UTC");
    // YAML's `reply_to:` with nothing after it arrives as null: absent.
    EXPECT_EQ(Sequence::parse(documentWith(R"({"reply_to": null})")).replyTo, std::nullopt);
}

TEST(SequenceParse, ReadsDaysInAnyCaseAndTimesUpToMidnight) {
    const auto sequence = Sequence::parse(
        documentWith(R"({"window": {"days": ["SAT", "Sun"], "start": "22:00", "end": "24:00"}})"));
    EXPECT_EQ(sequence.window.days, (std::set<int>{5, 6}));
    EXPECT_EQ(sequence.window.endMinute, 24 * 60);
}

TEST(SequenceParse, RefusesUnknownKeysAtEveryLevel) {
    expectRefused(documentWith(R"({"frm": 1})"), "frm", "unknown key; valid keys here are from");
    expectRefused(documentWith(R"({"from": {"address": "ada@acme.example", "nme": "A"}})"),
                  "from.nme", "unknown key");
    expectRefused(documentWith(R"({"window": {"dayz": ["mon"]}})"), "window.dayz", "unknown key");
    expectRefused(documentWithStep(R"("subject": "s", "text": "t", "htm": "h")"), "steps[0].htm",
                  "unknown key; valid keys here are delay, subject, text, html");
}

TEST(SequenceParse, RefusesWrongTypes) {
    expectRefused(documentWith(R"({"from": "ada@acme.example"})"), "from", "expected a mapping");
    expectRefused(documentWith(R"({"window": ["mon"]})"), "window", "expected a mapping");
    expectRefused(documentWith(R"({"window": {"days": "mon"}})"), "window.days",
                  "expected a list, got \"mon\"");
    expectRefused(documentWith(R"({"window": {"days": [1]}})"), "window.days[0]",
                  "expected one of mon, tue");
    expectRefused(documentWith(R"({"window": {"start": 9}})"), "window.start",
                  "expected a string, got 9");
    expectRefused(documentWith(R"({"window": {"timezone": true}})"), "window.timezone",
                  "expected a string");
    expectRefused(documentWith(R"({"daily_cap": "200"})"), "daily_cap",
                  "expected a whole number from 1 to 1000000, got \"200\"");
    expectRefused(documentWith(R"({"daily_cap": true})"), "daily_cap", "got true");
    expectRefused(documentWith(R"({"daily_cap": 1.5})"), "daily_cap", "whole number");
    expectRefused(documentWith(R"({"min_gap": 90})"), "min_gap",
                  "expected a duration such as 500ms, 90s, 15m, 2h or 3d, got 90");
    expectRefused(documentWith(R"({"steps": {"subject": "s"}})"), "steps", "expected a list");
    expectRefused(documentWith(R"({"steps": ["Hello"]})"), "steps[0]", "expected a mapping");
    expectRefused(documentWithStep(R"("subject": 5, "text": "t")"), "steps[0].subject",
                  "expected a string, got 5");
    expectRefused(documentWithStep(R"("subject": "s", "text": "t", "html": ["<p>"])"),
                  "steps[0].html", "expected a string, got a list");
}

TEST(SequenceParse, RefusesWhatIsNotADocument) {
    expectRefused("{\"from\": ", "", "not valid JSON");
    try {
        Sequence::parse("[1, 2]");
        FAIL();
    } catch (const SequenceError& e) {
        EXPECT_EQ(e.path(), "");
        EXPECT_STREQ(e.what(), "sequence document: expected a mapping, got a list");
    }
}

TEST(SequenceParse, ChecksAddressesWithTheEmailRule) {
    expectRefused(documentWith(R"({"from": {"address": "ada.acme.example"}})"), "from.address",
                  "\"ada.acme.example\" has no @");
    expectRefused(documentWith(R"({"from": {"address": "ada@acme.example\n"}})"), "from.address",
                  "not a usable email address");
    expectRefused(documentWith(R"({"from": {"name": "Ada"}})"), "from.address", "is required");
    expectRefused(documentWith(R"({"from": null})"), "from", "is required");
    expectRefused(documentWith(R"({"reply_to": "replies@localhost"})"), "reply_to",
                  "not a usable email address");
}

TEST(SequenceParse, RefusesASenderNameThatCouldBreakAHeader) {
    const auto named = [](const std::string& name) {
        return documentWith(R"({"from": {"address": "ada@acme.example", "name": ")" + name +
                            "\"}}");
    };
    expectRefused(named("Ada\\r\\nBcc: all@example.com"), "from.name", "must be one line");
    expectRefused(named("Ada\\tat Acme"), "from.name", "control characters");
    expectRefused(named("Ada\\u2028Acme"), "from.name", "must be one line");
    expectRefused(named("   "), "from.name", "is blank");
    EXPECT_EQ(Sequence::parse(named("Zoë at Ácme")).from.name, "Zoë at Ácme");
}

TEST(SequenceParse, RefusesBadDays) {
    expectRefused(documentWith(R"({"window": {"days": ["mon", "funday"]}})"), "window.days[1]",
                  "expected one of mon, tue, wed, thu, fri, sat, sun, got \"funday\"");
    expectRefused(documentWith(R"({"window": {"days": ["monday"]}})"), "window.days[0]",
                  "got \"monday\"");
    expectRefused(documentWith(R"({"window": {"days": ["tue", "Mon", "TUE"]}})"), "window.days[2]",
                  "repeats tue");
    expectRefused(documentWith(R"({"window": {"days": []}})"), "window.days", "names no day");
}

TEST(SequenceParse, RefusesBadTimes) {
    for (const char* bad : {"25:00", "9am", "9:00", "09:60", "0900", "09:00:00", " 09:00", ""}) {
        expectRefused(documentWith(std::string(R"({"window": {"start": ")") + bad + "\"}}"),
                      "window.start", "expected a time HH:MM on the 24-hour clock");
    }
    expectRefused(documentWith(R"({"window": {"start": "24:00"}})"), "window.start",
                  "got \"24:00\"");
    expectRefused(documentWith(R"({"window": {"end": "24:01"}})"), "window.end", "(or 24:00)");
}

TEST(SequenceParse, RefusesAStartThatIsNotBeforeTheEnd) {
    expectRefused(documentWith(R"({"window": {"start": "17:00", "end": "09:00"}})"), "window.end",
                  "must be later than window.start (17:00)");
    expectRefused(documentWith(R"({"window": {"start": "09:00", "end": "09:00"}})"), "window.end",
                  "must be later");
    expectRefused(documentWith(R"({"window": {"end": "00:00"}})"), "window.end",
                  "must be later than window.start (00:00)");
}

TEST(SequenceParse, RefusesTimeZonesTheDatabaseDoesNotKnow) {
    expectRefused(documentWith(R"({"window": {"timezone": "Europe/Londn"}})"), "window.timezone",
                  "unknown time zone \"Europe/Londn\"");
    expectRefused(documentWith(R"({"window": {"timezone": "../../etc/passwd"}})"),
                  "window.timezone", "unknown time zone");
    expectRefused(documentWith(R"({"window": {"timezone": "europe/london"}})"), "window.timezone",
                  "unknown time zone");
    EXPECT_EQ(Sequence::parse(documentWith(R"({"window": {"timezone": "Asia/Kolkata"}})"))
                  .window.timezone,
              "Asia/Kolkata");
}

TEST(SequenceParse, RefusesDailyCapsOutOfRange) {
    expectRefused(documentWith(R"({"daily_cap": 0})"), "daily_cap", "got 0");
    expectRefused(documentWith(R"({"daily_cap": 1000001})"), "daily_cap", "got 1000001");
    EXPECT_EQ(Sequence::parse(documentWith(R"({"daily_cap": 1000000})")).dailyCap, 1000000);
}

TEST(SequenceParse, ReadsDurationsWithTheConfigurationsSpelling) {
    EXPECT_EQ(Sequence::parse(documentWith(R"({"min_gap": "500ms"})")).minGap, 500ms);
    EXPECT_EQ(Sequence::parse(documentWith(R"({"min_gap": "15m"})")).minGap, 15min);
    EXPECT_EQ(Sequence::parse(documentWithStep(R"("delay": "2h", "subject": "s", "text": "t")"))
                  .steps[0]
                  .delay,
              2h);
    expectRefused(documentWithStep(R"("delay": "5 minutes", "subject": "s", "text": "t")"),
                  "steps[0].delay", "expected a duration");
    expectRefused(documentWithStep(R"("delay": "-1s", "subject": "s", "text": "t")"),
                  "steps[0].delay", "got \"-1s\"");
    expectRefused(documentWithStep(R"("delay": "400d", "subject": "s", "text": "t")"),
                  "steps[0].delay", "must be at most 365d");
    expectRefused(documentWith(R"({"min_gap": "1.5s"})"), "min_gap", "expected a duration");
}

TEST(SequenceParse, RefusesMissingOrTooManySteps) {
    expectRefused(documentWith(R"({"steps": []})"), "steps", "needs at least one step");
    expectRefused(documentWith(R"({"steps": null})"), "steps", "is required");
    std::string many = R"({"steps": [)";
    for (int i = 0; i < 51; ++i)
        many += std::string(i ? "," : "") + R"({"subject":"s","text":"t"})";
    expectRefused(documentWith(many + "]}"), "steps", "at most 50");
}

TEST(SequenceParse, RefusesStepsWithoutSubjectOrText) {
    expectRefused(documentWithStep(R"("text": "t")"), "steps[0].subject", "is required");
    expectRefused(documentWithStep(R"("subject": "s")"), "steps[0].text", "is required");
    expectRefused(documentWithStep(R"("subject": " ", "text": "t")"), "steps[0].subject",
                  "is empty");
    expectRefused(documentWithStep(R"("subject": "s", "text": "t", "html": "")"), "steps[0].html",
                  "leave it out for a plain-text email");
}

TEST(SequenceParse, RefusesAMultiLineSubject) {
    expectRefused(documentWithStep(R"("subject": "Hello\nBcc: all@example.com", "text": "t")"),
                  "steps[0].subject", "must be one line");
    expectRefused(documentWithStep(R"("subject": "Hello\r", "text": "t")"), "steps[0].subject",
                  "must be one line");
}

}  // namespace
