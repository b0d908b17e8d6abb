#include <gtest/gtest.h>

#include <thread>

#include "StoreFixture.hpp"
#include "StoreSuite.hpp"
#include "domain/Ids.hpp"
#include "storage/ApiKeyRepository.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProjectRepository.hpp"

using namespace lodestone;
using namespace lodestone::storage;

namespace {

constexpr domain::Timestamp kT0 = 1'750'000'000'000;  // beyond 32 bits on purpose

domain::Organisation organisation(const std::string& name, std::int64_t credits = 10) {
    return {domain::newId(domain::IdKind::Organisation), name, credits, kT0, kT0};
}

domain::Project project(const std::string& orgId, const std::string& name) {
    domain::Project p;
    p.id = domain::newId(domain::IdKind::Project);
    p.organisationId = orgId;
    p.name = name;
    p.createdAt = p.updatedAt = kT0;
    return p;
}

CreditChange credits(const std::string& orgId, std::int64_t delta) {
    return {orgId, delta, CreditReason::Adjustment, std::nullopt, kT0};
}

}  // namespace

class Repositories_ : public storage::test::OnEveryBackend<storage::test::StoreFixture> {
  protected:
    domain::Organisation addOrganisation(const std::string& name, std::int64_t credits = 10) {
        auto org = organisation(name, credits);
        store_->write([&](Repositories& r) { r.organisations().insert(org); });
        return org;
    }
};

INSTANTIATE_TEST_SUITE_P(, Repositories_, storage::test::everyBackend(),
                         storage::test::backendName);

TEST_P(Repositories_, OrganisationsRoundTrip) {
    auto acme = addOrganisation("Acme", 42);
    auto found = store_->read([&](Repositories& r) { return r.organisations().find(acme.id); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->name, "Acme");
    EXPECT_EQ(found->credits, 42);
    EXPECT_EQ(found->createdAt, kT0);
    auto byName =
        store_->read([](Repositories& r) { return r.organisations().findByName("Acme"); });
    EXPECT_EQ(byName->id, acme.id);
    addOrganisation("Globex");
    EXPECT_EQ(store_->read([](Repositories& r) { return r.organisations().list(); }).size(), 2u);
    EXPECT_FALSE(store_->read([](Repositories& r) { return r.organisations().find("org_x"); }));
}

TEST_P(Repositories_, OrganisationNamesAreUnique) {
    addOrganisation("Acme");
    EXPECT_THROW(addOrganisation("Acme"), Conflict);
}

TEST_P(Repositories_, CreditsNeverGoBelowZero) {
    auto acme = addOrganisation("Acme", 5);
    EXPECT_EQ(store_->write([&](Repositories& r) {
        return r.organisations().changeCredits(credits(acme.id, -3));
    }),
              2);
    EXPECT_THROW(store_->write([&](Repositories& r) {
        r.organisations().changeCredits(credits(acme.id, -3));
    }),
                 InsufficientCredits);
    EXPECT_THROW(store_->write([&](Repositories& r) {
        r.organisations().changeCredits(credits("org_none", 1));
    }),
                 NotFound);
    EXPECT_EQ(
        store_->read([&](Repositories& r) { return r.organisations().find(acme.id); })->credits, 2);
}

TEST_P(Repositories_, AWriteThatThrowsLeavesNothingBehind) {
    EXPECT_THROW(store_->write([](Repositories& r) {
        r.organisations().insert(organisation("Half"));
        throw std::runtime_error("boom");
    }),
                 std::runtime_error);
    EXPECT_FALSE(
        store_->read([](Repositories& r) { return r.organisations().findByName("Half"); }));
}

TEST_P(Repositories_, ProjectsRoundTripWithSchemaAndHost) {
    auto acme = addOrganisation("Acme");
    auto p = project(acme.id, "Guides");
    p.schema = domain::ProjectSchema({{"email", domain::FieldType::Email, true, "", ""},
                                      {"site", domain::FieldType::Url, true, "Site", ""}});
    p.leadMagnetHost = "https://go.acme.test";
    p.creditsPerGeneration = 3;
    store_->write([&](Repositories& r) { r.projects().insert(p); });
    auto found = store_->read([&](Repositories& r) { return r.projects().find(p.id); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->schema.toJson(), p.schema.toJson());
    EXPECT_EQ(found->leadMagnetHost, "https://go.acme.test");
    EXPECT_EQ(found->creditsPerGeneration, 3);

    found->leadMagnetHost.reset();
    found->name = "Renamed";
    store_->write([&](Repositories& r) { r.projects().update(*found); });
    auto renamed =
        store_->read([&](Repositories& r) { return r.projects().findByName(acme.id, "Renamed"); });
    ASSERT_TRUE(renamed);
    EXPECT_FALSE(renamed->leadMagnetHost);

    auto other = addOrganisation("Globex");
    store_->write([&](Repositories& r) { r.projects().insert(project(other.id, "Renamed")); });
    EXPECT_EQ(store_->read([&](Repositories& r) { return r.projects().list(acme.id); }).size(), 1u);
    EXPECT_EQ(store_->read([](Repositories& r) { return r.projects().list(std::nullopt); }).size(),
              2u);
    EXPECT_THROW(
        store_->write([&](Repositories& r) { r.projects().insert(project(acme.id, "Renamed")); }),
        Conflict);
}

TEST_P(Repositories_, CampaignsRoundTrip) {
    auto acme = addOrganisation("Acme");
    domain::Campaign c;
    c.id = domain::newId(domain::IdKind::Campaign);
    c.organisationId = acme.id;
    c.name = "Q3";
    c.webhookUrl = "https://hooks.acme.test/x";
    c.webhookSecret = "whsec_abc";
    c.icpJson = R"({"threshold":60})";
    c.createdAt = c.updatedAt = kT0;
    store_->write([&](Repositories& r) { r.campaigns().insert(c); });
    auto found = store_->read([&](Repositories& r) { return r.campaigns().find(c.id); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->webhookUrl, c.webhookUrl);
    EXPECT_FALSE(found->calendarUrl);
    EXPECT_EQ(found->webhookSecret, "whsec_abc");
    EXPECT_EQ(found->icpJson, c.icpJson);
    found->calendarUrl = "https://cal.acme.test";
    store_->write([&](Repositories& r) { r.campaigns().update(*found); });
    EXPECT_EQ(store_->read([&](Repositories& r) { return r.campaigns().findByName(acme.id, "Q3"); })
                  ->calendarUrl,
              "https://cal.acme.test");
    found->id = "campaign_missing";
    EXPECT_THROW(store_->write([&](Repositories& r) { r.campaigns().update(*found); }), NotFound);
}

TEST_P(Repositories_, APausedCampaignKeepsItsFirstPauseTimeUntilResumed) {
    auto acme = addOrganisation("Acme");
    domain::Campaign c;
    c.id = domain::newId(domain::IdKind::Campaign);
    c.organisationId = acme.id;
    c.name = "Q3";
    c.webhookSecret = "whsec_abc";
    c.createdAt = c.updatedAt = kT0;
    store_->write([&](Repositories& r) { r.campaigns().insert(c); });
    auto pausedAt = [&] {
        return store_->read([&](Repositories& r) { return r.campaigns().find(c.id)->pausedAt; });
    };
    EXPECT_FALSE(pausedAt());
    EXPECT_EQ(store_->write([&](Repositories& r) { return r.campaigns().pause(c.id, kT0 + 5); }),
              kT0 + 5);
    EXPECT_EQ(store_->write([&](Repositories& r) { return r.campaigns().pause(c.id, kT0 + 9); }),
              kT0 + 5);
    // A settings update read before the pause does not undo it.
    c.name = "Q3 renamed";
    store_->write([&](Repositories& r) { r.campaigns().update(c); });
    EXPECT_EQ(pausedAt(), kT0 + 5);
    store_->write([&](Repositories& r) { r.campaigns().resume(c.id); });
    EXPECT_FALSE(pausedAt());
    store_->write([&](Repositories& r) { r.campaigns().resume(c.id); });
    EXPECT_FALSE(pausedAt());
    EXPECT_THROW(store_->write([&](Repositories& r) { r.campaigns().pause("campaign_x", kT0); }),
                 NotFound);
    EXPECT_THROW(store_->write([&](Repositories& r) { r.campaigns().resume("campaign_x"); }),
                 NotFound);
}

TEST_P(Repositories_, ApiKeysAreFoundByHashScopedAndRevoked) {
    auto acme = addOrganisation("Acme");
    auto p1 = project(acme.id, "One");
    auto p2 = project(acme.id, "Two");
    store_->write([&](Repositories& r) {
        r.projects().insert(p1);
        r.projects().insert(p2);
    });
    domain::ApiKey key;
    key.id = domain::newId(domain::IdKind::ApiKey);
    key.organisationId = acme.id;
    key.name = "zapier";
    key.hash = std::string(64, 'a');
    key.prefix = "lsk_abcdefgh";
    key.projectIds = {p1.id};
    key.createdAt = kT0;
    key.expiresAt = kT0 + 1000;
    store_->write([&](Repositories& r) { r.apiKeys().insert(key); });

    auto found = store_->read([&](Repositories& r) { return r.apiKeys().findByHash(key.hash); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->projectIds, std::vector<std::string>{p1.id});
    EXPECT_TRUE(found->mayUseProject(p1.id));
    EXPECT_FALSE(found->mayUseProject(p2.id));
    EXPECT_TRUE(found->isExpiredAt(kT0 + 1000));
    EXPECT_FALSE(found->isExpiredAt(kT0 + 999));

    store_->write([&](Repositories& r) { r.apiKeys().setProjects(key.id, {p1.id, p2.id}); });
    EXPECT_EQ(
        store_->read([&](Repositories& r) { return r.apiKeys().find(key.id); })->projectIds.size(),
        2u);

    EXPECT_TRUE(
        store_->write([&](Repositories& r) { return r.apiKeys().revoke(key.id, kT0 + 5); }));
    EXPECT_FALSE(
        store_->write([&](Repositories& r) { return r.apiKeys().revoke(key.id, kT0 + 6); }));
    EXPECT_EQ(store_->read([&](Repositories& r) { return r.apiKeys().find(key.id); })->revokedAt,
              kT0 + 5);
    EXPECT_THROW(store_->write([&](Repositories& r) { r.apiKeys().revoke("key_none", kT0); }),
                 NotFound);
    EXPECT_EQ(
        store_->read([&](Repositories& r) { return r.apiKeys().findByName(acme.id, "zapier"); })
            .size(),
        1u);
    EXPECT_THROW(store_->write([&](Repositories& r) { r.apiKeys().insert(key); }), Conflict);
}

TEST_P(Repositories_, ConcurrentWritersAllLand) {
    auto acme = addOrganisation("Acme", 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            auto store = database().open();  // a second process would look like this
            for (int i = 0; i < 25; ++i) {
                store->write(
                    [&](Repositories& r) { r.organisations().changeCredits(credits(acme.id, 1)); });
            }
        });
    }
    for (auto& thread : threads) thread.join();
    EXPECT_EQ(
        store_->read([&](Repositories& r) { return r.organisations().find(acme.id); })->credits,
        100);
}
