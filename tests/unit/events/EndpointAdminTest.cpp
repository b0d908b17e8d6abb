// admin::createEndpoint and deleteEndpoint: what an operator may subscribe, and what deleting
// one does.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "EndpointStoreFixture.hpp"
#include "admin/Administration.hpp"
#include "admin/WebhookEndpoints.hpp"
#include "storage/StorageError.hpp"
#include "storage/WebhookEndpointRepository.hpp"

namespace lodestone::admin {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

class EndpointAdmin : public events::test::EndpointStoreFixture {
  protected:
    domain::WebhookEndpoint create(EndpointDraft draft) {
        return store_->write(
            [&](storage::Repositories& r) { return createEndpoint(r, draft, kT0 + 1); });
    }
    std::string refusal(EndpointDraft draft) {
        try {
            create(std::move(draft));
        } catch (const InvalidRequest& e) {
            return e.what();
        }
        return "accepted";
    }
    EndpointDraft draft(std::string events) const {
        return {org_.id, std::nullopt, "https://hooks.acme.example/events", std::move(events),
                std::nullopt};
    }
};

}  // namespace

TEST_F(EndpointAdmin, MakesAnEndpointWithItsOwnSecretAndSortedTypes) {
    auto endpoint = create(draft(" email.sent, lead.created,email.sent "));
    EXPECT_TRUE(domain::looksLikeId(domain::IdKind::WebhookEndpoint, endpoint.id));
    EXPECT_TRUE(endpoint.secret.starts_with("whsec_"));
    EXPECT_THAT(endpoint.events, ElementsAre("email.sent", "lead.created"));
    EXPECT_FALSE(endpoint.retryDelaysMs);
    auto stored = *store_->read(
        [&](storage::Repositories& r) { return r.webhookEndpoints().find(endpoint.id); });
    EXPECT_EQ(stored.secret, endpoint.secret);
    EXPECT_THAT(stored.events, ElementsAre("email.sent", "lead.created"));

    auto withSchedule = draft("magnet.viewed");
    withSchedule.retrySchedule = "200ms,1m, 2h";
    withSchedule.projectId = project_.id;
    auto scheduled = create(withSchedule);
    ASSERT_TRUE(scheduled.retryDelaysMs);
    EXPECT_THAT(*scheduled.retryDelaysMs, ElementsAre(200, 60'000, 7'200'000));
    auto reread = *store_->read(
        [&](storage::Repositories& r) { return r.webhookEndpoints().find(scheduled.id); });
    EXPECT_THAT(*reread.retryDelaysMs, ElementsAre(200, 60'000, 7'200'000));
    EXPECT_EQ(reread.projectId, project_.id);
}

TEST_F(EndpointAdmin, RefusesWhatCouldNeverBeDeliveredAndSaysWhy) {
    EXPECT_THAT(refusal(draft("lead.created,lead.exploded")),
                HasSubstr("unknown event type \"lead.exploded\"; the types are meeting_booked"));
    EXPECT_THAT(refusal(draft(" , ")), HasSubstr("--events must name at least one of"));
    auto badUrl = draft("lead.created");
    badUrl.url = "ftp://hooks.acme.example/";
    EXPECT_THAT(refusal(badUrl), HasSubstr("endpoint URL must be"));
    auto badDelay = draft("lead.created");
    badDelay.retrySchedule = "1m,soon";
    EXPECT_THAT(refusal(badDelay), HasSubstr("got \"soon\""));
    badDelay.retrySchedule = "8d";
    EXPECT_THAT(refusal(badDelay), HasSubstr("from 1ms to 7d"));
    auto foreign = draft("lead.created");
    foreign.projectId = "not_a_project_of_this_org_000000";
    EXPECT_THAT(refusal(foreign), HasSubstr("is not a project of organisation"));
    auto nobody = draft("lead.created");
    nobody.organisationId = "org_nope";
    EXPECT_THROW(create(nobody), storage::NotFound);
}

TEST_F(EndpointAdmin, ADeletedEndpointHearsNothingMore) {
    auto endpoint = create(draft("lead.created"));
    EXPECT_TRUE(store_->write(
        [&](storage::Repositories& r) { return deleteEndpoint(r, endpoint.id, kT0 + 2); }));
    EXPECT_FALSE(store_->write(
        [&](storage::Repositories& r) { return deleteEndpoint(r, endpoint.id, kT0 + 3); }));
    EXPECT_THROW(store_->write([&](storage::Repositories& r) {
        return deleteEndpoint(r, "ep_nope", kT0 + 3);
    }),
                 storage::NotFound);
    auto enabled = store_->read(
        [&](storage::Repositories& r) { return r.webhookEndpoints().enabled(org_.id); });
    EXPECT_TRUE(enabled.empty());
}

}  // namespace lodestone::admin
