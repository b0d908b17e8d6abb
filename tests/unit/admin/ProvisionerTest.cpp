#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "admin/Administration.hpp"
#include "admin/Provisioner.hpp"
#include "admin/StoreSettings.hpp"
#include "auth/ApiKeyCheck.hpp"
#include "config/ConfigLoader.hpp"
#include "domain/Clock.hpp"
#include "storage/ApiKeyRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "support/TempDir.hpp"

using namespace lodestone;
using ::testing::HasSubstr;

namespace {

class Provisioner : public ::testing::Test {
  protected:
    config::Config configFrom(const std::string& provision,
                              std::map<std::string, std::string> env = {}) {
        config::LoadOptions options;
        options.env = [env](const std::string& name) -> std::optional<std::string> {
            auto it = env.find(name);
            if (it == env.end()) return std::nullopt;
            return it->second;
        };
        return config::parseConfig("storage: { path: db.sqlite }\n" + provision,
                                   dir_ / "lodestone.yaml", options);
    }

    admin::ProvisionReport provision(const std::string& yaml,
                                     std::map<std::string, std::string> env = {}) {
        auto config = configFrom(yaml, std::move(env));
        if (!store_) {
            store_ = storage::openStore(admin::storeOptionsFrom(config.storage));
            store_->migrate(domain::SystemClock());
        }
        return admin::provision(*store_, config.provision, domain::SystemClock());
    }

    domain::Organisation organisation(const std::string& name) {
        return *store_->read(
            [&](storage::Repositories& r) { return r.organisations().findByName(name); });
    }

    test::TempDir dir_;
    std::unique_ptr<storage::Store> store_;
};

const char* const kDemo = R"(provision:
  organisations:
    - name: Demo
      initial_credits: 1000
      projects:
        - name: Guides
      campaigns:
        - name: Outreach
      api_keys:
        - name: demo
)";

}  // namespace

TEST_F(Provisioner, FirstRunCreatesEverythingAndOneKey) {
    auto report = provision(kDemo);
    EXPECT_EQ(report.changes.size(), 4u);
    ASSERT_EQ(report.newKeys.size(), 1u);
    const auto& key = report.newKeys[0];
    EXPECT_EQ(key.organisationName, "Demo");
    ASSERT_TRUE(key.projectId.has_value());
    auto check = store_->read([&](storage::Repositories& r) {
        return auth::checkApiKey(r.apiKeys(), key.plaintext, domain::SystemClock().now());
    });
    EXPECT_EQ(check.status, auth::KeyStatus::Valid);
    EXPECT_EQ(organisation("Demo").credits, 1000);
}

TEST_F(Provisioner, SecondRunChangesNothingAndShowsNoKey) {
    provision(kDemo);
    auto demo = organisation("Demo");
    store_->write([&](storage::Repositories& r) {
        r.organisations().changeCredits({demo.id, -400, storage::CreditReason::Adjustment,
                                         std::nullopt, domain::SystemClock().now()});
    });
    auto again = provision(kDemo);
    EXPECT_TRUE(again.changes.empty()) << ::testing::PrintToString(again.changes);
    EXPECT_TRUE(again.newKeys.empty());
    EXPECT_EQ(organisation("Demo").credits, 600);  // initial credits are not granted again
    EXPECT_EQ(store_->read([](storage::Repositories& r) { return r.apiKeys().list(std::nullopt); })
                  .size(),
              1u);
}

TEST_F(Provisioner, UpdatesWhatChanged) {
    provision(kDemo);
    auto report = provision(R"(provision:
  organisations:
    - name: Demo
      projects:
        - name: Guides
          credits_per_generation: 5
          lead_magnet_host: https://go.demo.test
      campaigns:
        - name: Outreach
          webhook_url: https://hooks.demo.test/in
      api_keys:
        - name: demo
          projects: [Guides]
)");
    EXPECT_EQ(report.changes.size(), 3u) << ::testing::PrintToString(report.changes);
    EXPECT_TRUE(report.newKeys.empty());
    auto demo = organisation("Demo");
    auto project = *store_->read(
        [&](storage::Repositories& r) { return r.projects().findByName(demo.id, "Guides"); });
    EXPECT_EQ(project.creditsPerGeneration, 5);
    EXPECT_EQ(project.leadMagnetHost, "https://go.demo.test");
    auto keys = store_->read([&](storage::Repositories& r) { return r.apiKeys().list(demo.id); });
    ASSERT_EQ(keys.size(), 1u);
    EXPECT_EQ(keys[0].projectIds, std::vector<std::string>{project.id});
}

TEST_F(Provisioner, RevokedKeyIsReplacedAndShown) {
    provision(kDemo);
    auto demo = organisation("Demo");
    auto keys = store_->read([&](storage::Repositories& r) { return r.apiKeys().list(demo.id); });
    store_->write([&](storage::Repositories& r) {
        r.apiKeys().revoke(keys[0].id, domain::SystemClock().now());
    });
    auto report = provision(kDemo);
    EXPECT_EQ(report.newKeys.size(), 1u);
}

TEST_F(Provisioner, PinnedKeyValueIsStoredHashedAndRotated) {
    const std::string v1 = "pinned_key_value_number_one_0123456789";
    const std::string v2 = "pinned_key_value_number_two_0123456789";
    const char* yaml = R"(provision:
  organisations:
    - name: Demo
      api_keys:
        - name: ci
          key: ${CI_KEY}
)";
    auto first = provision(yaml, {{"CI_KEY", v1}});
    EXPECT_TRUE(first.newKeys.empty());  // the operator already knows it
    auto check = [&](const std::string& plaintext) {
        return store_->read([&](storage::Repositories& r) {
            return auth::checkApiKey(r.apiKeys(), plaintext, domain::SystemClock().now()).status;
        });
    };
    EXPECT_EQ(check(v1), auth::KeyStatus::Valid);
    EXPECT_TRUE(provision(yaml, {{"CI_KEY", v1}}).changes.empty());

    auto rotated = provision(yaml, {{"CI_KEY", v2}});
    EXPECT_THAT(::testing::PrintToString(rotated.changes), HasSubstr("revoked"));
    EXPECT_EQ(check(v1), auth::KeyStatus::Revoked);
    EXPECT_EQ(check(v2), auth::KeyStatus::Valid);
}

// The config reader refuses such names with their line; provisioning from a spec built any other
// way meets the same rule in Administration, and nothing of the run is stored.
TEST_F(Provisioner, ANameWithAControlCharacterIsRefusedAndNothingIsStored) {
    auto config = configFrom(kDemo);
    store_ = storage::openStore(admin::storeOptionsFrom(config.storage));
    store_->migrate(domain::SystemClock());
    for (const char* what : {"organisation", "project", "campaign", "API key"}) {
        auto spec = config.provision;
        auto& org = spec.organisations[0];
        const std::string thing = what;
        std::string& name = thing == "organisation" ? org.name
                            : thing == "project"    ? org.projects[0].name
                            : thing == "campaign"   ? org.campaigns[0].name
                                                    : org.apiKeys[0].name;
        name = "Evil\r\nX: 1\x1b[31m";
        try {
            admin::provision(*store_, spec, domain::SystemClock());
            ADD_FAILURE() << "provisioned a " << thing << " name with a line break";
        } catch (const admin::InvalidRequest& e) {
            EXPECT_THAT(e.what(), HasSubstr(thing + " name \"Evil\\r\\nX: 1\\x1b[31m\" contains a "
                                                    "control character or a line break"));
        }
    }
    EXPECT_FALSE(store_->read(
        [&](storage::Repositories& r) { return r.organisations().findByName("Demo"); }));
}
