#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>

#include "IntegrationSupport.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(Daemon, AnswersHealthzAndStopsOnSigterm) {
    TestConfig config;
    Daemon daemon(config.file());
    ASSERT_NE(daemon.waitUntilListening(), 0);

    auto health = daemon.get("/healthz");
    EXPECT_EQ(health.status, 200);
    EXPECT_EQ(health.body, R"({"status":"ok"})");
    EXPECT_EQ(health.headers["Content-Type"], "application/json; charset=utf-8");

    auto status = daemon.stop(SIGTERM);
    EXPECT_EQ(status.code, 0) << daemon.process().errors();
    if (!config.database().postgresql()) {
        EXPECT_TRUE(std::filesystem::exists(config.database().sqliteFile()));
    }
}

TEST(Daemon, StopsOnSigintToo) {
    TestConfig config;
    Daemon daemon(config.file());
    ASSERT_NE(daemon.waitUntilListening(), 0);
    EXPECT_EQ(daemon.stop(SIGINT).code, 0);
}

TEST(Daemon, UnknownPathsGetAJson404) {
    TestConfig config;
    Daemon daemon(config.file());
    ASSERT_NE(daemon.waitUntilListening(), 0);
    for (const char* path : {"/", "/nope", "/api", "/healthz/extra"}) {
        auto reply = daemon.get(path);
        EXPECT_EQ(reply.status, 404) << path;
        EXPECT_EQ(reply.body, R"({"error":"Not found"})") << path;
        EXPECT_EQ(reply.headers["Content-Type"], "application/json; charset=utf-8");
    }
    auto post = httpRequest(daemon.port(), "POST", "/healthz", "{}");
    EXPECT_EQ(post.status, 405);
    EXPECT_EQ(post.headers["Allow"], "GET, HEAD");
}

TEST(Daemon, SigtermDuringStartupStillStopsCleanly) {
    TestConfig config;
    Daemon daemon(config.file());
    // The first subsystem has logged, the HTTP server may not listen yet: the signal lands in
    // the middle of start-up.
    ASSERT_TRUE(eventually(
        [&] { return daemon.process().errors().find("lodestone.storage") != std::string::npos; },
        std::chrono::seconds(30)));
    auto status = daemon.stop(SIGTERM);
    EXPECT_EQ(status.code, 0) << daemon.process().errors();
    EXPECT_FALSE(status.signal.has_value());
}

TEST(Daemon, VersionAndHelp) {
    auto version = runToCompletion(LODESTONED_PATH, {"--version"});
    EXPECT_EQ(version.status.code, 0);
    EXPECT_THAT(version.output, HasSubstr("lodestoned 0."));
    auto help = runToCompletion(LODESTONED_PATH, {"--help"});
    EXPECT_EQ(help.status.code, 0);
    EXPECT_THAT(help.output, HasSubstr("--check-config"));
}

TEST(Daemon, UsageErrorsExitWith64BeforeStarting) {
    TestConfig config;
    auto unknown =
        runToCompletion(LODESTONED_PATH, {"--config", config.file().string(), "--bogus"});
    EXPECT_EQ(unknown.status.code, 64);
    EXPECT_THAT(unknown.errors, HasSubstr("bogus"));
    auto stray = runToCompletion(LODESTONED_PATH, {"--config", config.file().string(), "extra"});
    EXPECT_EQ(stray.status.code, 64);
    EXPECT_THAT(stray.errors, HasSubstr("unexpected argument \"extra\""));
    EXPECT_THAT(stray.errors, Not(HasSubstr("listening")));
    EXPECT_FALSE(std::filesystem::exists(config.dir() / "var"));
}

TEST(Daemon, PortInUseIsAClearStartupError) {
    TestConfig first;
    Daemon running(first.file());
    auto port = running.waitUntilListening();
    TestConfig second;
    std::ofstream(second.file()) << "server:\n  listen: \"127.0.0.1:" << port
                                 << "\"\nstorage:\n  path: var/lodestone.db\n";
    auto clash = runToCompletion(LODESTONED_PATH, {"--config", second.file().string()});
    EXPECT_EQ(clash.status.code, 70);  // EX_SOFTWARE
    EXPECT_THAT(clash.errors, HasSubstr("cannot start"));
    EXPECT_THAT(clash.errors, HasSubstr("in use"));
}

TEST(Daemon, LodestonectlWorksWhileTheDaemonRuns) {
    TestConfig config;
    Daemon daemon(config.file());
    ASSERT_NE(daemon.waitUntilListening(), 0);
    auto created = runToCompletion(
        LODESTONECTL_PATH,
        {"--config", config.file().string(), "org", "create", "Acme", "--credits", "5", "--json"});
    EXPECT_EQ(created.status.code, 0) << created.errors;
    EXPECT_THAT(created.output, HasSubstr("\"name\":\"Acme\""));
    EXPECT_EQ(daemon.get("/healthz").status, 200);
    EXPECT_EQ(daemon.stop(SIGTERM).code, 0);
}
