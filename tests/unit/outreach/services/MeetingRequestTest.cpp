// readMeetingRequest: the body of POST /api/campaigns/{id}/meetings, checked field by field.
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "outreach/Meetings.hpp"

using namespace lodestone::outreach;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

const std::string kRest = R"("scheduledAt":"2026-12-01T15:00:00Z","duration":30,"title":"Intro")";

Poco::JSON::Object::Ptr parse(const std::string& json) {
    Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
    return parser.parse(json).extract<Poco::JSON::Object::Ptr>();
}

MeetingRequest read(const std::string& json) {
    return readMeetingRequest(*parse(json));
}

// A valid body naming the prospect by id, with `field` set to the JSON `value`.
Poco::JSON::Object::Ptr bodyWith(const std::string& field, const std::string& value) {
    auto body = parse(R"({"prospectId":"prs_1",)" + kRest + "}");
    body->set(field, parse(R"({"v":)" + value + "}")->get("v"));
    return body;
}

MeetingRequest with(const std::string& field, const std::string& value) {
    return readMeetingRequest(*bodyWith(field, value));
}

// The problems reported for a body, as "missing:a,b,|invalid:c,"; "accepted" when none.
std::string problemsOf(const Poco::JSON::Object& body) {
    try {
        readMeetingRequest(body);
        return "accepted";
    } catch (const InvalidMeeting& e) {
        std::string out = "missing:";
        for (const auto& f : e.missingFields()) out += f + ",";
        out += "|invalid:";
        for (const auto& f : e.invalidFields()) out += f + ",";
        return out;
    }
}

std::string problems(const std::string& json) {
    return problemsOf(*parse(json));
}

std::string problemsWith(const std::string& field, const std::string& value) {
    return problemsOf(*bodyWith(field, value));
}

std::string scheduledAt(const std::string& text) {
    return with("scheduledAt", "\"" + text + "\"").scheduledAt;
}

}  // namespace

TEST(MeetingRequest, ReadsACompleteBody) {
    auto request = read(R"({"prospectId":" prs_1 ","email":"Ann@Initech.com",)" + kRest +
                        R"(,"externalId":"cal-9"})");
    EXPECT_EQ(request.prospectId, "prs_1");
    EXPECT_EQ(request.emailKey, "ann@initech.com");
    EXPECT_EQ(request.scheduledAt, "2026-12-01T15:00:00Z");
    EXPECT_EQ(request.durationMinutes, 30);
    EXPECT_EQ(request.title, "Intro");
    EXPECT_EQ(request.externalId, "cal-9");

    auto byEmail = read(R"({"email":"ann@initech.com",)" + kRest + "}");
    EXPECT_FALSE(byEmail.prospectId);
    EXPECT_EQ(byEmail.emailKey, "ann@initech.com");
    EXPECT_FALSE(byEmail.externalId);
}

TEST(MeetingRequest, AnEmptyBodyMissesEveryRequiredField) {
    try {
        read("{}");
        FAIL() << "expected InvalidMeeting";
    } catch (const InvalidMeeting& e) {
        EXPECT_THAT(e.missingFields(),
                    ElementsAre("prospectId", "scheduledAt", "duration", "title"));
        EXPECT_THAT(e.invalidFields(), IsEmpty());
        EXPECT_STREQ(e.what(), "Invalid meeting: missing prospectId, scheduledAt, duration, title");
    }
    // null, empty and blank text count as missing.
    EXPECT_EQ(problems(R"({"prospectId":null,"email":"  ","scheduledAt":"","duration":null,)"
                       R"("title":"   "})"),
              "missing:prospectId,scheduledAt,duration,title,|invalid:");
}

TEST(MeetingRequest, EachInvalidFieldIsNamed) {
    EXPECT_EQ(problemsWith("title", "7"), "missing:|invalid:title,");
    EXPECT_EQ(problemsWith("title", '"' + std::string(501, 'x') + '"'), "missing:|invalid:title,");
    EXPECT_EQ(with("title", '"' + std::string(500, 'x') + '"').title.size(), 500u);
    EXPECT_EQ(problemsWith("externalId", "123"), "missing:|invalid:externalId,");
    EXPECT_EQ(problemsWith("externalId", '"' + std::string(501, 'x') + '"'),
              "missing:|invalid:externalId,");
    EXPECT_EQ(problemsWith("email", R"("not-an-email")"), "missing:|invalid:email,");
    EXPECT_EQ(problemsWith("scheduledAt", "20261201"), "missing:|invalid:scheduledAt,");
    // A prospect named only by an invalid value is invalid, not also missing.
    EXPECT_EQ(problems(R"({"email":"nope",)" + kRest + "}"), "missing:|invalid:email,");
    EXPECT_EQ(problems(R"({"prospectId":42,)" + kRest + "}"), "missing:|invalid:prospectId,");
    // Every problem at once, with the message naming them.
    try {
        read(R"({"email":"nope","duration":0})");
        FAIL() << "expected InvalidMeeting";
    } catch (const InvalidMeeting& e) {
        EXPECT_THAT(e.missingFields(), ElementsAre("scheduledAt", "title"));
        EXPECT_THAT(e.invalidFields(), ElementsAre("email", "duration"));
        EXPECT_EQ(
            std::string(e.what()).rfind("Invalid meeting: missing scheduledAt, title; invalid "
                                        "email, duration (scheduledAt is",
                                        0),
            0u)
            << e.what();
    }
}

// The prospect's address is checked as sent, by the one email rule: a line break after it is
// refused rather than trimmed away, and the message says what is wrong.
TEST(MeetingRequest, AnEmailWithWhitespaceOrAControlCharacterIsInvalid) {
    for (const char* email : {R"("ann@initech.com\n")", R"(" ann@initech.com")",
                              R"("ann@initech.com\r\nBcc: x@evil.example")"}) {
        EXPECT_EQ(problems(std::string(R"({"email":)") + email + "," + kRest + "}"),
                  "missing:|invalid:email,")
            << email;
    }
    try {
        read(R"({"email":"ann@initech.com\n",)" + kRest + "}");
        FAIL() << "expected InvalidMeeting";
    } catch (const InvalidMeeting& e) {
        EXPECT_THAT(std::string(e.what()),
                    ::testing::EndsWith("; email contains whitespace or a control character"));
    }
}

TEST(MeetingRequest, ScheduledAtIsAUtcTimeStoredWithSeconds) {
    EXPECT_EQ(scheduledAt("2026-12-01T15:00Z"), "2026-12-01T15:00:00Z");
    EXPECT_EQ(scheduledAt("2026-12-01T15:00:07Z"), "2026-12-01T15:00:07Z");
    EXPECT_EQ(scheduledAt("2026-12-01T15:00:07.250Z"), "2026-12-01T15:00:07Z");
    EXPECT_EQ(scheduledAt("2026-12-01T15:00:00+00:00"), "2026-12-01T15:00:00Z");
    EXPECT_EQ(scheduledAt("2028-02-29T23:59:59Z"), "2028-02-29T23:59:59Z");
    for (const char* refused :
         {"2026-12-01T15:00:00+02:00", "2026-12-01T15:00:00-05:00", "2026-02-30T10:00:00Z",
          "2027-02-29T10:00:00Z", "2026-13-01T10:00:00Z", "2026-12-01T24:00:00Z",
          "2026-12-01T15:60:00Z", "2026-12-01T15:00:00", "2026-12-01 15:00:00Z", "2026-12-01",
          "2026-12-01T15Z", "tomorrow"}) {
        EXPECT_EQ(problemsWith("scheduledAt", std::string("\"") + refused + "\""),
                  "missing:|invalid:scheduledAt,")
            << refused;
    }
}

TEST(MeetingRequest, DurationIsWholeMinutesFromOneToADay) {
    EXPECT_EQ(with("duration", "1").durationMinutes, 1);
    EXPECT_EQ(with("duration", "1440").durationMinutes, 1440);
    EXPECT_EQ(with("duration", "45.0").durationMinutes, 45);
    for (const char* refused : {"0", "1441", "2.5", "\"30\"", "-30", "true", "1e9", "[30]"}) {
        EXPECT_EQ(problemsWith("duration", refused), "missing:|invalid:duration,") << refused;
    }
}

TEST(MeetingRequest, TextLimitsCountCharactersNotBytes) {
    // docs/api.md says "up to 500 characters", as Add Lead counts them.
    std::string title;
    for (int i = 0; i < 300; ++i) title += "\xC3\xA9";  // é
    EXPECT_EQ(problemsWith("title", '"' + title + '"'), "accepted");
    EXPECT_EQ(with("title", '"' + title + '"').title, title);
}
TEST(MeetingRequest, OnlyZOrPlusZeroIsUtc) {
    for (const char* refused : {R"("2026-12-01T15:00:00-00:00")", R"("2026-12-01T15:00:00+0000")",
                                R"("0000-12-01T15:00:00Z")"}) {
        EXPECT_EQ(problemsWith("scheduledAt", refused), "missing:|invalid:scheduledAt,") << refused;
    }
}

TEST(MeetingRequest, SecondSixtyIsNotATime) {
    // Common parsers (JavaScript's Date, Python's datetime.fromisoformat) refuse second 60.
    EXPECT_EQ(problemsWith("scheduledAt", R"("2026-12-01T23:59:60Z")"),
              "missing:|invalid:scheduledAt,");
}
