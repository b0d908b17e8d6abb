#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "ConfigTestSupport.hpp"
#include "config/ProvisionReader.hpp"

using namespace lodestone::config;
using namespace lodestone::config::testing;
using ::testing::HasSubstr;

TEST(ProvisionReader, ReadsOrganisationsProjectsCampaignsAndKeys) {
    Config config = parse(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      initial_credits: 500
      projects:
        - name: Guides
          lead_magnet_host: https://go.acme.test
          credits_per_generation: 2
          schema:
            fields:
              - { name: email, type: email, required: true }
              - { name: website, type: url, required: true, label: Website }
      campaigns:
        - name: Q3 outbound
          webhook_url: https://hooks.acme.test/lodestone
          icp:
            criteria:
              industries: { include: [software] }
            threshold: 60
      api_keys:
        - name: zapier
          projects: [Guides]
          expires_in: 90d
        - name: fixed
          key: ${FIXED_KEY}
)",
                          {{"FIXED_KEY", "lsk_0123456789abcdef0123456789abcdef"}});
    ASSERT_EQ(config.provision.organisations.size(), 1u);
    const auto& org = config.provision.organisations[0];
    EXPECT_EQ(org.name, "Acme");
    EXPECT_EQ(org.initialCredits, 500);
    ASSERT_EQ(org.projects.size(), 1u);
    EXPECT_EQ(org.projects[0].leadMagnetHost, "https://go.acme.test");
    EXPECT_EQ(org.projects[0].creditsPerGeneration, 2);
    ASSERT_TRUE(org.projects[0].schema.has_value());
    EXPECT_TRUE(org.projects[0].schema->find("website")->required);
    ASSERT_EQ(org.campaigns.size(), 1u);
    EXPECT_EQ(*org.campaigns[0].icpJson,
              R"({"criteria":{"industries":{"include":["software"]}},"threshold":60})");
    ASSERT_EQ(org.apiKeys.size(), 2u);
    EXPECT_EQ(org.apiKeys[0].projects, std::vector<std::string>{"Guides"});
    EXPECT_EQ(org.apiKeys[0].expiresIn, std::chrono::hours(24 * 90));
    EXPECT_EQ(org.apiKeys[1].key, "lsk_0123456789abcdef0123456789abcdef");
}

TEST(ProvisionReader, KeyScopedToAnUnknownProjectIsAnError) {
    EXPECT_THAT(errorOf(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      api_keys:
        - name: k
          projects: [Missing]
)"),
                HasSubstr("lodestone.yaml:7: provision.organisations[0].api_keys[0].projects[0]: "
                          "no project named \"Missing\""));
}

TEST(ProvisionReader, ACampaignsProjectIsOneProvisionedInItsOrganisation) {
    Config config = parse(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      projects:
        - name: Guides
      campaigns:
        - name: Q3
          project: Guides
)");
    EXPECT_EQ(config.provision.organisations[0].campaigns[0].project, "Guides");
    EXPECT_THAT(errorOf(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      campaigns:
        - name: Q3
          project: Missing
)"),
                HasSubstr("lodestone.yaml:7: provision.organisations[0].campaigns[0].project: "
                          "no project named \"Missing\""));
}

TEST(ProvisionReader, DuplicateNamesAreErrors) {
    EXPECT_THAT(errorOf(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
    - name: Acme
)"),
                HasSubstr("lodestone.yaml:5: provision.organisations[1].name: \"Acme\" is listed "
                          "twice"));
}

TEST(ProvisionReader, NamesWithControlCharactersAreErrorsShownEscaped) {
    auto messages = errorsOf(R"(storage: { path: x.db }
provision:
  organisations:
    - name: "Evil\r\nX: 1\e[31m"
    - name: Acme
      projects:
        - name: "P\u0085"
      campaigns:
        - name: "Q3\u2028"
      api_keys:
        - name: "k\tk"
)");
    ASSERT_EQ(messages.size(), 4u) << ::testing::PrintToString(messages);
    EXPECT_THAT(messages[0],
                HasSubstr("lodestone.yaml:4: provision.organisations[0].name: \"Evil\\r\\nX: "
                          "1\\x1b[31m\" contains a control character or a line break"));
    EXPECT_THAT(messages[1], HasSubstr("lodestone.yaml:7: provision.organisations[1].projects[0]"
                                       ".name: \"P\\u0085\" contains a control character"));
    EXPECT_THAT(messages[2], HasSubstr("campaigns[0].name: \"Q3\xE2\x80\xA8\" contains"));
    EXPECT_THAT(messages[3], HasSubstr("api_keys[0].name: \"k\\tk\" contains"));
    for (const auto& message : messages) {
        EXPECT_EQ(message.find_first_of("\r\n\t\x1b"), std::string::npos) << message;
    }
}

TEST(ProvisionReader, ShortFixedKeyIsRejectedWithoutEchoingIt) {
    auto message = errorOf(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      api_keys:
        - { name: k, key: tooshortsecret }
)");
    EXPECT_THAT(message, HasSubstr("api_keys[0].key: a fixed key must be at least 32"));
    EXPECT_THAT(message, ::testing::Not(HasSubstr("tooshortsecret")));
}

TEST(ProvisionReader, SchemaErrorsNameFieldAndLine) {
    EXPECT_THAT(errorOf(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      projects:
        - name: P
          schema:
            fields:
              - { name: website, type: link }
)"),
                HasSubstr("lodestone.yaml:9: "
                          "provision.organisations[0].projects[0].schema.fields[0].type: unknown "
                          "type \"link\""));
}

// What the criteria say is judged later (admin::checkProvision); config keeps where they were
// written, for that check's messages.
TEST(ProvisionReader, IcpCriteriaAreKeptWithWhereTheyWereWritten) {
    std::string dir = ::testing::TempDir();
    std::ofstream(dir + "/q4-icp.yaml") << "threshold: 70\n";
    Config config = parse(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      campaigns:
        - name: Q3
          icp:
            criteria:
              employees: { min: 500, max: 50 }
        - name: Q4
          icp_file: )" + dir +
                          "/q4-icp.yaml\n");
    const auto& campaigns = config.provision.organisations.at(0).campaigns;
    ASSERT_EQ(campaigns.size(), 2u);
    EXPECT_EQ(campaigns[0].icpJson, R"({"criteria":{"employees":{"min":500,"max":50}}})");
    EXPECT_EQ(campaigns[0].icpLocation.file, kConfigFile);
    EXPECT_EQ(campaigns[0].icpLocation.line, 7);
    EXPECT_EQ(campaigns[0].icpLocation.keyPath, "provision.organisations[0].campaigns[0].icp");
    EXPECT_FALSE(campaigns[0].icpLocation.includedFile);
    EXPECT_EQ(campaigns[1].icpJson, R"({"threshold":70})");
    EXPECT_EQ(campaigns[1].icpLocation.line, 11);
    EXPECT_EQ(campaigns[1].icpLocation.keyPath, "provision.organisations[0].campaigns[1].icp_file");
    EXPECT_EQ(campaigns[1].icpLocation.includedFile, dir + "/q4-icp.yaml");
    std::remove((dir + "/q4-icp.yaml").c_str());
}

TEST(ProvisionReader, SchemaFileInJsonWithErrorsNamesThatFile) {
    std::string path = ::testing::TempDir() + "/schema.json";
    std::ofstream(path) << "{\n  \"fields\": [\n    {\"name\": \"email\", \"type\": \"email\", "
                           "\"required\": false}\n  ]\n}\n";
    try {
        loadProjectSchemaFile(path);
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_THAT(e.what(), HasSubstr(path + ":2: fields: field 'email' is always required"));
    }
    std::ofstream(path) << "{\"fields\": [{\"name\": \"budget\", \"type\": \"string\", "
                           "\"required\": true}]}";
    auto schema = loadProjectSchemaFile(path);
    EXPECT_TRUE(schema.find("budget")->required);
    EXPECT_TRUE(schema.find("email")->required);
    std::remove(path.c_str());
}

// A provisioned campaign's URLs follow the one URL rule: each refusal names the file, the line,
// the key and what is wrong, with a line break in the URL shown rather than obeyed.
TEST(ProvisionReader, CampaignUrlsBreakingTheUrlRuleNameFileLineAndKey) {
    auto messages = errorsOf(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      campaigns:
        - name: Injected
          webhook_url: "http://127.0.0.1:18160/h\r\nX-Injected: 1"
        - name: Spaced
          webhook_url: "https://hooks.acme .test/h"
        - name: Tabbed
          webhook_url: "https://hooks.acme.test/h\tx"
        - name: Ftp
          webhook_url: ftp://hooks.acme.test/h
        - name: Credentials
          calendar_url: "https://ann:pw@cal.acme.test/sales"
        - name: Split
          calendar_url: "https://cal.acme.test/sales\r\nX-Injected: 1"
)");
    ASSERT_EQ(messages.size(), 6u) << ::testing::PrintToString(messages);
    const std::string file = std::string(kConfigFile) + ":";
    EXPECT_THAT(messages[0],
                HasSubstr(file + "7: provision.organisations[0].campaigns[0].webhook_url: "
                                 "expected an absolute http:// or https:// URL"));
    EXPECT_THAT(messages[0], HasSubstr(R"(got "http://127.0.0.1:18160/h\r\nX-Injected: 1", )"
                                       "which contains whitespace or a control character"));
    EXPECT_EQ(messages[0].find('\n'), std::string::npos) << "the line break is shown, not obeyed";
    EXPECT_THAT(messages[1], HasSubstr(file + "9: provision.organisations[0].campaigns[1]."
                                              "webhook_url: expected"));
    EXPECT_THAT(messages[1], HasSubstr("which contains whitespace or a control character"));
    EXPECT_THAT(messages[2], HasSubstr(file + "11: provision.organisations[0].campaigns[2]."
                                              "webhook_url: expected"));
    EXPECT_THAT(messages[3], HasSubstr(file + "13: provision.organisations[0].campaigns[3]."
                                              "webhook_url: expected"));
    EXPECT_THAT(messages[3], HasSubstr("which uses ftp:, not http:// or https://"));
    EXPECT_THAT(messages[4], HasSubstr(file + "15: provision.organisations[0].campaigns[4]."
                                              "calendar_url: expected"));
    EXPECT_THAT(messages[4], HasSubstr("which has a user name or password"));
    EXPECT_THAT(messages[5], HasSubstr(file + "17: provision.organisations[0].campaigns[5]."
                                              "calendar_url: expected"));
}

// Text typed into the dashboard: read as a mapping, errors named by its line, and no ${NAME} in
// it reads the daemon's environment.
TEST(ProvisionReader, TypedMappingsAreTakenLiterally) {
    ::setenv("LODESTONE_TYPED_SECRET", "s3cret", 1);
    auto document = parseMappingText(
        "greeting: \"${LODESTONE_TYPED_SECRET} $${kept} ${ unclosed ${1x}\"\nlimit: 3\n",
        "email sequence", "an email sequence");
    EXPECT_EQ(document.json,
              R"({"greeting":"${LODESTONE_TYPED_SECRET} $${kept} ${ unclosed ${1x}","limit":3})");
    ::unsetenv("LODESTONE_TYPED_SECRET");
    try {
        parseMappingText("- a\n- b\n", "ICP criteria", "ICP criteria");
        ADD_FAILURE() << "a list was taken for a mapping";
    } catch (const ConfigError& e) {
        ASSERT_EQ(e.messages().size(), 1u);
        EXPECT_THAT(e.messages()[0], HasSubstr("ICP criteria:1"));
        EXPECT_THAT(e.messages()[0], HasSubstr("expected a mapping of ICP criteria"));
    }
    EXPECT_THROW(parseMappingText("a: [unclosed\n", "ICP criteria", "ICP criteria"), ConfigError);
}

// Nested aliases would make a few typed lines an enormous document: refused, with the line.
TEST(ProvisionReader, TypedMappingsTakeNoAliases) {
    const std::string laughs =
        "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n";
    try {
        parseMappingText(laughs, "ICP criteria", "ICP criteria");
        ADD_FAILURE() << "aliases were taken";
    } catch (const ConfigError& e) {
        ASSERT_EQ(e.messages().size(), 1u);
        EXPECT_EQ(e.messages()[0],
                  "ICP criteria:2: aliases (*name) are not taken here; write the value out");
    }
    // An anchor alone, and * and & in text, are fine.
    EXPECT_EQ(parseMappingText("a: &a 1\nb: \"*bold* & more\"\n", "x", "x").json,
              R"({"a":1,"b":"*bold* & more"})");
}
