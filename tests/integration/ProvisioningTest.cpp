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
    std::string banner = first.process().output();
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
