#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "IntegrationSupport.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

Completed checkConfig(const TestConfig& config) {
    return runToCompletion(LODESTONED_PATH, {"--config", config.file().string(), "--check-config"});
}

}  // namespace

TEST(CheckConfig, ValidConfigWithAPluginPrintsConfigOk) {
    TestConfig config(std::string("plugins:\n  echo:\n    library: ") + ECHO_PLUGIN_PATH +
                      "\n    config:\n      greeting: hello\n"
                      "pipeline:\n  research:\n    plugin: echo\n");
    auto result = checkConfig(config);
    EXPECT_EQ(result.status.code, 0) << result.errors;
    EXPECT_THAT(result.output, HasSubstr("config OK"));
    // A check has no side effects: no database is created.
    EXPECT_FALSE(std::filesystem::exists(config.dir() / "var"));
}

TEST(CheckConfig, EveryProblemIsListedWithKeyAndLine) {
    TestConfig config("jobs:\n  retry_backoff: soon\nlimits:\n  generate_per_minute: lots\n");
    auto result = checkConfig(config);
    EXPECT_EQ(result.status.code, 1);
    EXPECT_THAT(result.errors,
                HasSubstr("lodestone.yaml:7: jobs.retry_backoff: expected a duration"));
    EXPECT_THAT(result.errors,
                HasSubstr("lodestone.yaml:9: limits.generate_per_minute: expected an integer"));
    EXPECT_THAT(result.errors, HasSubstr("2 problems"));
    EXPECT_THAT(result.output, Not(HasSubstr("config OK")));
}

TEST(CheckConfig, PluginProblemsNameTheYamlKeyAndLine) {
    TestConfig config(std::string("plugins:\n  echo:\n    library: ") + ECHO_PLUGIN_PATH +
                      "\n    config:\n      greeting: hello\n      volume: 11\n"
                      "  gone:\n    library: /nonexistent/research-gone.so\n");
    auto result = checkConfig(config);
    EXPECT_EQ(result.status.code, 1);
    EXPECT_THAT(result.errors, HasSubstr("lodestone.yaml:11: plugins.echo.config.volume"));
    EXPECT_THAT(result.errors, HasSubstr("plugins.gone.library"));
    EXPECT_THAT(result.errors, HasSubstr("/nonexistent/research-gone.so"));
}

TEST(CheckConfig, FileAndPluginProblemsAreReportedInOneRun) {
    TestConfig config(std::string("plugins:\n  echo:\n    library: ") + ECHO_PLUGIN_PATH +
                      "\n    config:\n      greeting: hello\n      volume: 11\n"
                      "jobs:\n  retry_backoff: soon\n");
    auto result = checkConfig(config);
    EXPECT_EQ(result.status.code, 1);
    EXPECT_THAT(result.errors, HasSubstr("jobs.retry_backoff: expected a duration"));
    EXPECT_THAT(result.errors, HasSubstr("plugins.echo.config.volume"));
    EXPECT_THAT(result.errors, HasSubstr("2 problems"));
}

// Criteria whose meaning config does not know, judged once the file is loaded: reported as the
// loader reports its own problems, and before the database is opened to provision anything.
const char* const kBadIcp = R"(provision:
  organisations:
    - name: Acme
      campaigns:
        - name: Q3
          icp:
            criteria:
              employees: { min: 500, max: 50 }
)";

TEST(CheckConfig, BadIcpCriteriaAreListedWithKeyAndLine) {
    TestConfig config(kBadIcp);
    auto result = checkConfig(config);
    EXPECT_EQ(result.status.code, 1);
    EXPECT_THAT(result.errors,
                HasSubstr("lodestone.yaml:13: provision.organisations[0].campaigns[0].icp."
                          "criteria.employees: min 500 is greater than max 50"));
    EXPECT_THAT(result.errors, HasSubstr("1 problem in"));
    EXPECT_THAT(result.output, Not(HasSubstr("config OK")));
}

TEST(CheckConfig, ServingWithBadIcpCriteriaProvisionsNothing) {
    TestConfig config(kBadIcp);
    auto result = runToCompletion(LODESTONED_PATH, {"--config", config.file().string()});
    EXPECT_EQ(result.status.code, 78);
    EXPECT_THAT(result.errors, HasSubstr("the configuration is invalid"));
    EXPECT_THAT(result.errors,
                HasSubstr("lodestone.yaml:13: provision.organisations[0].campaigns[0].icp."
                          "criteria.employees: min 500 is greater than max 50"));
    EXPECT_FALSE(std::filesystem::exists(config.dir() / "var")) << "no database was opened";
}

TEST(CheckConfig, ServingWithABadConfigExitsWithExConfig) {
    TestConfig config("", "  threads: lots\n");
    auto result = runToCompletion(LODESTONED_PATH, {"--config", config.file().string()});
    EXPECT_EQ(result.status.code, 78);
    EXPECT_THAT(result.errors, HasSubstr("the configuration is invalid"));
    EXPECT_THAT(result.errors, HasSubstr("server.threads"));
}

TEST(CheckConfig, ShippedConfigsAreValid) {
    for (const char* file : {"/etc/lodestone.yaml", "/etc/demo.yaml"}) {
        auto result = runToCompletion(
            LODESTONED_PATH,
            {"--config", std::string(LODESTONE_SOURCE_DIR) + file, "--check-config"});
        EXPECT_EQ(result.status.code, 0) << file << ":\n" << result.errors;
        EXPECT_THAT(result.output, HasSubstr("config OK")) << file;
    }
}

// The commented examples in etc/lodestone.yaml are what operators copy: uncommented, they must
// load as they are (plugins, the provision block with inline schema and settings, an ICP file).
TEST(CheckConfig, ShippedConfigsExamplesAreValid) {
    std::ifstream shipped(std::string(LODESTONE_SOURCE_DIR) + "/etc/lodestone.yaml");
    std::string yaml, line;
    while (std::getline(shipped, line)) {
        if (line == "plugins: {}") line = "plugins:";
        if (line == "provision: {}") line = "provision:";
        if (line == "mailbox: ~") line = "mailbox:";
        if (line.starts_with("#  ")) line = line.substr(1);  // an example line, not prose
        if (line.starts_with("  path: /var/lib/")) line = "  path: var/lodestone.db";
        if (auto at = line.find("${ACME_CRM_KEY}"); at != std::string::npos) {
            line.replace(at, 15, "lsk_example_pinned_key_0000000000000000");
        }
        if (auto at = line.find("${LODESTONE_SMTP_PASSWORD}"); at != std::string::npos) {
            line.replace(at, 26, "example-smtp-password");
        }
        if (auto at = line.find("${LODESTONE_MAILBOX_PASSWORD}"); at != std::string::npos) {
            line.replace(at, 29, "example-mailbox-password");
        }
        if (auto at = line.find("${OPENAI_API_KEY}"); at != std::string::npos) {
            line.replace(at, 17, "sk-example-openai-key");
        }
        yaml += line + "\n";
    }
    ASSERT_THAT(yaml, HasSubstr("organisations:"));
    TempDir dir;
    std::ofstream(dir / "lodestone.yaml") << yaml;
    std::filesystem::create_directories(dir / "icp");
    std::ofstream(dir / "icp" / "q3.yaml")
        << "threshold: 60\ncriteria:\n  industries: { include: [Software] }\n";
    std::filesystem::create_directories(dir / "sequences");
    std::ofstream(dir / "sequences" / "q3.yaml")
        << "from: { address: ada@acme.example }\nsteps:\n  - subject: Hello {{firstName}}\n"
           "    text: \"Book: {{bookingUrl}}\"\n";
    auto result = runToCompletion(
        LODESTONED_PATH, {"--config", (dir / "lodestone.yaml").string(), "--check-config"});
    EXPECT_EQ(result.status.code, 0) << yaml << "\n" << result.errors;
}
