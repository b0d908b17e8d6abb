// Cal.com's and Calendly's webhook bodies, read into one CalendarNotice.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "CalendarFixtures.hpp"
#include "outreach/calendar/CalendarNotice.hpp"

namespace lodestone::outreach::calendar {
namespace {

using test::calendarFixture;
using test::kFixtureToken;
using ::testing::HasSubstr;

const std::string kFirstInvitee =
    "https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2/invitees/"
    "7c2cd5bc-9b5a-4e13-b0e6-2c3c1d7a9f01";
const std::string kSecondInvitee =
    "https://api.calendly.com/scheduled_events/HCHCEDBBEBFEDSA3/invitees/"
    "0e3f7a11-5d2c-4b8e-9c61-8f0a2b4c6d13";

std::string invalidReason(CalendarNotice (*read)(std::string_view), const std::string& body) {
    try {
        read(body);
    } catch (const InvalidNotice& e) {
        return e.what();
    }
    return "accepted";
}

TEST(CalcomNotice, ABookingNamesItsUidTokenAttendeeTimeAndLength) {
    auto notice = readCalcomNotice(calendarFixture("calcom-booking-created.json"));
    EXPECT_EQ(notice.provider, CalendarProvider::CalCom);
    EXPECT_EQ(notice.kind, NoticeKind::Booked);
    EXPECT_EQ(notice.trigger, "BOOKING_CREATED");
    EXPECT_EQ(notice.bookingId, "bFJeNb2uX8ANpT3JL5EfXw");
    EXPECT_FALSE(notice.previousBookingId);
    EXPECT_EQ(notice.token, kFixtureToken);
    EXPECT_EQ(notice.attendeeEmail, "ada@engines.example");
    EXPECT_EQ(notice.scheduledAt, "2026-12-03T10:30:00Z");
    EXPECT_EQ(notice.durationMinutes, 45);
    EXPECT_EQ(notice.title, "Discovery call between Grace Hopper and Ada Lovelace");
}

TEST(CalcomNotice, ARescheduleNamesTheBookingItReplaces) {
    auto notice = readCalcomNotice(calendarFixture("calcom-booking-rescheduled.json"));
    EXPECT_EQ(notice.kind, NoticeKind::Rescheduled);
    EXPECT_EQ(notice.bookingId, "p6RCDmUpZ5jC8HH5QkbF2u");
    EXPECT_EQ(notice.previousBookingId, "bFJeNb2uX8ANpT3JL5EfXw");
    EXPECT_EQ(notice.scheduledAt, "2026-12-04T14:00:00Z");
    EXPECT_EQ(notice.durationMinutes, 30);
    EXPECT_FALSE(notice.token);  // Cal.com keeps only its own metadata on the new booking
}

TEST(CalcomNotice, ACancellationAndAPing) {
    auto cancelled = readCalcomNotice(calendarFixture("calcom-booking-cancelled.json"));
    EXPECT_EQ(cancelled.kind, NoticeKind::Cancelled);
    EXPECT_EQ(cancelled.bookingId, "p6RCDmUpZ5jC8HH5QkbF2u");
    EXPECT_FALSE(cancelled.partOfReschedule);
    auto ping = readCalcomNotice(calendarFixture("calcom-ping.json"));
    EXPECT_EQ(ping.kind, NoticeKind::Ignored);
    EXPECT_EQ(ping.trigger, "PING");
}

TEST(CalendlyNotice, ABookingNamesItsInviteeTokenAttendeeTimeAndLength) {
    auto notice = readCalendlyNotice(calendarFixture("calendly-invitee-created.json"));
    EXPECT_EQ(notice.provider, CalendarProvider::Calendly);
    EXPECT_EQ(notice.kind, NoticeKind::Booked);
    EXPECT_EQ(notice.bookingId, kFirstInvitee);
    EXPECT_EQ(notice.token, kFixtureToken);
    EXPECT_EQ(notice.attendeeEmail, "ada@engines.example");
    EXPECT_EQ(notice.scheduledAt, "2026-12-03T10:30:00Z");
    EXPECT_EQ(notice.durationMinutes, 45);
    EXPECT_EQ(notice.title, "Discovery call");
}

TEST(CalendlyNotice, ARescheduleIsACancellationThatChangesNothingAndABookingNamingTheOld) {
    auto cancel = readCalendlyNotice(calendarFixture("calendly-invitee-canceled-rescheduled.json"));
    EXPECT_EQ(cancel.kind, NoticeKind::Cancelled);
    EXPECT_TRUE(cancel.partOfReschedule);
    EXPECT_EQ(cancel.bookingId, kFirstInvitee);

    auto created = readCalendlyNotice(calendarFixture("calendly-invitee-created-rescheduled.json"));
    EXPECT_EQ(created.kind, NoticeKind::Rescheduled);
    EXPECT_EQ(created.bookingId, kSecondInvitee);
    EXPECT_EQ(created.previousBookingId, kFirstInvitee);
    // 15:00 at +01:00 is 14:00 UTC.
    EXPECT_EQ(created.scheduledAt, "2026-12-04T14:00:00Z");
    EXPECT_EQ(created.durationMinutes, 30);
}

TEST(CalendlyNotice, APlainCancellationAndAnEventWeDoNotActOn) {
    auto cancel = readCalendlyNotice(calendarFixture("calendly-invitee-canceled.json"));
    EXPECT_EQ(cancel.kind, NoticeKind::Cancelled);
    EXPECT_FALSE(cancel.partOfReschedule);
    EXPECT_EQ(cancel.bookingId, kSecondInvitee);
    auto noShow = readCalendlyNotice(calendarFixture("calendly-no-show.json"));
    EXPECT_EQ(noShow.kind, NoticeKind::Ignored);
    EXPECT_EQ(noShow.trigger, "invitee_no_show.created");
}

TEST(CalendarNotice, BodiesThatAreNotReportsAreRefusedByName) {
    EXPECT_THAT(invalidReason(readCalcomNotice, "not json"), HasSubstr("not valid JSON"));
    EXPECT_NE(invalidReason(readCalcomNotice, "not json"), "accepted");
    // The API's rules for client JSON: no key twice, no invalid UTF-8, short texts.
    EXPECT_THAT(invalidReason(readCalcomNotice, R"({"triggerEvent":"PING","triggerEvent":"x"})"),
                HasSubstr("triggerEvent"));
    EXPECT_NE(invalidReason(readCalcomNotice, "{\"triggerEvent\":\"\xff\"}"), "accepted");
    EXPECT_EQ(invalidReason(readCalcomNotice, R"({"triggerEvent":"BOOKING_CREATED","payload":)"
                                              R"({"uid":")" +
                                                  std::string(501, 'u') + R"("}})"),
              "payload.uid is longer than 500 characters");
    EXPECT_EQ(invalidReason(readCalcomNotice, "[1]"), "the body is not a JSON object");
    EXPECT_EQ(invalidReason(readCalcomNotice, "{}"), "triggerEvent is missing");
    EXPECT_EQ(invalidReason(readCalcomNotice, R"({"triggerEvent":"BOOKING_CREATED"})"),
              "payload is missing or not an object");
    EXPECT_EQ(invalidReason(readCalcomNotice,
                            R"({"triggerEvent":"BOOKING_CREATED","payload":{"uid":7}})"),
              "payload.uid is not text");
    EXPECT_EQ(invalidReason(readCalcomNotice, R"({"triggerEvent":"BOOKING_CREATED","payload":)"
                                              R"({"uid":"u1","startTime":"tomorrow",)"
                                              R"("endTime":"2026-12-01T10:00:00Z"}})"),
              "payload's start and end must be ISO 8601 times with a zone");
    EXPECT_EQ(invalidReason(readCalcomNotice, R"({"triggerEvent":"BOOKING_CREATED","payload":)"
                                              R"({"uid":"u1","startTime":"2026-12-01T10:00:00Z",)"
                                              R"("endTime":"2026-12-01T10:00:00Z"}})"),
              "payload lasts 0 minutes; a meeting lasts 1 to 1440");
    EXPECT_EQ(
        invalidReason(readCalendlyNotice,
                      R"({"event":"invitee.canceled","payload":{"uri":"x","rescheduled":"no"}})"),
        "payload.rescheduled is not true or false");
    EXPECT_EQ(
        invalidReason(readCalendlyNotice, R"({"event":"invitee.created","payload":{"uri":"x"}})"),
        "payload.scheduled_event is missing or not an object");
}

}  // namespace
}  // namespace lodestone::outreach::calendar
