// Migration 6 adds email outreach: prospects a version-5 lodestoned added get unsubscribe tokens
// of their own (so their future emails can carry one), and campaigns keep what they had.
#include <gtest/gtest.h>

#include <set>

#include "storage/CampaignRepository.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/Store.hpp"
#include "storage/sqlite/Migrations.hpp"
#include "support/TempDir.hpp"
#include "unit/storage/sqlite/OldDatabase.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using lodestone::storage::test::buildDatabaseAt;

namespace {

// A database built by a version-5 lodestoned: migrations 1-5 applied by hand, a campaign with
// two prospects.
class MigrationV6 : public ::testing::Test {
  protected:
    void SetUp() override {
        options_.path = dir_ / "lodestone.db";
        options_.poolSize = 1;
        buildDatabaseAt(
            options_.path, 5,
            {
                "INSERT INTO organisations VALUES ('org_1', 'Acme', 5, 1, 1)",
                "INSERT INTO campaigns (id, organisation_id, name, webhook_secret, icp_json, "
                "created_at, updated_at) VALUES ('cmp_1', 'org_1', 'Spring', 'whsec_dGVzdA==', "
                "'{\"threshold\":60}', 1, 1)",
                "INSERT INTO prospects (id, organisation_id, campaign_id, email, email_key, "
                "company_name, contact_name, input_json, status, booking_token, created_at, "
                "updated_at) VALUES ('prospect_1', 'org_1', 'cmp_1', 'a@x.example', "
                "'a@x.example', 'X', 'Ann', '{}', 'qualified', 'tok1', 1, 1)",
                "INSERT INTO prospects (id, organisation_id, campaign_id, email, email_key, "
                "company_name, contact_name, input_json, status, booking_token, created_at, "
                "updated_at) VALUES ('prospect_2', 'org_1', 'cmp_1', 'b@x.example', "
                "'b@x.example', 'X', 'Bob', '{}', 'queued', 'tok2', 1, 1)",
            });
    }

    lodestone::test::TempDir dir_;
    StoreOptions options_;
};

TEST_F(MigrationV6, ProspectsGetUnsubscribeTokensOfTheirOwnAndCampaignsNoSequence) {
    auto store = openStore(options_);
    ASSERT_EQ(store->schemaVersion(), 5);
    store->migrate(domain::SystemClock());
    EXPECT_EQ(store->schemaVersion(), store->latestSchemaVersion());

    std::set<std::string> tokens;
    for (const char* id : {"prospect_1", "prospect_2"}) {
        auto prospect = store->read([&](Repositories& r) { return r.prospects().find(id); });
        ASSERT_TRUE(prospect);
        EXPECT_EQ(prospect->unsubscribeToken.size(), 48u) << "192 random bits, in hex";
        EXPECT_NE(prospect->unsubscribeToken, prospect->bookingToken);
        tokens.insert(prospect->unsubscribeToken);
        auto found = store->read([&](Repositories& r) {
            return r.prospects().findByUnsubscribeToken(*tokens.rbegin());
        });
        EXPECT_TRUE(found);
    }
    EXPECT_EQ(tokens.size(), 2u);

    auto campaign = store->read([](Repositories& r) { return r.campaigns().find("cmp_1"); });
    ASSERT_TRUE(campaign);
    EXPECT_EQ(campaign->icpJson, R"({"threshold":60})");
    EXPECT_FALSE(campaign->sequenceJson);
    EXPECT_TRUE(store->read(
        [](Repositories& r) { return r.emailSends().listForProspect("prospect_1").empty(); }));
}

}  // namespace
