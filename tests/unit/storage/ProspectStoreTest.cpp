// Prospects and their history, as the prospect repository stores them.
#include <gtest/gtest.h>

#include "ProspectStoreFixture.hpp"
#include "StoreSuite.hpp"
#include "storage/ProspectRepository.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using domain::ProspectStatus;

namespace {

class ProspectStore : public storage::test::OnEveryBackend<storage::test::ProspectStoreFixture> {
  protected:
    domain::Prospect find(const std::string& id) { return findProspect(id); }
};

INSTANTIATE_TEST_SUITE_P(, ProspectStore, storage::test::everyBackend(),
                         storage::test::backendName);

}  // namespace

TEST_P(ProspectStore, InsertedProspectRoundTrips) {
    auto p = prospect(campaign_, "Ann@Initech.com");
    p.title = "VP Sales";
    p.domain = "initech.com";
    store_->write([&](Repositories& r) { r.prospects().insert(p); });

    auto found = find(p.id);
    EXPECT_EQ(found.organisationId, org_.id);
    EXPECT_EQ(found.campaignId, campaign_.id);
    EXPECT_EQ(found.email, "Ann@Initech.com");
    EXPECT_EQ(found.emailKey, "ann@initech.com");
    EXPECT_EQ(found.companyName, "Initech");
    EXPECT_EQ(found.contactName, "Ann Lee");
    EXPECT_EQ(found.title, "VP Sales");
    EXPECT_EQ(found.domain, "initech.com");
    EXPECT_EQ(found.inputJson, R"({"companyName":"Initech"})");
    EXPECT_EQ(found.status, ProspectStatus::Queued);
    EXPECT_FALSE(found.score);
    EXPECT_FALSE(found.scoreJson);
    EXPECT_FALSE(found.error);
    EXPECT_EQ(found.bookingToken, p.bookingToken);
    EXPECT_EQ(found.createdAt, kT0);
    EXPECT_EQ(found.updatedAt, kT0);

    auto byEmail = store_->read([&](Repositories& r) {
        return r.prospects().findByEmail(campaign_.id, "ann@initech.com");
    });
    ASSERT_TRUE(byEmail);
    EXPECT_EQ(byEmail->id, p.id);
    auto byToken = store_->read(
        [&](Repositories& r) { return r.prospects().findByBookingToken(p.bookingToken); });
    ASSERT_TRUE(byToken);
    EXPECT_EQ(byToken->id, p.id);

    // The key is what is looked up: the address as sent, or another campaign, finds nothing.
    EXPECT_FALSE(store_->read([&](Repositories& r) {
        return r.prospects().findByEmail(campaign_.id, "Ann@Initech.com");
    }));
    EXPECT_FALSE(store_->read(
        [&](Repositories& r) { return r.prospects().findByEmail(other_.id, "ann@initech.com"); }));
    EXPECT_FALSE(store_->read([](Repositories& r) { return r.prospects().find("prs_missing"); }));
    EXPECT_FALSE(
        store_->read([](Repositories& r) { return r.prospects().findByBookingToken("nope"); }));
}

TEST_P(ProspectStore, InsertRecordsTheFirstStatusInTheHistory) {
    auto p = add(campaign_, "ann@initech.com");
    auto entries = history(p.id);
    ASSERT_EQ(entries.size(), 1u);
    EXPECT_EQ(entries[0].status, ProspectStatus::Queued);
    EXPECT_EQ(entries[0].at, kT0);
    EXPECT_FALSE(entries[0].detail);
}

TEST_P(ProspectStore, OneProspectPerEmailKeyAndCampaign) {
    auto first = add(campaign_, "ann@initech.com");
    auto again = prospect(campaign_, "ANN@initech.com");  // same key, new id and token
    EXPECT_THROW(store_->write([&](Repositories& r) { r.prospects().insert(again); }), Conflict);
    EXPECT_FALSE(store_->read([&](Repositories& r) { return r.prospects().find(again.id); }));
    EXPECT_EQ(count("SELECT COUNT(*) FROM prospect_transitions"), 1);

    auto elsewhere = add(other_, "ann@initech.com");
    EXPECT_EQ(find(elsewhere.id).campaignId, other_.id);
    EXPECT_EQ(count("SELECT COUNT(*) FROM prospects"), 2);
    EXPECT_EQ(find(first.id).campaignId, campaign_.id);
}

TEST_P(ProspectStore, TransitionIsGuardedByTheStatusItStartsFrom) {
    auto p = add(campaign_, "ann@initech.com");
    EXPECT_FALSE(transition(p.id, {ProspectStatus::Scored, ProspectStatus::Researching},
                            ProspectStatus::Qualified, kT0 + 5));
    EXPECT_FALSE(transition(p.id, {}, ProspectStatus::Researching, kT0 + 5));
    EXPECT_FALSE(
        transition("prs_missing", {ProspectStatus::Queued}, ProspectStatus::Researching, kT0 + 5));
    auto unchanged = find(p.id);
    EXPECT_EQ(unchanged.status, ProspectStatus::Queued);
    EXPECT_EQ(unchanged.updatedAt, kT0);
    EXPECT_EQ(history(p.id).size(), 1u) << "a refused transition must not be recorded";

    EXPECT_TRUE(transition(p.id, {ProspectStatus::Scored, ProspectStatus::Queued},
                           ProspectStatus::Researching, kT0 + 7, "started"));
    auto moved = find(p.id);
    EXPECT_EQ(moved.status, ProspectStatus::Researching);
    EXPECT_EQ(moved.updatedAt, kT0 + 7);
    EXPECT_FALSE(moved.error) << "only a move to failed stores the detail as the error";
}

TEST_P(ProspectStore, MovingToFailedStoresTheError) {
    auto p = add(campaign_, "ann@initech.com");
    ASSERT_TRUE(transition(p.id, {ProspectStatus::Queued}, ProspectStatus::Failed, kT0 + 3,
                           "research plugin crashed"));
    auto failed = find(p.id);
    EXPECT_EQ(failed.status, ProspectStatus::Failed);
    EXPECT_EQ(failed.error, "research plugin crashed");
    EXPECT_EQ(failed.updatedAt, kT0 + 3);
    auto entries = history(p.id);
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[1].status, ProspectStatus::Failed);
    EXPECT_EQ(entries[1].detail, "research plugin crashed");
}

TEST_P(ProspectStore, HistoryIsInTheOrderTransitionsHappened) {
    auto p = add(campaign_, "ann@initech.com");
    ASSERT_TRUE(transition(p.id, {ProspectStatus::Queued}, ProspectStatus::Researching, kT0 + 10));
    ASSERT_TRUE(transition(p.id, {ProspectStatus::Researching}, ProspectStatus::Scored, kT0 + 20,
                           "score 80, threshold 50"));
    // Same timestamp as the one before: order is by recording, not by time.
    ASSERT_TRUE(transition(p.id, {ProspectStatus::Scored}, ProspectStatus::Qualified, kT0 + 20,
                           "at or above"));
    auto entries = history(p.id);
    ASSERT_EQ(entries.size(), 4u);
    EXPECT_EQ(entries[0].status, ProspectStatus::Queued);
    EXPECT_EQ(entries[1].status, ProspectStatus::Researching);
    EXPECT_EQ(entries[1].at, kT0 + 10);
    EXPECT_FALSE(entries[1].detail);
    EXPECT_EQ(entries[2].status, ProspectStatus::Scored);
    EXPECT_EQ(entries[2].detail, "score 80, threshold 50");
    EXPECT_EQ(entries[3].status, ProspectStatus::Qualified);
    EXPECT_EQ(entries[3].at, kT0 + 20);
    EXPECT_EQ(entries[3].detail, "at or above");
    // Another prospect's history is its own.
    auto q = add(campaign_, "bob@initech.com");
    EXPECT_EQ(history(q.id).size(), 1u);
}

TEST_P(ProspectStore, SetScoreStoresScoreAndBreakdown) {
    auto p = add(campaign_, "ann@initech.com");
    store_->write(
        [&](Repositories& r) { r.prospects().setScore(p.id, 72, R"({"score":72})", kT0 + 9); });
    auto scored = find(p.id);
    EXPECT_EQ(scored.score, 72);
    EXPECT_EQ(scored.scoreJson, R"({"score":72})");
    EXPECT_EQ(scored.updatedAt, kT0 + 9);
    EXPECT_EQ(scored.status, ProspectStatus::Queued) << "scoring alone does not change status";
    EXPECT_EQ(history(p.id).size(), 1u);

    EXPECT_THROW(store_->write(
                     [&](Repositories& r) { r.prospects().setScore("prs_missing", 1, "{}", kT0); }),
                 NotFound);
    // The schema keeps scores within 0-100.
    EXPECT_THROW(
        store_->write([&](Repositories& r) { r.prospects().setScore(p.id, 101, "{}", kT0); }),
        StorageError);
    EXPECT_EQ(find(p.id).score, 72);
}
