// bookMeeting and its webhook payload: one transaction records the meeting, the prospect's new
// status and the outbox event.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "outreach/Meetings.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "unit/storage/ProspectStoreFixture.hpp"

using namespace lodestone;
using namespace lodestone::outreach;
using domain::ProspectStatus;
using ::testing::ElementsAre;

namespace {

std::string text(const Poco::JSON::Object::Ptr& json) {
    std::ostringstream out;
    json->stringify(out);
    return out.str();
}

MeetingRequest byId(const std::string& prospectId, std::optional<std::string> externalId) {
    return {prospectId,  std::nullopt, "2026-12-01T15:00:00Z",
            30,          "Intro call", std::move(externalId),
            std::nullopt};
}

MeetingRequest byEmail(const std::string& emailKey, std::optional<std::string> externalId) {
    return {std::nullopt,          emailKey,    "2026-12-02T09:30:00Z", 45, "Demo",
            std::move(externalId), std::nullopt};
}

class BookMeeting : public storage::test::ProspectStoreFixture {
  protected:
    void SetUp() override {
        ProspectStoreFixture::SetUp();
        ann_ = add(campaign_, "Ann@Initech.com", ProspectStatus::Qualified);
    }

    BookedMeeting book(const MeetingRequest& request, domain::Timestamp now = kT0 + 100) {
        return store_->write(
            [&](storage::Repositories& r) { return bookMeeting(r, campaign_, request, now); });
    }

    // Oldest first.
    std::vector<domain::WebhookDelivery> outbox() {
        storage::DeliveryFilter campaignOnly;
        campaignOnly.campaignId = campaign_.id;
        auto events = store_->read(
            [&](storage::Repositories& r) { return r.webhookDeliveries().list(campaignOnly); });
        std::reverse(events.begin(), events.end());
        return events;
    }

    std::int64_t meetings() { return count("SELECT COUNT(*) FROM meetings"); }

    domain::Prospect ann_;
};

}  // namespace

TEST_F(BookMeeting, RecordsTheMeetingMovesTheProspectAndWritesTheEvent) {
    auto booked = book(byId(ann_.id, "cal-1"));
    EXPECT_TRUE(booked.created);
    EXPECT_TRUE(domain::looksLikeId(domain::IdKind::Meeting, booked.meeting.id));
    EXPECT_EQ(booked.meeting.campaignId, campaign_.id);
    EXPECT_EQ(booked.meeting.prospectId, ann_.id);
    EXPECT_EQ(booked.meeting.externalId, "cal-1");
    EXPECT_EQ(booked.meeting.scheduledAt, "2026-12-01T15:00:00Z");
    EXPECT_EQ(booked.meeting.durationMinutes, 30);
    EXPECT_EQ(booked.meeting.createdAt, kT0 + 100);
    EXPECT_EQ(booked.prospect.status, ProspectStatus::MeetingBooked);
    EXPECT_EQ(findProspect(ann_.id).status, ProspectStatus::MeetingBooked);
    EXPECT_EQ(findProspect(ann_.id).updatedAt, kT0 + 100);

    auto entries = history(ann_.id);
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[1].status, ProspectStatus::MeetingBooked);
    EXPECT_EQ(entries[1].detail, "meeting " + booked.meeting.id + " at 2026-12-01T15:00:00Z");

    auto events = outbox();
    ASSERT_EQ(events.size(), 1u);
    EXPECT_TRUE(domain::looksLikeId(domain::IdKind::WebhookEvent, events[0].id));
    EXPECT_EQ(events[0].organisationId, org_.id);
    EXPECT_EQ(events[0].event, "meeting_booked");
    EXPECT_EQ(events[0].createdAt, kT0 + 100);
    EXPECT_EQ(events[0].payloadJson,
              text(meetingBookedPayload(campaign_, booked.prospect, booked.meeting)));
}

TEST_F(BookMeeting, FindsTheProspectByEmail) {
    auto booked = book(byEmail("ann@initech.com", std::nullopt));
    EXPECT_TRUE(booked.created);
    EXPECT_EQ(booked.meeting.prospectId, ann_.id);
    EXPECT_FALSE(booked.meeting.externalId);
    EXPECT_EQ(booked.meeting.durationMinutes, 45);
    // Both, naming the same prospect, are fine too.
    MeetingRequest both = byId(ann_.id, "cal-2");
    both.emailKey = "ann@initech.com";
    EXPECT_EQ(book(both).meeting.prospectId, ann_.id);
    EXPECT_EQ(meetings(), 2);
}

TEST_F(BookMeeting, IdAndEmailOfDifferentProspectsAreInvalid) {
    auto bob = add(campaign_, "bob@initech.com");
    MeetingRequest both = byId(ann_.id, "cal-1");
    both.emailKey = "bob@initech.com";
    try {
        book(both);
        FAIL() << "expected InvalidMeeting";
    } catch (const InvalidMeeting& e) {
        EXPECT_THAT(e.invalidFields(), ElementsAre("prospectId", "email"));
        EXPECT_TRUE(e.missingFields().empty());
    }
    EXPECT_EQ(meetings(), 0);
    EXPECT_TRUE(outbox().empty());
    EXPECT_EQ(findProspect(bob.id).status, ProspectStatus::Queued);
}

TEST_F(BookMeeting, AProspectOfAnotherCampaignIsNotFound) {
    auto elsewhere = add(other_, "carl@initech.com");
    EXPECT_THROW(book(byId(elsewhere.id, "cal-1")), ProspectNotFound);
    EXPECT_THROW(book(byEmail("carl@initech.com", "cal-1")), ProspectNotFound);
    EXPECT_THROW(book(byId("prs_missing", std::nullopt)), ProspectNotFound);
    EXPECT_THROW(book(byEmail("nobody@initech.com", std::nullopt)), ProspectNotFound);
    EXPECT_EQ(meetings(), 0);
    EXPECT_EQ(findProspect(elsewhere.id).status, ProspectStatus::Queued);
}

TEST_F(BookMeeting, ARepeatOfAKnownExternalIdChangesNothing) {
    auto first = book(byId(ann_.id, "cal-1"), kT0 + 100);
    auto again = byId(ann_.id, "cal-1");
    again.prospectId.reset();
    again.emailKey = "ann@initech.com";  // the same prospect, named by email this time
    auto repeat = book(again, kT0 + 200);
    EXPECT_FALSE(repeat.created);
    EXPECT_EQ(repeat.meeting.id, first.meeting.id);
    EXPECT_EQ(repeat.meeting.scheduledAt, "2026-12-01T15:00:00Z");
    EXPECT_EQ(repeat.meeting.createdAt, kT0 + 100);
    EXPECT_EQ(repeat.prospect.id, ann_.id);
    EXPECT_EQ(repeat.prospect.status, ProspectStatus::MeetingBooked);
    EXPECT_EQ(meetings(), 1);
    EXPECT_EQ(outbox().size(), 1u);
    EXPECT_EQ(history(ann_.id).size(), 2u);
    EXPECT_EQ(findProspect(ann_.id).updatedAt, kT0 + 100);
}

TEST_F(BookMeeting, AKnownExternalIdWithOtherDetailsIsAConflict) {
    auto first = book(byId(ann_.id, "cal-1"), kT0 + 100);
    auto moved = byId(ann_.id, "cal-1");
    moved.scheduledAt = "2026-12-01T16:00:00Z";
    try {
        book(moved, kT0 + 200);
        FAIL() << "a different booking under a known externalId was accepted";
    } catch (const MeetingConflict& e) {
        EXPECT_EQ(e.meetingId(), first.meeting.id);
    }
    EXPECT_THROW(book(byEmail("ann@initech.com", "cal-1"), kT0 + 300), MeetingConflict);
    EXPECT_EQ(meetings(), 1);
    EXPECT_EQ(outbox().size(), 1u);
}

TEST_F(BookMeeting, ASecondDifferentBookingIsASecondEvent) {
    auto first = book(byId(ann_.id, "cal-1"), kT0 + 100);
    auto second = book(byId(ann_.id, "cal-2"), kT0 + 200);
    EXPECT_TRUE(second.created);
    EXPECT_NE(second.meeting.id, first.meeting.id);
    EXPECT_EQ(second.prospect.status, ProspectStatus::MeetingBooked);
    auto third = book(byId(ann_.id, std::nullopt), kT0 + 300);
    EXPECT_TRUE(third.created);
    EXPECT_EQ(meetings(), 3);
    auto events = outbox();
    ASSERT_EQ(events.size(), 3u);
    EXPECT_NE(events[0].id, events[1].id);
    EXPECT_NE(events[1].payloadJson.find(second.meeting.id), std::string::npos);
    // Already booked: no further history entries.
    EXPECT_EQ(history(ann_.id).size(), 2u);
}

TEST_F(BookMeeting, ABookingMovesAProspectFromAnyStatus) {
    for (auto status : {ProspectStatus::Disqualified, ProspectStatus::Failed,
                        ProspectStatus::Researching, ProspectStatus::Unsubscribed}) {
        auto p =
            add(campaign_, "p" + std::to_string(static_cast<int>(status)) + "@initech.com", status);
        auto booked = book(byId(p.id, std::nullopt));
        EXPECT_EQ(booked.prospect.status, ProspectStatus::MeetingBooked) << toString(status);
        EXPECT_EQ(findProspect(p.id).status, ProspectStatus::MeetingBooked) << toString(status);
    }
}

TEST_F(BookMeeting, PayloadIsTheSpecsShape) {
    domain::Meeting meeting{"meeting_1", campaign_.id,     ann_.id, "cal-1", "2026-12-01T15:00:00Z",
                            30,          "Intro \"call\"", kT0};
    auto prospect = ann_;
    prospect.id = "prospect_1";
    EXPECT_EQ(text(meetingBookedPayload(campaign_, prospect, meeting)),
              R"({"event":"meeting_booked","campaignId":")" + campaign_.id +
                  R"(","prospect":{"id":"prospect_1","companyName":"Initech",)"
                  R"("contactName":"Ann Lee","email":"Ann@Initech.com","title":""},)"
                  R"("meeting":{"id":"meeting_1","scheduledAt":"2026-12-01T15:00:00Z",)"
                  R"("duration":30,"title":"Intro \"call\""}})");
    prospect.title = "CTO";
    EXPECT_NE(text(meetingBookedPayload(campaign_, prospect, meeting)).find(R"("title":"CTO")"),
              std::string::npos);
}

TEST_F(BookMeeting, MeetingProspectAndEventAreOneTransaction) {
    const auto before = findProspect(ann_.id);
    EXPECT_THROW(store_->write([&](storage::Repositories& r) {
        EXPECT_TRUE(bookMeeting(r, campaign_, byId(ann_.id, "cal-1"), kT0 + 100).created);
        throw std::runtime_error("the request failed later");
    }),
                 std::runtime_error);
    EXPECT_EQ(meetings(), 0);
    EXPECT_TRUE(outbox().empty());
    EXPECT_EQ(count("SELECT COUNT(*) FROM webhook_outbox"), 0);
    const auto after = findProspect(ann_.id);
    EXPECT_EQ(after.status, ProspectStatus::Qualified);
    EXPECT_EQ(after.updatedAt, before.updatedAt);
    EXPECT_EQ(history(ann_.id).size(), 1u);

    // Nothing half-written stands in the way: the same booking goes through afterwards.
    auto booked = book(byId(ann_.id, "cal-1"));
    EXPECT_TRUE(booked.created);
    EXPECT_EQ(meetings(), 1);
    EXPECT_EQ(outbox().size(), 1u);
}
