#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "auth/ApiKeyCheck.hpp"
#include "domain/Clock.hpp"
#include "storage/ApiKeyRepository.hpp"
#include "unit/ctl/CtlFixture.hpp"

using namespace lodestone;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

class Ctl : public test::CtlFixture {
  protected:
    auth::KeyCheck checkKey(const std::string& plaintext) {
        return openStore()->read([&](storage::Repositories& repos) {
            return auth::checkApiKey(repos.apiKeys(), plaintext, domain::SystemClock().now());
        });
    }
};

}  // namespace

TEST_F(Ctl, OrgCreateListAndCredits) {
    auto created = ok({"org", "create", "Acme", "--credits", "100"});
    std::string id = created->getValue<std::string>("id");
    EXPECT_TRUE(id.starts_with("org_"));
    EXPECT_EQ(created->getValue<int>("credits"), 100);

    auto list = ok({"org", "list"});
    ASSERT_EQ(list->getArray("items")->size(), 1u);
    EXPECT_EQ(list->getArray("items")->getObject(0)->getValue<std::string>("id"), id);

    EXPECT_EQ(ok({"org", "credits", id, "--add", "25"})->getValue<int>("credits"), 125);
    EXPECT_EQ(ok({"org", "credits", id, "--add", "-5"})->getValue<int>("credits"), 120);
    auto tooMuch = run({"org", "credits", id, "--add", "-500"});
    EXPECT_EQ(tooMuch.code, 1);
    EXPECT_THAT(tooMuch.err, HasSubstr("below zero"));
}

TEST_F(Ctl, DuplicateOrganisationIsAnError) {
    newOrg();
    auto again = run({"org", "create", "Acme"});
    EXPECT_EQ(again.code, 1);
    EXPECT_THAT(again.err, HasSubstr("already exists"));
    EXPECT_TRUE(again.out.empty());
}

TEST_F(Ctl, ProjectCreateWithSchemaShowAndList) {
    std::string org = newOrg();
    auto schema = writeFile("schema.yaml",
                            "fields:\n"
                            "  - { name: website, type: url, required: true, label: Website }\n"
                            "  - { name: budget, type: string }\n");
    auto project = ok({"project", "create", "--org", org, "--name", "Guides", "--schema", schema,
                       "--lead-magnet-host", "https://go.acme.test/"});
    std::string id = project->getValue<std::string>("id");
    EXPECT_EQ(id.size(), 32u);
    EXPECT_EQ(project->getValue<std::string>("leadMagnetHost"), "https://go.acme.test");
    auto fields = project->getObject("schema")->getArray("fields");
    ASSERT_EQ(fields->size(), 3u);  // email added in front
    EXPECT_EQ(fields->getObject(0)->getValue<std::string>("name"), "email");
    EXPECT_EQ(fields->getObject(1)->getValue<std::string>("type"), "url");

    auto shown = ok({"project", "show", id});
    EXPECT_EQ(shown->getValue<std::string>("name"), "Guides");
    EXPECT_EQ(ok({"project", "list"})->getArray("items")->size(), 1u);
    EXPECT_EQ(ok({"project", "list", "--org", org})->getArray("items")->size(), 1u);

    auto updated = ok({"project", "update", id, "--credits-per-generation", "3"});
    EXPECT_EQ(updated->getValue<int>("creditsPerGeneration"), 3);
}

TEST_F(Ctl, ProjectWithoutSchemaGetsTheDefault) {
    auto project = ok({"project", "create", "--org", newOrg(), "--name", "Default"});
    EXPECT_EQ(project->getObject("schema")->getArray("fields")->size(), 9u);
}

TEST_F(Ctl, BadSchemaFileNamesFileAndLine) {
    auto schema = writeFile("bad.yaml", "fields:\n  - { name: site, type: link }\n");
    auto outcome = run({"project", "create", "--org", newOrg(), "--name", "P", "--schema", schema});
    EXPECT_EQ(outcome.code, 1);
    EXPECT_THAT(outcome.err, HasSubstr(schema + ":2: fields[0].type: unknown type \"link\""));
}

TEST_F(Ctl, ProjectOfUnknownOrganisationIsAnError) {
    auto outcome = run({"project", "create", "--org", "org_nope", "--name", "P"});
    EXPECT_EQ(outcome.code, 1);
    EXPECT_THAT(outcome.err, HasSubstr("no organisation with id org_nope"));
}

TEST_F(Ctl, CampaignCreateShowsItsSigningSecret) {
    std::string org = newOrg();
    auto icp =
        writeFile("icp.yaml", "criteria:\n  industries:\n    include: [software]\nthreshold: 60\n");
    auto campaign = ok({"campaign", "create", "--org", org, "--name", "Q3", "--webhook-url",
                        "https://hooks.acme.test/x", "--icp", icp, "--calendar-url",
                        "https://cal.acme.test/book"});
    std::string id = campaign->getValue<std::string>("id");
    EXPECT_TRUE(id.starts_with("campaign_"));
    std::string secret = campaign->getValue<std::string>("webhookSecret");
    EXPECT_TRUE(secret.starts_with("whsec_"));
    EXPECT_EQ(campaign->getObject("icp")->getValue<int>("threshold"), 60);

    auto shown = ok({"campaign", "show", id});
    EXPECT_EQ(shown->getValue<std::string>("webhookSecret"), secret);

    auto list = run({"campaign", "list"});
    EXPECT_THAT(list.out, Not(HasSubstr(secret)));

    auto updated = ok({"campaign", "update", id, "--webhook-url", "https://hooks.acme.test/y"});
    EXPECT_EQ(updated->getValue<std::string>("webhookUrl"), "https://hooks.acme.test/y");
    EXPECT_EQ(updated->getValue<std::string>("webhookSecret"), secret);

    auto renamed = ok({"campaign", "update", id, "--name", "Outbound EU", "--calendar-url",
                       "https://cal.acme.test/sales"});
    EXPECT_EQ(renamed->getValue<std::string>("name"), "Outbound EU");
    EXPECT_EQ(renamed->getValue<std::string>("calendarUrl"), "https://cal.acme.test/sales");
    EXPECT_EQ(renamed->getValue<std::string>("webhookUrl"), "https://hooks.acme.test/y");
    EXPECT_EQ(run({"campaign", "update", id, "--org", newOrg("Globex")}).code, 64)
        << "a campaign stays in its organisation";

    auto bad = run({"campaign", "update", id, "--webhook-url", "ftp://x"});
    EXPECT_EQ(bad.code, 1);
    EXPECT_THAT(bad.err, HasSubstr("webhook URL must be an absolute http:// or https:// URL"));

    auto badIcp =
        writeFile("bad-icp.yaml", "threshold: 60\ncriteria:\n  employees:\n    min: many\n");
    auto refused = run({"campaign", "update", id, "--icp", badIcp});
    EXPECT_EQ(refused.code, 1);
    // The file and the line of the key, as for the config and sequence files.
    EXPECT_THAT(refused.err, HasSubstr("bad-icp.yaml:4: criteria.employees.min: expected a "
                                       "non-negative number, got \"many\""));
    auto unknownKey = writeFile("typo-icp.yaml", "threshold: 60\ncriteria:\n  industry: {}\n");
    EXPECT_THAT(run({"campaign", "create", "--org", org, "--name", "T", "--icp", unknownKey}).err,
                HasSubstr("typo-icp.yaml:3: criteria.industry: unknown key"));
    EXPECT_EQ(ok({"campaign", "show", id})->getObject("icp")->getValue<int>("threshold"), 60);
}

TEST_F(Ctl, ACampaignsSequenceIsSetFromAFileAndABadOneIsRefusedNamingFileLineAndKey) {
    std::string org = newOrg();
    auto sequence = writeFile("sequence.yaml",
                              "from: { address: ada@acme.example, name: Ada }\n"
                              "window: { days: [mon, tue], start: \"09:00\", end: \"17:00\" }\n"
                              "steps:\n"
                              "  - subject: \"{{firstName}}, hello\"\n"
                              "    text: \"Book: {{bookingUrl}}\"\n");
    auto campaign =
        ok({"campaign", "create", "--org", org, "--name", "Q4", "--sequence", sequence});
    const std::string id = campaign->getValue<std::string>("id");
    auto stored = ok({"campaign", "show", id})->getObject("sequence");
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->getObject("from")->getValue<std::string>("name"), "Ada");

    auto bad = writeFile("bad-sequence.yaml",
                         "from: { address: ada@acme.example }\n"
                         "steps:\n"
                         "  - subject: Hello\n"
                         "    text: \"Hi {{frstName}}\"\n");
    auto refused = run({"campaign", "update", id, "--sequence", bad});
    EXPECT_EQ(refused.code, 1);
    EXPECT_THAT(refused.err, HasSubstr("bad-sequence.yaml:4: steps[0].text: unknown template "
                                       "variable {{frstName}}"));
    EXPECT_EQ(ok({"campaign", "show", id})
                  ->getObject("sequence")
                  ->getObject("from")
                  ->getValue<std::string>("name"),
              "Ada")
        << "nothing stored";
    auto notYaml = writeFile("broken.yaml", "steps: [\n");
    EXPECT_EQ(run({"campaign", "update", id, "--sequence", notYaml}).code, 1);
}

TEST_F(Ctl, CreatedKeyAuthenticatesAndRevokedKeyDoesNot) {
    std::string org = newOrg();
    auto created = ok({"key", "create", "--org", org, "--name", "zapier"});
    std::string key = created->getValue<std::string>("key");
    std::string id = created->getValue<std::string>("id");
    EXPECT_TRUE(key.starts_with("lsk_"));

    auto check = checkKey(key);
    EXPECT_EQ(check.status, auth::KeyStatus::Valid);
    EXPECT_EQ(check.key->id, id);
    EXPECT_EQ(checkKey(key + "x").status, auth::KeyStatus::Unknown);

    auto list = run({"key", "list"});
    EXPECT_EQ(list.code, 0);
    EXPECT_THAT(list.out, Not(HasSubstr(key)));
    EXPECT_THAT(list.out, HasSubstr(key.substr(0, 12)));  // the visible prefix

    auto revoked = ok({"key", "revoke", id});
    EXPECT_TRUE(revoked->getValue<bool>("revoked"));
    EXPECT_EQ(checkKey(key).status, auth::KeyStatus::Revoked);
    EXPECT_TRUE(ok({"key", "revoke", id})->getValue<bool>("alreadyRevoked"));
    EXPECT_EQ(run({"key", "revoke", "key_nope"}).code, 1);
}

TEST_F(Ctl, KeyScopesAndExpiry) {
    std::string org = newOrg();
    std::string project =
        ok({"project", "create", "--org", org, "--name", "P"})->getValue<std::string>("id");
    auto created = ok({"key", "create", "--org", org, "--name", "scoped", "--project", project,
                       "--expires-in", "90d"});
    EXPECT_EQ(created->getArray("projects")->size(), 1u);
    auto expiresAt = created->getValue<Poco::Int64>("expiresAt");
    auto expected = domain::SystemClock().now() + 90LL * 24 * 3600 * 1000;
    EXPECT_NEAR(static_cast<double>(expiresAt), static_cast<double>(expected), 60'000.0);

    std::string other = newOrg("Globex");
    auto foreign = run({"key", "create", "--org", other, "--name", "x", "--project", project});
    EXPECT_EQ(foreign.code, 1);
    EXPECT_THAT(foreign.err, HasSubstr("is not a project of organisation"));

    auto badDuration = run({"key", "create", "--org", org, "--name", "y", "--expires-in", "soon"});
    EXPECT_EQ(badDuration.code, 64);
}

TEST_F(Ctl, UsageErrorsExitWithExUsage) {
    EXPECT_EQ(run({"org", "explode"}).code, 64);
    EXPECT_EQ(run({"org", "create", "Acme", "--colour", "red"}).code, 64);
    EXPECT_EQ(run({"org", "create"}).code, 64);
    EXPECT_EQ(run({"org", "create", "Acme", "--credits", "lots"}).code, 64);
    EXPECT_EQ(run({"project", "create", "--org", "x"}).code, 64);  // --name missing
    auto help = run({"--help"}, false);
    EXPECT_EQ(help.code, 0);
    EXPECT_THAT(help.out, HasSubstr("key create --org ORG_ID --name NAME"));
}

TEST_F(Ctl, HumanOutputIsATable) {
    newOrg();
    auto list = run({"org", "list"}, false);
    EXPECT_EQ(list.code, 0);
    EXPECT_THAT(list.out, HasSubstr("id"));
    EXPECT_THAT(list.out, HasSubstr("Acme"));
    EXPECT_THROW(Poco::JSON::Parser().parse(list.out), Poco::Exception);
}

TEST_F(Ctl, MissingConfigIsAnError) {
    std::ostringstream out, err;
    int code = ctl::run({"--config", "/nonexistent.yaml", "org", "list"}, out, err);
    EXPECT_EQ(code, 1);
    EXPECT_THAT(err.str(), HasSubstr("/nonexistent.yaml: cannot read file"));
}

TEST_F(Ctl, AConfigWithBadProvisionedIcpCriteriaIsRefusedAsByTheDaemon) {
    std::ofstream(configFile_, std::ios::app)
        << "provision:\n  organisations:\n    - name: Acme\n      campaigns:\n"
           "        - { name: Q3, icp: { threshold: 150 } }\n";
    auto refused = run({"org", "list"});
    EXPECT_EQ(refused.code, 1);
    EXPECT_THAT(refused.err, HasSubstr("lodestone.yaml:7: provision.organisations[0].campaigns[0]."
                                       "icp.threshold: expected a whole number from 0 to 100"));
}

TEST_F(Ctl, NamesWithControlCharactersOrBadUtf8AreRefusedAndShownEscaped) {
    const std::string org = newOrg();
    const std::string project =
        ok({"project", "create", "--org", org, "--name", "P"})->getValue<std::string>("id");
    const std::string campaign =
        ok({"campaign", "create", "--org", org, "--name", "Q3"})->getValue<std::string>("id");
    const std::string evil = "Evil\r\nX: 1\x1b[31m";
    const std::vector<std::vector<std::string>> commands = {
        {"org", "create", evil},
        {"project", "create", "--org", org, "--name", evil},
        {"project", "update", project, "--name", evil},
        {"campaign", "create", "--org", org, "--name", evil},
        {"campaign", "update", campaign, "--name", evil},
        {"key", "create", "--org", org, "--name", evil},
    };
    for (const auto& command : commands) {
        auto outcome = run(command);
        EXPECT_EQ(outcome.code, 1) << command[0] << " " << command[1];
        EXPECT_THAT(outcome.err, HasSubstr("name \"Evil\\r\\nX: 1\\x1b[31m\" contains a control "
                                           "character or a line break"))
            << command[0] << " " << command[1];
        EXPECT_THAT(outcome.err, Not(HasSubstr("\x1b"))) << "the terminal would obey it";
        EXPECT_TRUE(outcome.out.empty());
    }
    for (const char* name : {"Acme\xC2\x85", "Q\xE2\x80\xA8", "tab\there", "del\x7f"}) {
        EXPECT_EQ(run({"campaign", "create", "--org", org, "--name", name}).code, 1) << name;
    }
    auto notUtf8 = run({"org", "create", "Acme\xFF"});
    EXPECT_EQ(notUtf8.code, 1);
    EXPECT_THAT(notUtf8.err, HasSubstr("name \"Acme\\xff\" is not UTF-8 text"));

    // Nothing was stored or renamed; spaces and letters beyond ASCII are names as usual.
    EXPECT_EQ(ok({"org", "list"})->getArray("items")->size(), 1u);
    EXPECT_EQ(ok({"campaign", "list"})->getArray("items")->size(), 1u);
    EXPECT_EQ(ok({"key", "list"})->getArray("items")->size(), 0u);
    EXPECT_EQ(ok({"project", "show", project})->getValue<std::string>("name"), "P");
    EXPECT_EQ(ok({"campaign", "create", "--org", org, "--name", "Q4 \xE2\x80\x94 J\xC3\xBCrgen"})
                  ->getValue<std::string>("name"),
              "Q4 \xE2\x80\x94 J\xC3\xBCrgen");
}

TEST_F(Ctl, CampaignPauseAndResumeShowTheStateAndPausingTwiceChangesNothing) {
    auto id =
        ok({"campaign", "create", "--org", newOrg(), "--name", "Q3"})->getValue<std::string>("id");
    EXPECT_EQ(ok({"campaign", "show", id})->getValue<std::string>("state"), "active");
    auto paused = ok({"campaign", "pause", id});
    EXPECT_EQ(paused->getValue<std::string>("state"), "paused");
    const auto pausedAt = paused->getValue<std::int64_t>("pausedAt");
    EXPECT_EQ(ok({"campaign", "pause", id})->getValue<std::int64_t>("pausedAt"), pausedAt);
    EXPECT_EQ(ok({"campaign", "show", id})->getValue<std::string>("state"), "paused");
    auto resumed = ok({"campaign", "resume", id});
    EXPECT_EQ(resumed->getValue<std::string>("state"), "active");
    EXPECT_TRUE(resumed->isNull("pausedAt"));
    auto unknown = run({"campaign", "pause", "campaign_nope"});
    EXPECT_EQ(unknown.code, 1);
    EXPECT_THAT(unknown.err, HasSubstr("no campaign with id campaign_nope"));
}
