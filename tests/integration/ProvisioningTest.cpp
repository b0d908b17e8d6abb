#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "IntegrationSupport.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

// etc/demo.yaml as shipped, copied to <tmp>/etc/ so its ../var/ lands in <tmp>/var/, and moved
// to a free port.
std::filesystem::path copyDemoConfig(const TempDir& dir) {
    std::ifstream in(std::string(LODESTONE_SOURCE_DIR) + "/etc/demo.yaml");
    std::stringstream text;
    text << in.rdbuf();
    std::string yaml = std::regex_replace(text.str(), std::regex(R"(listen: "127.0.0.1:8080")"),
                                          R"(listen: "127.0.0.1:0")");
    EXPECT_NE(yaml, text.str()) << "demo.yaml no longer listens on 127.0.0.1:8080";
    std::filesystem::create_directories(dir / "etc");
    auto file = dir / "etc" / "demo.yaml";
    std::ofstream(file) << yaml;
    return file;
}

}  // namespace

TEST(Provisioning, DemoPrintsAKeyOnceAndReusesEverything) {
    TempDir dir;
    auto config = copyDemoConfig(dir);

    Daemon first(config);
    ASSERT_NE(first.waitUntilListening(), 0);
    // Standard output is a file here, not a terminal: the key goes to a file of its own, mode
    // 0600, which the log names; neither output nor log shows it.
    const auto secrets = dir / "var" / "provisioned-keys.txt";
    EXPECT_THAT(first.process().errors(), HasSubstr("written to " + secrets.string()));
    EXPECT_THAT(first.process().output(), Not(HasSubstr("lsk_")));
    EXPECT_THAT(first.process().errors(), Not(HasSubstr("lsk_")));
    ASSERT_TRUE(std::filesystem::exists(secrets));
    EXPECT_EQ(std::filesystem::status(secrets).permissions() & std::filesystem::perms::all,
              std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
    std::string banner;
    {
        std::ifstream in(secrets);
        std::stringstream text;
        text << in.rdbuf();
        banner = text.str();
    }
    std::smatch key;
    ASSERT_TRUE(std::regex_search(banner, key, std::regex(R"(lsk_[a-z0-9]{40})"))) << banner;
    EXPECT_THAT(banner, HasSubstr("curl -sS -X POST http://127.0.0.1:8080/api/projects/"));
    EXPECT_THAT(banner, HasSubstr("Authorization: Bearer " + key.str()));
    EXPECT_EQ(first.stop(SIGTERM).code, 0);
    EXPECT_TRUE(std::filesystem::exists(dir / "var" / "demo.db"));

    Daemon second(config);
    ASSERT_NE(second.waitUntilListening(), 0);
    EXPECT_THAT(second.process().output(), Not(HasSubstr("lsk_")));
    EXPECT_THAT(second.process().errors(), Not(HasSubstr("lsk_")));
    EXPECT_THAT(second.process().errors(), HasSubstr("up to date"));
    EXPECT_EQ(second.stop(SIGTERM).code, 0);

    auto orgs =
        runToCompletion(LODESTONECTL_PATH, {"--config", config.string(), "org", "list", "--json"});
    EXPECT_EQ(orgs.status.code, 0) << orgs.errors;
    EXPECT_THAT(orgs.output, HasSubstr("\"name\":\"Demo Organisation\""));
    EXPECT_THAT(orgs.output, HasSubstr("\"credits\":1000"));
}

// Provisioned URLs follow the one URL rule: lodestoned refuses to start, naming the file, the
// line and the key, with the URL's line break shown rather than obeyed, and stores nothing.
TEST(Provisioning, UrlsBreakingTheUrlRuleStopTheStartNamingFileLineAndKey) {
    TestConfig config(R"(provision:
  organisations:
    - name: Acme
      campaigns:
        - name: Injected
          webhook_url: "http://127.0.0.1:18160/h\r\nX-Injected: 1"
        - name: Credentials
          calendar_url: "https://user:pw@cal.acme.test/book"
        - name: Spaced
          webhook_url: "https://hooks acme.test/h"
)");
    auto result = runToCompletion(LODESTONED_PATH, {"--config", config.file().string()});
    EXPECT_EQ(result.status.code, 78);
    EXPECT_THAT(result.errors,
                HasSubstr("lodestone.yaml:11: provision.organisations[0].campaigns[0].webhook_url: "
                          "expected an absolute http:// or https:// URL"));
    EXPECT_THAT(result.errors, HasSubstr(R"(got "http://127.0.0.1:18160/h\r\nX-Injected: 1", )"
                                         "which contains whitespace or a control character"));
    EXPECT_THAT(result.errors, Not(HasSubstr("\nX-Injected")));
    EXPECT_THAT(
        result.errors,
        HasSubstr("lodestone.yaml:13: provision.organisations[0].campaigns[1].calendar_url"));
    EXPECT_THAT(result.errors, HasSubstr("which has a user name or password"));
    EXPECT_THAT(
        result.errors,
        HasSubstr("lodestone.yaml:15: provision.organisations[0].campaigns[2].webhook_url"));
    EXPECT_FALSE(std::filesystem::exists(config.dir() / "var")) << "no database was opened";
}

// A webhook URL on this machine is stored (the setting may be turned on later), but the log says
// deliveries will not reach it; --check-config says so too.
TEST(Provisioning, AWebhookUrlOnLoopbackIsAWarningWhilePrivateNetworksAreOff) {
    const std::string provision = R"(provision:
  organisations:
    - name: Acme
      campaigns:
        - name: Local
          webhook_url: http://127.0.0.1:18160/h
)";
    const std::string warning =
        "lodestone.yaml:11: provision.organisations[0].campaigns[0].webhook_url: the webhook "
        "URL's host 127.0.0.1 is a loopback address: deliveries to it are refused while "
        "webhooks.allow_private_networks is off";
    TestConfig config(provision);
    auto checked =
        runToCompletion(LODESTONED_PATH, {"--config", config.file().string(), "--check-config"});
    EXPECT_EQ(checked.status.code, 0) << checked.errors;
    EXPECT_THAT(checked.errors, HasSubstr("warning: " + std::string(config.file()) + ":11:"));
    EXPECT_THAT(checked.errors, HasSubstr(warning));

    Daemon daemon(config.file());
    ASSERT_NE(daemon.waitUntilListening(), 0);
    EXPECT_THAT(daemon.process().errors(), HasSubstr(warning));
    EXPECT_EQ(daemon.stop(SIGTERM).code, 0);

    TestConfig allowed(provision + "webhooks:\n  allow_private_networks: true\n");
    auto quiet =
        runToCompletion(LODESTONED_PATH, {"--config", allowed.file().string(), "--check-config"});
    EXPECT_EQ(quiet.status.code, 0) << quiet.errors;
    EXPECT_THAT(quiet.errors, Not(HasSubstr("warning")));
}
