// events::publish: one outbox row per enabled endpoint subscribed to the type (and, when it is
// restricted to a project, about that project), with the documented payload.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "EndpointStoreFixture.hpp"
#include "domain/JsonValues.hpp"
#include "events/EventSubjects.hpp"
#include "events/LifecycleEvents.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/WebhookEndpointRepository.hpp"

namespace lodestone::events {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

class LifecycleEvents : public test::EndpointStoreFixture {
  protected:
    int publishAt(const LifecycleEvent& event, domain::Timestamp at = kT0 + 5) {
        return store_->write([&](storage::Repositories& r) { return publish(r, event, at); });
    }

    domain::Lead lead() const {
        domain::Lead lead;
        lead.id = "lead_0123456789abcdefghijklmn";
        lead.organisationId = org_.id;
        lead.projectId = project_.id;
        lead.email = "ada@engines.example";
        lead.leadMagnetUrl = "https://go.example/m/lead_0123456789abcdefghijklmn";
        return lead;
    }
};

}  // namespace

TEST_F(LifecycleEvents, EveryDocumentedTypeIsKnownAndNothingElse) {
    EXPECT_EQ(eventTypes().size(), 14u);
    for (const auto& type : eventTypes()) EXPECT_TRUE(isEventType(type)) << type;
    EXPECT_FALSE(isEventType("test"));
    EXPECT_FALSE(isEventType("lead.*"));
    EXPECT_FALSE(isEventType(""));
}

TEST_F(LifecycleEvents, OnlySubscribedEnabledEndpointsOfTheOrganisationGetARowEach) {
    auto ann = add(campaign_, "ann@initech.com", domain::ProspectStatus::Qualified);
    auto both = subscribe({"prospect.qualified", "email.sent"});
    auto other = subscribe({"email.sent"});
    auto gone = subscribe({"prospect.qualified"});
    store_->write(
        [&](storage::Repositories& r) { r.webhookEndpoints().disable(gone.id, kT0 + 1); });

    EXPECT_EQ(publishAt(prospectEvent("prospect.qualified", ann)), 1);
    EXPECT_THAT(typesTo(both.id), ElementsAre("prospect.qualified"));
    EXPECT_THAT(typesTo(other.id), IsEmpty());
    EXPECT_THAT(typesTo(gone.id), IsEmpty());
    // With nobody subscribed, nothing is written at all.
    EXPECT_EQ(publishAt(prospectEvent("prospect.replied", ann)), 0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM webhook_outbox"), 1);
}

TEST_F(LifecycleEvents, EachEndpointGetsItsOwnDeliveryOfOneOccurrence) {
    auto first = subscribe({"lead.created"});
    auto second = subscribe({"lead.created"});
    EXPECT_EQ(publishAt(leadEvent("lead.created", lead(), "job_1")), 2);
    auto a = deliveriesTo(first.id), b = deliveriesTo(second.id);
    ASSERT_EQ(a.size(), 1u);
    ASSERT_EQ(b.size(), 1u);
    EXPECT_NE(a[0].id, b[0].id);  // each its own webhook-id, stable across its retries
    EXPECT_EQ(a[0].payloadJson, b[0].payloadJson);
    EXPECT_FALSE(a[0].campaignId);
    EXPECT_EQ(a[0].endpointId, first.id);
}

TEST_F(LifecycleEvents, AProjectsEndpointHearsOnlyThatProjectsLeads) {
    auto projectOnly = subscribe({"lead.created"}, project_.id);
    auto another = project_;
    another.id = domain::newId(domain::IdKind::Project);
    another.name = "Other guides";
    store_->write([&](storage::Repositories& r) { r.projects().insert(another); });
    auto elsewhere = subscribe({"lead.created"}, another.id);
    auto everything = subscribe({"lead.created"});
    publishAt(leadEvent("lead.created", lead(), "job_1"));
    publishAt(prospectEvent("lead.created", add(campaign_, "ann@initech.com")));
    EXPECT_EQ(deliveriesTo(projectOnly.id).size(), 1u);
    EXPECT_EQ(deliveriesTo(elsewhere.id).size(), 0u);
    EXPECT_EQ(deliveriesTo(everything.id).size(), 2u);
}

TEST_F(LifecycleEvents, APayloadNamesTheEventWhenAndWhoThenItsSubject) {
    auto endpoint = subscribe({"prospect.qualified", "magnet.generated"});
    auto ann = add(campaign_, "Ann@Initech.com", domain::ProspectStatus::Qualified);
    auto extra = domain::orderedObject();
    extra->set("reason", "at or above the campaign's threshold");
    publishAt(prospectEvent("prospect.qualified", ann, extra), 1'795'000'000'123);
    publishAt(leadEvent("magnet.generated", lead(), "job_1"), 1'795'000'000'456);
    auto deliveries = deliveriesTo(endpoint.id);
    ASSERT_EQ(deliveries.size(), 2u);
    EXPECT_EQ(deliveries[0].payloadJson,
              R"({"event":"prospect.qualified","occurredAt":"2026-11-18T11:06:40.123Z",)"
              R"("organisationId":")" +
                  org_.id + R"(","campaignId":")" + campaign_.id + R"(","prospect":{"id":")" +
                  ann.id + R"(","campaignId":")" + campaign_.id +
                  R"(","companyName":"Initech","contactName":"Ann Lee","email":"Ann@Initech.com",)"
                  R"("title":null,"status":"qualified","score":null},)"
                  R"("reason":"at or above the campaign's threshold"})");
    EXPECT_EQ(deliveries[1].payloadJson,
              R"({"event":"magnet.generated","occurredAt":"2026-11-18T11:06:40.456Z",)"
              R"("organisationId":")" +
                  org_.id + R"(","projectId":")" + project_.id +
                  R"(","lead":{"id":"lead_0123456789abcdefghijklmn","projectId":")" + project_.id +
                  R"(","email":"ada@engines.example",)"
                  R"("leadMagnetUrl":"https://go.example/m/lead_0123456789abcdefghijklmn"},)"
                  R"("jobId":"job_1"})");
}

TEST_F(LifecycleEvents, AnExactPayloadIsSentAsItIs) {
    auto endpoint = subscribe({"meeting_booked"});
    LifecycleEvent event{"meeting_booked", org_.id, std::nullopt, nullptr};
    event.exactPayload = domain::orderedObject();
    event.exactPayload->set("event", "meeting_booked");
    event.exactPayload->set("campaignId", campaign_.id);
    publishAt(event);
    ASSERT_EQ(deliveriesTo(endpoint.id).size(), 1u);
    EXPECT_EQ(deliveriesTo(endpoint.id)[0].payloadJson,
              R"({"event":"meeting_booked","campaignId":")" + campaign_.id + R"("})");
}

TEST_F(LifecycleEvents, PublishingAboutSomethingGoneWritesNothing) {
    subscribe({"research.completed"});
    store_->write([&](storage::Repositories& r) {
        publishAboutProspect(r, "research.completed", "prospect_nope", kT0);
        publishAboutLead(r, "research.completed", "lead_nope", std::nullopt, kT0);
    });
    EXPECT_EQ(count("SELECT COUNT(*) FROM webhook_outbox"), 0);
}

}  // namespace lodestone::events
