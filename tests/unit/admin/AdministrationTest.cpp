// Administration's operations where the clock matters, run at chosen times against a real
// SQLite file.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "admin/Administration.hpp"
#include "storage/StorageError.hpp"
#include "storage/Store.hpp"
#include "support/TempDir.hpp"

using namespace lodestone;
using admin::kPreviousWebhookSecretLifetime;

namespace {

constexpr domain::Timestamp kStart = 1'700'000'000'000;
constexpr domain::Timestamp kHour = 60 * 60 * 1000;

class Administration : public ::testing::Test {
  protected:
    template <typename Action>
    auto at(domain::Timestamp now, Action&& action) {
        return store_->write([&](storage::Repositories& repos) {
            admin::Administration admin(repos, now);
            return action(admin);
        });
    }

    void SetUp() override {
        storage::StoreOptions options;
        options.path = dir_ / "lodestone.db";
        store_ = storage::openStore(options);
        store_->migrate(domain::SystemClock());
        campaign_ = at(kStart, [](admin::Administration& admin) {
            auto org = admin.createOrganisation("Acme", 0);
            return admin.createCampaign(
                {org.id, "Q3", std::nullopt, std::nullopt, std::nullopt, std::nullopt});
        });
    }

    domain::Campaign rotateAt(domain::Timestamp now) {
        return at(now, [&](admin::Administration& admin) {
            return admin.rotateWebhookSecret(campaign_.id);
        });
    }

    test::TempDir dir_;
    std::unique_ptr<storage::Store> store_;
    domain::Campaign campaign_;
};

}  // namespace

// Campaign URLs follow the one URL rule (domain::isHttpUrl), whatever lodestonectl was given.
TEST_F(Administration, CampaignUrlsMayHoldNoSpaceOrControlCharacter) {
    for (const std::string url : {"https://hooks.acme.test/a b", "https://hooks.acme.test/\r\nX: 1",
                                  "https://hooks.acme.test/a\tb", "https://hooks.acme .test/"}) {
        admin::CampaignChanges webhook;
        webhook.webhookUrl = url;
        EXPECT_THROW(at(kStart,
                        [&](admin::Administration& admin) {
                            return admin.updateCampaign(campaign_.id, webhook);
                        }),
                     admin::InvalidRequest)
            << url;
        admin::CampaignChanges calendar;
        calendar.calendarUrl = url;
        EXPECT_THROW(at(kStart,
                        [&](admin::Administration& admin) {
                            return admin.updateCampaign(campaign_.id, calendar);
                        }),
                     admin::InvalidRequest)
            << url;
    }
    try {
        admin::checkedHttpUrl("webhook URL", "http://127.0.0.1:18160/h\r\nX-Injected: 1");
        ADD_FAILURE() << "a URL with CR LF was accepted";
    } catch (const admin::InvalidRequest& e) {
        // The rule, the URL with its line break shown rather than obeyed, and what is wrong.
        EXPECT_STREQ(e.what(),
                     "webhook URL must be an absolute http:// or https:// URL with a host, "
                     "without a user name or password, and without whitespace or control "
                     "characters (percent-encode them, e.g. %20), got "
                     "\"http://127.0.0.1:18160/h\\r\\nX-Injected: 1\", which contains "
                     "whitespace or a control character");
    }
}

// The same rule, with its own reason, for each way a URL can break it.
TEST_F(Administration, CampaignUrlsSayWhatIsWrongWithThem) {
    auto refusal = [&](const std::string& url) -> std::string {
        try {
            admin::CampaignChanges calendar;
            calendar.calendarUrl = url;
            at(kStart, [&](admin::Administration& admin) {
                return admin.updateCampaign(campaign_.id, calendar);
            });
        } catch (const admin::InvalidRequest& e) {
            return e.what();
        }
        ADD_FAILURE() << "accepted " << url;
        return "";
    };
    EXPECT_THAT(refusal("https://ann:pw@cal.acme.test/x"),
                ::testing::EndsWith("which has a user name or password"));
    EXPECT_THAT(refusal("https://cal acme.test/x"),
                ::testing::EndsWith("which contains whitespace or a control character"));
    EXPECT_THAT(refusal("ftp://cal.acme.test/x"),
                ::testing::EndsWith("which uses ftp:, not http:// or https://"));
    EXPECT_THAT(refusal("https://cal.acme.test/x\t"), ::testing::HasSubstr("calendar URL must be"));
}

TEST_F(Administration, RotationKeepsTheOldSecretSigningForADay) {
    EXPECT_FALSE(campaign_.previousWebhookSecret);
    auto rotated = rotateAt(kStart + kHour);
    EXPECT_TRUE(rotated.webhookSecret.starts_with("whsec_"));
    EXPECT_NE(rotated.webhookSecret, campaign_.webhookSecret);
    EXPECT_EQ(rotated.previousWebhookSecret, campaign_.webhookSecret);
    EXPECT_EQ(rotated.previousSecretExpiresAt, kStart + kHour + kPreviousWebhookSecretLifetime);
    EXPECT_EQ(rotated.updatedAt, kStart + kHour);

    auto stored = at(kStart + 2 * kHour,
                     [&](admin::Administration& admin) { return admin.campaign(campaign_.id); });
    EXPECT_EQ(stored.webhookSecret, rotated.webhookSecret);
    EXPECT_EQ(stored.previousWebhookSecret, rotated.previousWebhookSecret);
    EXPECT_EQ(stored.previousSecretExpiresAt, rotated.previousSecretExpiresAt);
}

TEST_F(Administration, SecondRotationKeepsOnlyTheLatestPreviousSecret) {
    auto first = rotateAt(kStart + kHour);
    auto second = rotateAt(kStart + 2 * kHour);
    EXPECT_EQ(second.previousWebhookSecret, first.webhookSecret);
    EXPECT_EQ(second.previousSecretExpiresAt, kStart + 2 * kHour + kPreviousWebhookSecretLifetime);
    EXPECT_NE(second.webhookSecret, first.webhookSecret);
    EXPECT_NE(second.webhookSecret, campaign_.webhookSecret);
}

TEST_F(Administration, ACampaignIsMadeWithAnIntakeSecretAnOperatorMayChooseOrRenew) {
    ASSERT_TRUE(campaign_.intakeSecret);
    EXPECT_THAT(*campaign_.intakeSecret, ::testing::MatchesRegex("[0-9a-f]{64}"));
    auto update = [&](admin::CampaignChanges changes) {
        return at(kStart, [&](admin::Administration& admin) {
            return admin.updateCampaign(campaign_.id, changes);
        });
    };
    admin::CampaignChanges chosen;
    chosen.intakeSecret = "Typed-Into-Cal.com-0123";
    EXPECT_EQ(update(chosen).intakeSecret, "Typed-Into-Cal.com-0123");
    admin::CampaignChanges renewed;
    renewed.newIntakeSecret = true;
    const auto fresh = update(renewed).intakeSecret;
    EXPECT_NE(fresh, "Typed-Into-Cal.com-0123");
    EXPECT_NE(fresh, campaign_.intakeSecret);

    for (const std::string& weak :
         std::vector<std::string>{"short", "has a space in it ok", std::string(201, 'x'),
                                  std::string("tab\there-0123456789")}) {
        admin::CampaignChanges bad;
        bad.intakeSecret = weak;
        EXPECT_THROW(update(bad), admin::InvalidRequest) << weak;
    }
    admin::CampaignChanges both;
    both.intakeSecret = "Typed-Into-Cal.com-0123";
    both.newIntakeSecret = true;
    EXPECT_THROW(update(both), admin::InvalidRequest);
}

TEST_F(Administration, ALeadMagnetProjectIsTheOrganisationsAndTheSequenceVariablesNeedIt) {
    const std::string usesLink =
        R"({"from":{"address":"ada@acme.example"},"steps":[{"subject":"s",)"
        R"("text":"Your page: {{leadMagnetUrl}}"}]})";
    auto update = [&](admin::CampaignChanges changes) {
        return at(kStart, [&](admin::Administration& admin) {
            return admin.updateCampaign(campaign_.id, changes);
        });
    };
    // Without a project, the sequence is refused, naming where it uses the variable.
    admin::CampaignChanges sequence;
    sequence.sequenceJson = usesLink;
    try {
        update(sequence);
        FAIL() << "a sequence using {{leadMagnetUrl}} was accepted without a project";
    } catch (const admin::InvalidRequest& e) {
        EXPECT_THAT(e.what(), ::testing::HasSubstr("steps[0].text uses {{leadMagnetUrl}}"));
    }
    // Another organisation's project is refused.
    auto [own, foreign] = at(kStart, [&](admin::Administration& admin) {
        auto other = admin.createOrganisation("Other", 0);
        admin::ProjectDraft mine;
        mine.organisationId = campaign_.organisationId;
        mine.name = "Guides";
        admin::ProjectDraft theirs;
        theirs.organisationId = other.id;
        theirs.name = "Theirs";
        return std::make_pair(admin.createProject(mine), admin.createProject(theirs));
    });
    admin::CampaignChanges wrong;
    wrong.projectId = foreign.id;
    EXPECT_THROW(update(wrong), admin::InvalidRequest);
    // Project and sequence together are fine, and stored.
    admin::CampaignChanges both;
    both.projectId = own.id;
    both.sequenceJson = usesLink;
    EXPECT_EQ(update(both).projectId, own.id);
    // Removing the project while the sequence uses it is refused; removing both is not.
    admin::CampaignChanges removeProject;
    removeProject.projectId = "";
    EXPECT_THROW(update(removeProject), admin::InvalidRequest);
    removeProject.sequenceJson = "";
    EXPECT_EQ(update(removeProject).projectId, std::nullopt);
}

TEST_F(Administration, RotatingAnUnknownCampaignIsNotFound) {
    EXPECT_THROW(
        at(kStart,
           [](admin::Administration& admin) { return admin.rotateWebhookSecret("campaign_nope"); }),
        storage::NotFound);
}

// The settings pages read are checked when a project's settings are set, the error naming the
// key, so a typo never waits for the first lead to surface.
TEST_F(Administration, ProjectSettingsForPagesAreCheckedWhenSet) {
    const auto create = [&](const std::string& settings) {
        return at(kStart, [&](admin::Administration& admin) {
            const auto org = admin.organisation(campaign_.organisationId);
            return admin.createProject({org.id, "Guides " + std::to_string(settings.size()),
                                        std::nullopt, std::nullopt, std::nullopt, settings});
        });
    };
    EXPECT_NO_THROW(create(R"({"format":"briefing","language":"fr",
        "calendar_url":"https://cal.acme.test/x","brand":{"sender_name":"Sam"}})"));
    try {
        create(R"({"brand":{"accent_color":"blue"}})");
        FAIL() << "an accent colour that is not #rgb or #rrggbb was accepted";
    } catch (const admin::InvalidRequest& e) {
        EXPECT_THAT(e.what(), ::testing::HasSubstr("settings.brand.accent_color"));
    }
    EXPECT_THROW(create(R"({"format":"poster"})"), admin::InvalidRequest);
    EXPECT_THROW(create(R"({"brand":{"logo_path":"/nonexistent/logo.png"}})"),
                 admin::InvalidRequest);
}

// An empty setting removes it, as the dashboard's empty box and `--webhook-url ""` do.
TEST_F(Administration, AnEmptySettingRemovesIt) {
    admin::CampaignChanges set;
    set.webhookUrl = "https://hooks.acme.test/in";
    set.calendarUrl = "https://cal.acme.test/ada";
    set.icpJson = R"({"threshold":60})";
    set.sequenceJson =
        R"({"from":{"address":"ada@acme.example"},"steps":[{"subject":"Hi","text":"Hello"}]})";
    auto campaign = at(kStart, [&](admin::Administration& admin) {
        return admin.updateCampaign(campaign_.id, set);
    });
    ASSERT_TRUE(campaign.webhookUrl && campaign.calendarUrl && campaign.icpJson &&
                campaign.sequenceJson);
    admin::CampaignChanges removed;
    removed.webhookUrl = removed.calendarUrl = removed.icpJson = removed.sequenceJson = "";
    campaign = at(kStart + kHour, [&](admin::Administration& admin) {
        return admin.updateCampaign(campaign_.id, removed);
    });
    EXPECT_FALSE(campaign.webhookUrl);
    EXPECT_FALSE(campaign.calendarUrl);
    EXPECT_FALSE(campaign.icpJson);
    EXPECT_FALSE(campaign.sequenceJson);
    EXPECT_EQ(campaign.name, "Q3") << "what is not given stays";
}

TEST_F(Administration, ABlankNameIsRefused) {
    for (const std::string name : {"", " ", "\t  "}) {
        EXPECT_THROW(
            at(kStart,
               [&](admin::Administration& admin) {
                   return admin.createCampaign({campaign_.organisationId, name, std::nullopt,
                                                std::nullopt, std::nullopt, std::nullopt});
               }),
            admin::InvalidRequest)
            << "\"" << name << "\"";
    }
}
