// applyCalendarNotice: what Cal.com's and Calendly's reports (the fixtures of
// tests/unit/outreach/calendar) do to a campaign's meetings, in the order calendars send them
// and out of it.
#include <gtest/gtest.h>

#include "../calendar/CalendarFixtures.hpp"
#include "outreach/CalendarBookings.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/MeetingRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "unit/storage/ProspectStoreFixture.hpp"

namespace lodestone::outreach {
namespace {

using calendar::CalendarNotice;
using domain::ProspectStatus;
using test::calendarFixture;

CalendarNotice calcom(const std::string& fixture) {
    return calendar::readCalcomNotice(calendarFixture(fixture));
}
CalendarNotice calendly(const std::string& fixture) {
    return calendar::readCalendlyNotice(calendarFixture(fixture));
}

class CalendarBookings : public storage::test::ProspectStoreFixture {
  protected:
    void SetUp() override {
        ProspectStoreFixture::SetUp();
        auto ada = prospect(campaign_, "Ada@Engines.example");
        ada.bookingToken = test::kFixtureToken;
        ada.status = ProspectStatus::InSequence;
        store_->write([&](storage::Repositories& r) { r.prospects().insert(ada); });
        ada_ = ada;
    }

    BookingResult apply(const CalendarNotice& notice, domain::Timestamp now = kT0 + 100) {
        return store_->write([&](storage::Repositories& r) {
            return applyCalendarNotice(r, campaign_, notice, now);
        });
    }

    domain::Meeting meeting(const std::string& id) {
        return *store_->read([&](storage::Repositories& r) { return r.meetings().find(id); });
    }

    std::int64_t meetings() { return count("SELECT COUNT(*) FROM meetings"); }
    std::int64_t events() { return count("SELECT COUNT(*) FROM webhook_outbox"); }

    domain::Prospect ada_;
};

}  // namespace

TEST_F(CalendarBookings, ABookingCarryingTheTokenIsTheProspectsMeetingWithOneEvent) {
    auto result = apply(calcom("calcom-booking-created.json"));
    ASSERT_EQ(result.outcome, BookingOutcome::Booked);
    ASSERT_TRUE(result.meeting);
    EXPECT_EQ(result.meeting->prospectId, ada_.id);
    EXPECT_EQ(result.meeting->source, "calcom");
    EXPECT_EQ(result.meeting->externalId, "calcom:bFJeNb2uX8ANpT3JL5EfXw");
    EXPECT_EQ(result.meeting->scheduledAt, "2026-12-03T10:30:00Z");
    EXPECT_EQ(result.meeting->durationMinutes, 45);
    EXPECT_FALSE(result.meeting->cancelledAt);
    EXPECT_EQ(findProspect(ada_.id).status, ProspectStatus::MeetingBooked);
    EXPECT_EQ(count("SELECT COUNT(*) FROM webhook_outbox WHERE event = 'meeting_booked'"), 1);
}

TEST_F(CalendarBookings, TheSameBookingTwiceIsOneMeetingAndOneEvent) {
    auto first = apply(calendly("calendly-invitee-created.json"));
    auto second = apply(calendly("calendly-invitee-created.json"), kT0 + 200);
    EXPECT_EQ(first.outcome, BookingOutcome::Booked);
    EXPECT_EQ(second.outcome, BookingOutcome::Repeat);
    EXPECT_EQ(second.meeting->id, first.meeting->id);
    EXPECT_EQ(meetings(), 1);
    EXPECT_EQ(events(), 1);
}

TEST_F(CalendarBookings, WithoutAKnownTokenTheAttendeesEmailFindsTheProspect) {
    auto notice = calcom("calcom-booking-created.json");
    notice.token.reset();
    EXPECT_EQ(apply(notice).meeting->prospectId, ada_.id);

    // A token of another campaign's prospect does not count; the email still does.
    auto elsewhere = add(other_, "someone@else.example");
    auto second = calendly("calendly-invitee-created.json");
    second.token = elsewhere.bookingToken;
    EXPECT_EQ(apply(second).meeting->prospectId, ada_.id);
}

TEST_F(CalendarBookings, AnUnknownAttendeeIsAcceptedAndRecordsNothing) {
    auto notice = calcom("calcom-booking-created.json");
    notice.token = "no-such-token";
    notice.attendeeEmail = "stranger@nowhere.example";
    auto result = apply(notice);
    EXPECT_EQ(result.outcome, BookingOutcome::Unmatched);
    EXPECT_FALSE(result.meeting);
    EXPECT_EQ(meetings(), 0);
    EXPECT_EQ(events(), 0);
    EXPECT_EQ(findProspect(ada_.id).status, ProspectStatus::InSequence);
}

TEST_F(CalendarBookings, CalcomRescheduleMovesTheMeetingAndALateRepeatDoesNotMoveItBack) {
    auto booked = apply(calcom("calcom-booking-created.json"));
    auto moved = apply(calcom("calcom-booking-rescheduled.json"), kT0 + 200);
    ASSERT_EQ(moved.outcome, BookingOutcome::Rescheduled);
    EXPECT_EQ(moved.meeting->id, booked.meeting->id);
    EXPECT_EQ(moved.meeting->scheduledAt, "2026-12-04T14:00:00Z");
    EXPECT_EQ(moved.meeting->durationMinutes, 30);
    EXPECT_EQ(moved.meeting->updatedAt, kT0 + 200);

    EXPECT_EQ(apply(calcom("calcom-booking-created.json"), kT0 + 300).outcome,
              BookingOutcome::Repeat);
    EXPECT_EQ(apply(calcom("calcom-booking-rescheduled.json"), kT0 + 300).outcome,
              BookingOutcome::Repeat);
    EXPECT_EQ(meeting(booked.meeting->id).scheduledAt, "2026-12-04T14:00:00Z");
    EXPECT_EQ(meetings(), 1);
    EXPECT_EQ(events(), 1);  // one meeting_booked, none for the move
}

TEST_F(CalendarBookings, CancellingByTheNewBookingIdMarksTheMeetingOnce) {
    auto booked = apply(calcom("calcom-booking-created.json"));
    apply(calcom("calcom-booking-rescheduled.json"), kT0 + 200);
    auto cancelled = apply(calcom("calcom-booking-cancelled.json"), kT0 + 300);
    ASSERT_EQ(cancelled.outcome, BookingOutcome::Cancelled);
    EXPECT_EQ(cancelled.meeting->id, booked.meeting->id);
    EXPECT_EQ(cancelled.meeting->cancelledAt, kT0 + 300);
    auto again = apply(calcom("calcom-booking-cancelled.json"), kT0 + 400);
    EXPECT_EQ(again.outcome, BookingOutcome::AlreadyCancelled);
    EXPECT_EQ(again.meeting->cancelledAt, kT0 + 300);
    // The prospect keeps meeting_booked: what follows a cancelled meeting is the campaign
    // owner's call, not a restarted sequence.
    EXPECT_EQ(findProspect(ada_.id).status, ProspectStatus::MeetingBooked);
}

TEST_F(CalendarBookings, ACancellationOfABookingNeverRecordedChangesNothing) {
    EXPECT_EQ(apply(calcom("calcom-booking-cancelled.json")).outcome,
              BookingOutcome::UnknownBooking);
    EXPECT_EQ(meetings(), 0);
}

TEST_F(CalendarBookings, CalendlyRescheduleInEitherOrderMovesTheOneMeeting) {
    for (bool cancelFirst : {true, false}) {
        SCOPED_TRACE(cancelFirst ? "cancel first" : "create first");
        auto booked = apply(calendly("calendly-invitee-created.json"));
        ASSERT_TRUE(booked.meeting);
        const auto half = calendly("calendly-invitee-canceled-rescheduled.json");
        const auto create = calendly("calendly-invitee-created-rescheduled.json");
        if (cancelFirst) {
            EXPECT_EQ(apply(half).outcome, BookingOutcome::Ignored);
        }
        auto moved = apply(create, kT0 + 200);
        EXPECT_EQ(moved.outcome, BookingOutcome::Rescheduled);
        if (!cancelFirst) {
            EXPECT_EQ(apply(half).outcome, BookingOutcome::Ignored);
        }
        auto now = meeting(booked.meeting->id);
        EXPECT_EQ(now.scheduledAt, "2026-12-04T14:00:00Z");
        EXPECT_FALSE(now.cancelledAt);
        EXPECT_EQ(apply(calendly("calendly-invitee-canceled.json"), kT0 + 300).outcome,
                  BookingOutcome::Cancelled);
        // For the second round, a campaign of its own.
        campaign_ = campaign(cancelFirst ? "Round two" : "Round three");
        store_->write([&](storage::Repositories& r) {
            r.campaigns().insert(campaign_);
            auto ada = prospect(campaign_, "ada@engines.example");
            ada.bookingToken = std::string(test::kFixtureToken) + (cancelFirst ? "b" : "c");
            r.prospects().insert(ada);
        });
    }
}

TEST_F(CalendarBookings, ARescheduleOfACancelledMeetingPutsItBackOn) {
    auto booked = apply(calcom("calcom-booking-created.json"));
    auto cancel = calcom("calcom-booking-cancelled.json");
    cancel.bookingId = "bFJeNb2uX8ANpT3JL5EfXw";
    EXPECT_EQ(apply(cancel).outcome, BookingOutcome::Cancelled);
    auto moved = apply(calcom("calcom-booking-rescheduled.json"), kT0 + 500);
    EXPECT_EQ(moved.outcome, BookingOutcome::Rescheduled);
    EXPECT_FALSE(meeting(booked.meeting->id).cancelledAt);
}

TEST_F(CalendarBookings, ACancellationBeforeItsBookingMeansTheBookingRecordsNothing) {
    auto cancel = calcom("calcom-booking-created.json");
    cancel.kind = calendar::NoticeKind::Cancelled;
    EXPECT_EQ(apply(cancel).outcome, BookingOutcome::UnknownBooking);
    EXPECT_EQ(apply(cancel).outcome, BookingOutcome::UnknownBooking);  // a repeat changes nothing
    auto late = apply(calcom("calcom-booking-created.json"), kT0 + 200);
    EXPECT_EQ(late.outcome, BookingOutcome::AlreadyCancelled);
    EXPECT_FALSE(late.meeting);
    EXPECT_EQ(meetings(), 0);
    EXPECT_EQ(events(), 0);
    EXPECT_EQ(findProspect(ada_.id).status, ProspectStatus::InSequence);
}

TEST_F(CalendarBookings, ARescheduleBeforeItsOriginalIsOneMeetingTheOriginalRepeats) {
    auto moved = apply(calendly("calendly-invitee-created-rescheduled.json"));
    ASSERT_EQ(moved.outcome, BookingOutcome::Booked);
    EXPECT_EQ(moved.meeting->scheduledAt, "2026-12-04T14:00:00Z");
    auto original = apply(calendly("calendly-invitee-created.json"), kT0 + 200);
    EXPECT_EQ(original.outcome, BookingOutcome::Repeat);
    EXPECT_EQ(original.meeting->id, moved.meeting->id);
    EXPECT_EQ(meeting(moved.meeting->id).scheduledAt, "2026-12-04T14:00:00Z");
    EXPECT_EQ(meetings(), 1);
    EXPECT_EQ(events(), 1);
}

TEST_F(CalendarBookings, EventsWeDoNotActOnChangeNothing) {
    EXPECT_EQ(apply(calcom("calcom-ping.json")).outcome, BookingOutcome::Ignored);
    EXPECT_EQ(apply(calendly("calendly-no-show.json")).outcome, BookingOutcome::Ignored);
    EXPECT_EQ(meetings(), 0);
}

}  // namespace lodestone::outreach
