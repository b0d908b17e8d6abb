// Which edits of a config file a reload applies and which wait for a restart.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/ConfigChanges.hpp"

using lodestone::config::reloadable;
using lodestone::config::restartOnlyChanges;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

const std::string kRunning = R"(
server:
  listen: 127.0.0.1:8080
storage:
  path: /var/lib/lodestone/lodestone.db
plugins:
  web:
    library: research-web
    config: { max_pages: 4 }
pipeline:
  research: { plugin: web, concurrency: 16 }
webhooks:
  retry_schedule: [1m, 5m]
logging:
  level: information
provision:
  organisations: []
)";

std::string edited(const std::string& from, const std::string& to, std::string text = kRunning) {
    text.replace(text.find(from), from.size(), to);
    return text;
}

}  // namespace

TEST(ConfigChanges, PluginsLoggingLevelAndProvisionChangeWithoutARestart) {
    EXPECT_THAT(restartOnlyChanges(kRunning, kRunning), IsEmpty());
    EXPECT_THAT(restartOnlyChanges(kRunning, edited("max_pages: 4", "max_pages: 2")), IsEmpty());
    EXPECT_THAT(restartOnlyChanges(kRunning, edited("plugin: web", "plugin: basic")), IsEmpty());
    EXPECT_THAT(restartOnlyChanges(kRunning, edited("level: information", "level: debug")),
                IsEmpty());
    EXPECT_THAT(restartOnlyChanges(kRunning,
                                   edited("organisations: []", "organisations: [{ name: Acme }]")),
                IsEmpty());
}

TEST(ConfigChanges, NamesEveryRestartOnlyKeyThatChanged) {
    const auto text = edited("concurrency: 16", "concurrency: 4",
                             edited("listen: 127.0.0.1:8080", "listen: 127.0.0.1:9090"));
    EXPECT_THAT(restartOnlyChanges(kRunning, text),
                ElementsAre("pipeline.research.concurrency", "server.listen"));
    EXPECT_THAT(restartOnlyChanges(kRunning, edited("127.0.0.1:8080", "127.0.0.1:9090")),
                ElementsAre("server.listen"));
    // A list is one setting; a key added or removed is a change too.
    EXPECT_THAT(restartOnlyChanges(kRunning, edited("[1m, 5m]", "[1m, 5m, 30m]")),
                ElementsAre("webhooks.retry_schedule"));
    EXPECT_THAT(restartOnlyChanges(kRunning, kRunning + "jobs:\n  run: false\n"),
                ElementsAre("jobs.run"));
    // A section added with reloadable keys only needs no restart.
    EXPECT_THAT(restartOnlyChanges("server: {}\n", "server: {}\nlogging: { level: debug }\n"),
                IsEmpty());
    EXPECT_THAT(restartOnlyChanges("server:\n  threads: 4\n", "{}"), ElementsAre("server.threads"));
    EXPECT_THAT(restartOnlyChanges(kRunning, edited("level: information", "file: /tmp/l.log")),
                ElementsAre("logging.file"));
}

TEST(ConfigChanges, ReloadableKeysAreWholeNamesNotPrefixes) {
    EXPECT_TRUE(reloadable("plugins"));
    EXPECT_TRUE(reloadable("plugins.web.config.max_pages"));
    EXPECT_TRUE(reloadable("pipeline.mailer.plugin"));
    EXPECT_FALSE(reloadable("pipeline.mailer.timeout"));
    EXPECT_FALSE(reloadable("pluginsx"));
    EXPECT_FALSE(reloadable("logging.file"));
    EXPECT_FALSE(reloadable("server"));
}
