// The lifecycle events outreach publishes in the transaction of what happened: a prospect
// added, a meeting booked or cancelled, a reply, an unsubscribe, a bounce; each once.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "../calendar/CalendarFixtures.hpp"
#include "events/LifecycleEvents.hpp"
#include "outreach/CalendarBookings.hpp"
#include "outreach/CampaignLeads.hpp"
#include "outreach/Meetings.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "unit/events/EndpointStoreFixture.hpp"

namespace lodestone::outreach {
namespace {

using domain::ProspectStatus;
using ::testing::ElementsAre;

class ProspectEvents : public events::test::EndpointStoreFixture {
  protected:
    void SetUp() override {
        EndpointStoreFixture::SetUp();
        endpoint_ = subscribe(events::eventTypes());
    }

    template <typename Action>
    void now(Action&& action) {
        store_->write([&](storage::Repositories& r) { action(r); });
    }

    domain::WebhookEndpoint endpoint_;
};

}  // namespace

TEST_F(ProspectEvents, AddingAProspectIsLeadCreated) {
    CampaignLead lead;
    lead.companyName = "Initech";
    lead.contactName = "Ann Lee";
    lead.email = lead.emailKey = "ann@initech.com";
    lead.stored = new Poco::JSON::Object();
    now([&](storage::Repositories& r) { addProspect(r, campaign_, lead, 3, kT0 + 1); });
    auto deliveries = deliveriesTo(endpoint_.id);
    ASSERT_EQ(deliveries.size(), 1u);
    EXPECT_EQ(deliveries[0].event, "lead.created");
    auto payload = payloadOf(deliveries[0]);
    EXPECT_EQ(payload->getValue<std::string>("campaignId"), campaign_.id);
    EXPECT_EQ(payload->getObject("prospect")->getValue<std::string>("status"), "queued");
}

TEST_F(ProspectEvents, ARepliedUnsubscribedOrBouncedProspectIsToldOnce) {
    auto ann = add(campaign_, "ann@initech.com", ProspectStatus::InSequence);
    auto bob = add(campaign_, "bob@initech.com", ProspectStatus::InSequence);
    auto cy = add(campaign_, "cy@initech.com", ProspectStatus::Qualified);
    now([&](storage::Repositories& r) {
        stopSequence(r, ann, ProspectStatus::Replied, "a reply", kT0 + 1);
        unsubscribe(r, bob, "the unsubscribe link", kT0 + 2);
        bounce(r, cy, "550 no such user", kT0 + 3);
    });
    // Again: nothing changes, nothing more is told.
    now([&](storage::Repositories& r) {
        stopSequence(r, ann, ProspectStatus::Replied, "a reply", kT0 + 4);
        unsubscribe(r, bob, "the unsubscribe link", kT0 + 5);
    });
    EXPECT_THAT(typesTo(endpoint_.id),
                ElementsAre("prospect.replied", "prospect.unsubscribed", "email.bounced"));
    auto bounced = payloadOf(deliveriesTo(endpoint_.id)[2]);
    EXPECT_EQ(bounced->getValue<std::string>("detail"), "550 no such user");
    EXPECT_EQ(bounced->getObject("prospect")->getValue<std::string>("status"), "bounced");
}

TEST_F(ProspectEvents, ABookedMeetingReachesEndpointsWithTheSpecsPayload) {
    auto ann = add(campaign_, "ann@initech.com", ProspectStatus::InSequence);
    MeetingRequest request{ann.id,       std::nullopt, "2026-12-01T15:00:00Z", 30, "Intro call",
                           std::nullopt, std::nullopt};
    now([&](storage::Repositories& r) { bookMeeting(r, campaign_, request, kT0 + 1); });
    auto toEndpoint = deliveriesTo(endpoint_.id);
    ASSERT_EQ(toEndpoint.size(), 1u);
    storage::DeliveryFilter ofCampaign;
    ofCampaign.campaignId = campaign_.id;
    auto toCampaign = store_->read(
        [&](storage::Repositories& r) { return r.webhookDeliveries().list(ofCampaign); });
    ASSERT_EQ(toCampaign.size(), 1u);
    EXPECT_EQ(toEndpoint[0].event, "meeting_booked");
    EXPECT_EQ(toEndpoint[0].payloadJson, toCampaign[0].payloadJson);
    EXPECT_NE(toEndpoint[0].id, toCampaign[0].id);
}

TEST_F(ProspectEvents, ACancelledCalendarBookingIsMeetingCancelledOnce) {
    auto ada = prospect(campaign_, "ada@engines.example");
    ada.bookingToken = lodestone::test::kFixtureToken;
    now([&](storage::Repositories& r) { r.prospects().insert(ada); });
    auto notice =
        calendar::readCalcomNotice(lodestone::test::calendarFixture("calcom-booking-created.json"));
    auto cancel = notice;
    cancel.kind = calendar::NoticeKind::Cancelled;
    now([&](storage::Repositories& r) {
        applyCalendarNotice(r, campaign_, notice, kT0 + 1);
        applyCalendarNotice(r, campaign_, cancel, kT0 + 2);
        applyCalendarNotice(r, campaign_, cancel, kT0 + 3);
    });
    EXPECT_THAT(typesTo(endpoint_.id), ElementsAre("meeting_booked", "meeting_cancelled"));
    auto cancelled = payloadOf(deliveriesTo(endpoint_.id)[1]);
    EXPECT_EQ(cancelled->getObject("meeting")->getValue<std::string>("source"), "calcom");
    EXPECT_EQ(cancelled->getObject("prospect")->getValue<std::string>("id"), ada.id);
}

}  // namespace lodestone::outreach
