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
                HasSubstr("lodestone.yaml:6: jobs.retry_backoff: expected a duration"));
    EXPECT_THAT(result.errors,
                HasSubstr("lodestone.yaml:8: limits.generate_per_minute: expected an integer"));
    EXPECT_THAT(result.errors, HasSubstr("2 problems"));
    EXPECT_THAT(result.output, Not(HasSubstr("config OK")));
}

TEST(CheckConfig, PluginProblemsNameTheYamlKeyAndLine) {
    TestConfig config(std::string("plugins:\n  echo:\n    library: ") + ECHO_PLUGIN_PATH +
                      "\n    config:\n      greeting: hello\n      volume: 11\n"
                      "  gone:\n    library: /nonexistent/research-gone.so\n");
    auto result = checkConfig(config);
    EXPECT_EQ(result.status.code, 1);
    EXPECT_THAT(result.errors, HasSubstr("lodestone.yaml:10: plugins.echo.config.volume"));
    EXPECT_THAT(result.errors, HasSubstr("plugins.gone.library"));
    EXPECT_THAT(result.errors, HasSubstr("/nonexistent/research-gone.so"));
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
