#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "ConfigTestSupport.hpp"

using namespace lodestone::config;
using namespace lodestone::config::testing;
using namespace std::chrono_literals;
using ::testing::HasSubstr;

namespace {

const char* const kFullConfig = R"(server:
  listen: "0.0.0.0:9090"
  public_url: "https://leads.example.com/"
  threads: 8
  max_body_bytes: 2048
storage:
  driver: sqlite
  path: ../var/lodestone.db
  busy_timeout: 2s
plugins:
  basic:
    library: research-basic
  writer:
    library: ./lib/content-template.so
    config:
      tone: friendly
pipeline:
  research: { plugin: basic, concurrency: 4, timeout: 30s, allow_private_networks: true }
  content: { plugin: writer, timeout: 2m, stuck_after: 5m, allow_private_networks: true }
  finalize: { concurrency: 2 }
webhooks:
  timeout: 3s
  retry_schedule: [200ms, 400ms]
  allow_private_networks: true
limits: { generate_per_minute: 10, status_per_minute: 20, campaign_leads_per_minute: 30 }
jobs: { max_retries: 5, retry_backoff: 1s, shutdown_grace: 3s }
logging: { level: debug, file: /var/log/lodestone.log }
)";

}  // namespace

TEST(ConfigLoader, ReadsAValidFile) {
    Config config = parse(kFullConfig);
    EXPECT_EQ(config.server.host, "0.0.0.0");
    EXPECT_EQ(config.server.port, 9090);
    EXPECT_EQ(config.server.publicUrl, "https://leads.example.com");
    EXPECT_EQ(config.server.threads, 8);
    EXPECT_EQ(config.server.maxBodyBytes, 2048);
    EXPECT_EQ(config.storage.path, "/srv/lodestone/var/lodestone.db");
    EXPECT_EQ(config.storage.busyTimeout, 2s);
    // The two declared, then the bundled webhook-http that `webhooks` uses by default.
    ASSERT_EQ(config.plugins.size(), 3u);
    EXPECT_EQ(config.plugins[2].name, "webhook-http");
    EXPECT_EQ(config.plugins[0].library, "/usr/lib/lodestone/plugins/research-basic.so");
    EXPECT_EQ(config.plugins[1].library, "/srv/lodestone/etc/lib/content-template.so");
    ASSERT_TRUE(config.plugins[1].config.has_value());
    EXPECT_EQ(config.plugins[1].config->line(), 15);
    EXPECT_EQ(config.pipeline.research.plugin->name, "basic");
    EXPECT_EQ(config.pipeline.research.concurrency, 4);
    EXPECT_EQ(config.pipeline.research.timeout, 30s);
    EXPECT_EQ(config.pipeline.content.concurrency, 16);  // default kept
    EXPECT_EQ(config.pipeline.content.timeout, 2min);
    EXPECT_EQ(config.pipeline.content.stuckAfter, 5min);
    EXPECT_EQ(config.pipeline.research.stuckAfter, 30s);  // the step's timeout
    EXPECT_TRUE(config.pipeline.research.allowPrivateNetworks);
    EXPECT_TRUE(config.pipeline.content.allowPrivateNetworks);
    EXPECT_EQ(config.pipeline.finalize.concurrency, 2);
    EXPECT_EQ(config.webhooks.timeout, 3s);
    EXPECT_EQ(config.webhooks.retrySchedule, (std::vector<Duration>{200ms, 400ms}));
    EXPECT_TRUE(config.webhooks.allowPrivateNetworks);
    EXPECT_EQ(config.limits.generatePerMinute, 10);
    EXPECT_EQ(config.limits.statusPerMinute, 20);
    EXPECT_EQ(config.limits.campaignLeadsPerMinute, 30);
    EXPECT_EQ(config.jobs.maxRetries, 5);
    EXPECT_EQ(config.jobs.retryBackoff, 1s);
    EXPECT_EQ(config.jobs.shutdownGrace, 3s);
    EXPECT_EQ(config.logging.level, "debug");
    EXPECT_EQ(*config.logging.file, "/var/log/lodestone.log");
}

TEST(ConfigLoader, DefaultsMatchTheDocumentedValues) {
    Config config = parse("storage: { path: lodestone.db }\n");
    EXPECT_EQ(config.server.host, "127.0.0.1");
    EXPECT_EQ(config.server.port, 8080);
    EXPECT_EQ(config.server.threads, 32);
    EXPECT_EQ(config.server.maxBodyBytes, 1048576);
    EXPECT_EQ(config.limits.generatePerMinute, 100);
    EXPECT_EQ(config.limits.statusPerMinute, 300);
    EXPECT_EQ(config.limits.campaignLeadsPerMinute, 100);
    EXPECT_EQ(config.jobs.maxRetries, 3);
    EXPECT_EQ(config.jobs.retryBackoff, 10s);
    EXPECT_EQ(config.jobs.shutdownGrace, 20s);
    EXPECT_EQ(config.webhooks.timeout, 5s);
    EXPECT_EQ(config.webhooks.retrySchedule, (std::vector<Duration>{1min, 5min, 30min, 2h}));
    EXPECT_FALSE(config.webhooks.allowPrivateNetworks);
    EXPECT_FALSE(config.pipeline.research.allowPrivateNetworks);
    EXPECT_FALSE(config.pipeline.content.allowPrivateNetworks);
    EXPECT_EQ(config.pipeline.research.concurrency, 16);
    EXPECT_EQ(config.pipeline.research.timeout, 60s);
    EXPECT_EQ(config.pipeline.content.timeout, 120s);
    EXPECT_EQ(config.pipeline.finalize.concurrency, 4);
    EXPECT_EQ(config.pipeline.finalize.timeout, 30s);
    EXPECT_EQ(config.pipeline.research.stuckAfter, 60s);
    EXPECT_EQ(config.pipeline.content.stuckAfter, 120s);
}

TEST(ConfigLoader, TheVocabularyIsBesideThePluginsUnlessNamed) {
    const auto plugins = std::filesystem::temp_directory_path() /
                         ("lodestone-config-vocabulary-" + std::to_string(::getpid()));
    std::filesystem::create_directories(plugins);
    auto options = optionsWithEnv();
    options.pluginDir = plugins;
    const std::string yaml = "storage: { path: lodestone.db }\n";
    // None there: the words built in.
    EXPECT_EQ(parseConfig(yaml, kConfigFile, options).pipeline.vocabulary, "");
    std::ofstream(plugins / "vocabulary.yaml") << "industries: []\n";
    EXPECT_EQ(parseConfig(yaml, kConfigFile, options).pipeline.vocabulary,
              plugins / "vocabulary.yaml");
    std::filesystem::remove_all(plugins);
    // Relative to the config file, as every path of it is.
    EXPECT_EQ(parse("storage: { path: lodestone.db }\npipeline: { vocabulary: words.yaml }\n")
                  .pipeline.vocabulary,
              "/srv/lodestone/etc/words.yaml");
}

TEST(ConfigLoader, UnknownKeyNamesKeyLineAndValidKeys) {
    auto message = errorOf("storage: { path: x.db }\nserver:\n  threads: 4\n  lisen: x\n");
    EXPECT_THAT(message, HasSubstr("lodestone.yaml:4: server.lisen: unknown key"));
    EXPECT_THAT(message, HasSubstr("listen"));
}

TEST(ConfigLoader, UnknownTopLevelSection) {
    EXPECT_THAT(errorOf("storage: { path: x.db }\ndatabase: {}\n"),
                HasSubstr("lodestone.yaml:2: database: unknown key"));
}

TEST(ConfigLoader, KeyGivenTwiceIsAnError) {
    EXPECT_THAT(errorOf("server:\n  threads: 4\nstorage: { path: x.db }\nserver:\n  threads: 8\n"),
                HasSubstr("lodestone.yaml:4: server: key given twice (first on line 1)"));
    EXPECT_THAT(errorOf("storage: { path: x.db, path: y.db }\n"),
                HasSubstr("storage.path: key given twice"));
}

TEST(ConfigLoader, WrongTypeNamesKeyAndLine) {
    EXPECT_THAT(errorOf("storage:\n  path: x.db\nserver:\n  threads: many\n"),
                HasSubstr("lodestone.yaml:4: server.threads: expected an integer, got \"many\""));
    EXPECT_THAT(errorOf("storage: { path: x.db }\nwebhooks:\n  allow_private_networks: maybe\n"),
                HasSubstr("lodestone.yaml:3: webhooks.allow_private_networks: expected true or "
                          "false"));
    EXPECT_THAT(errorOf("storage:\n  path: [a, b]\n"),
                HasSubstr("lodestone.yaml:2: storage.path: expected a string, got a list"));
}

// Only research's and content's plugins reach out (a website, a language model's server), so
// only they have a network policy.
TEST(ConfigLoader, OnlyResearchAndContentTakeAllowPrivateNetworks) {
    EXPECT_THAT(errorOf("storage: { path: x.db }\npipeline:\n  research:\n"
                        "    allow_private_networks: sometimes\n"),
                HasSubstr("lodestone.yaml:4: pipeline.research.allow_private_networks: expected "
                          "true or false"));
    EXPECT_THAT(errorOf("storage: { path: x.db }\npipeline:\n  content:\n"
                        "    allow_private_networks: sometimes\n"),
                HasSubstr("lodestone.yaml:4: pipeline.content.allow_private_networks: expected "
                          "true or false"));
    EXPECT_THAT(
        errorOf("storage: { path: x.db }\npipeline:\n  finalize:\n"
                "    allow_private_networks: true\n"),
        HasSubstr("lodestone.yaml:4: pipeline.finalize.allow_private_networks: unknown key"));
}

TEST(ConfigLoader, OutOfRangeNamesKeyAndLine) {
    EXPECT_THAT(errorOf("storage: { path: x.db }\nserver: { threads: 0 }\n"),
                HasSubstr("lodestone.yaml:2: server.threads: must be between 1 and 1024"));
}

TEST(ConfigLoader, ServerTimeoutsMustBeWithinTheirRanges) {
    struct Bad {
        const char* key;
        const char* value;
        const char* range;
    };
    for (const Bad& bad : {Bad{"head_timeout", "0s", "1s and 10m, got 0s"},
                           Bad{"head_timeout", "999ms", "1s and 10m, got 999ms"},
                           Bad{"head_timeout", "11m", "1s and 10m, got 11m"},
                           Bad{"keep_alive_timeout", "0s", "1s and 1h, got 0s"},
                           Bad{"keep_alive_timeout", "2h", "1s and 1h, got 2h"},
                           Bad{"send_timeout", "0ms", "1s and 1h, got 0s"},
                           Bad{"send_timeout", "1d", "1s and 1h, got 1d"},
                           Bad{"key_last_used_interval", "50ms", "100ms and 1h, got 50ms"},
                           Bad{"key_last_used_interval", "2h", "100ms and 1h, got 2h"}}) {
        EXPECT_THAT(errorOf(std::string("storage: { path: x.db }\nserver:\n  ") + bad.key + ": " +
                            bad.value + "\n"),
                    HasSubstr(std::string("lodestone.yaml:3: server.") + bad.key +
                              ": must be between " + bad.range))
            << bad.key << " " << bad.value;
    }
    auto config = parse(
        "storage: { path: x.db }\nserver:\n  head_timeout: 1s\n  keep_alive_timeout: 1h\n"
        "  send_timeout: 1000ms\n");
    EXPECT_EQ(config.server.headTimeout, std::chrono::seconds(1));
    EXPECT_EQ(config.server.keepAliveTimeout, std::chrono::hours(1));
    EXPECT_EQ(config.server.sendTimeout, std::chrono::seconds(1));
    EXPECT_EQ(config.server.keyLastUsedInterval, std::chrono::minutes(1)) << "the default";
}

TEST(ConfigLoader, MissingRequiredKeyNamesKeyAndLine) {
    EXPECT_THAT(errorOf("server: { threads: 4 }\nstorage:\n  driver: sqlite\n"),
                HasSubstr("lodestone.yaml:2: storage.path: required key is missing"));
    EXPECT_THAT(errorOf("server: { threads: 4 }\n"), HasSubstr("storage: required key is missing"));
    EXPECT_THAT(errorOf("storage: { path: x.db }\nplugins:\n  basic:\n    config: {}\n"),
                HasSubstr("lodestone.yaml:3: plugins.basic.library: required key is missing"));
}

TEST(ConfigLoader, BadDurationNamesKeyAndLine) {
    EXPECT_THAT(errorOf("storage: { path: x.db }\njobs:\n  retry_backoff: 10 seconds\n"),
                HasSubstr("lodestone.yaml:3: jobs.retry_backoff: expected a duration"));
    EXPECT_THAT(
        errorOf("storage: { path: x.db }\nwebhooks:\n  retry_schedule:\n    - 1m\n    - soon\n"),
        HasSubstr("lodestone.yaml:5: webhooks.retry_schedule[1]: expected a duration"));
}

TEST(ConfigLoader, UnsetEnvironmentVariableNamesKeyLineAndVariable) {
    auto message = errorOf("storage:\n  path: ${LODESTONE_DB}\n");
    EXPECT_THAT(message, HasSubstr("lodestone.yaml:2: storage.path:"));
    EXPECT_THAT(message, HasSubstr("LODESTONE_DB is not set"));
}

TEST(ConfigLoader, ExpandsEnvironmentVariables) {
    Config config = parse("storage:\n  path: ${DATA}/lodestone.db\nserver:\n  threads: ${N}\n",
                          {{"DATA", "/data"}, {"N", "12"}});
    EXPECT_EQ(config.storage.path, "/data/lodestone.db");
    EXPECT_EQ(config.server.threads, 12);
}

TEST(ConfigLoader, ReportsEveryProblemAtOnce) {
    auto messages = errorsOf("server:\n  threads: x\n  port: 1\nstorage: {}\n");
    EXPECT_EQ(messages.size(), 3u) << ::testing::PrintToString(messages);
}

TEST(ConfigLoader, YamlSyntaxErrorNamesTheLine) {
    EXPECT_THAT(errorOf("storage:\n  path: x.db\nserver: [unclosed\n"),
                HasSubstr("YAML syntax error"));
}

TEST(ConfigLoader, ListenAcceptsIpv6AndRejectsGarbage) {
    Config config = parse("storage: { path: x.db }\nserver: { listen: \"[::1]:0\" }\n");
    EXPECT_EQ(config.server.host, "::1");
    EXPECT_EQ(config.server.port, 0);
    EXPECT_THAT(errorOf("storage: { path: x.db }\nserver: { listen: \"localhost\" }\n"),
                HasSubstr("server.listen: expected host:port"));
    EXPECT_THAT(errorOf("storage: { path: x.db }\nserver: { listen: \"h:70000\" }\n"),
                HasSubstr("server.listen: port must be between 0 and 65535"));
}

TEST(ConfigLoader, MetricsListenIsReadLikeListen) {
    EXPECT_FALSE(parse("storage: { path: x.db }\n").server.metricsListen);
    Config config = parse("storage: { path: x.db }\nserver: { metrics_listen: \"[::1]:9100\" }\n");
    ASSERT_TRUE(config.server.metricsListen);
    EXPECT_EQ(config.server.metricsListen->host, "::1");
    EXPECT_EQ(config.server.metricsListen->port, 9100);
    EXPECT_THAT(errorOf("storage: { path: x.db }\nserver: { metrics_listen: \"9100\" }\n"),
                HasSubstr("server.metrics_listen: expected host:port"));
    EXPECT_THAT(errorOf("storage: { path: x.db }\nserver: { metrics_listen: \"h:99999\" }\n"),
                HasSubstr("server.metrics_listen: port must be between 0 and 65535"));
    EXPECT_THAT(errorOf("storage: { path: x.db }\nserver: { listen: \"127.0.0.1:9100\", "
                        "metrics_listen: \"127.0.0.1:9100\" }\n"),
                HasSubstr("server.metrics_listen: must differ from server.listen"));
}

TEST(ConfigLoader, PublicUrlMustBeHttp) {
    EXPECT_THAT(errorOf("storage: { path: x.db }\nserver: { public_url: \"ftp://x\" }\n"),
                HasSubstr("server.public_url: expected an absolute http:// or https:// URL"));
}

// Config URLs follow the one URL rule (domain/Urls.hpp): a quoted space or escaped control
// character is refused, not parsed around.
TEST(ConfigLoader, PublicUrlMayHoldNoSpaceOrControlCharacter) {
    for (const char* url :
         {R"(https://leads .example.com)", R"(https://leads.example.com/a\tb)",
          R"(https://leads.example.com/\r\nX: 1)", R"(https://le\x01ads.example)"}) {
        EXPECT_THAT(errorOf(std::string("storage: { path: x.db }\nserver: { public_url: \"") + url +
                            "\" }\n"),
                    HasSubstr("server.public_url: expected an absolute http:// or https:// URL "
                              "with a host, without a user name or password, and without "
                              "whitespace or control characters"))
            << url;
    }
}

TEST(ConfigLoader, PipelineMustNameADeclaredPlugin) {
    EXPECT_THAT(errorOf("storage: { path: x.db }\npipeline:\n  research:\n    plugin: nope\n"),
                HasSubstr("lodestone.yaml:4: pipeline.research.plugin: no plugin named \"nope\""));
}

TEST(ConfigLoader, FinalizeTakesNoPlugin) {
    EXPECT_THAT(errorOf("storage: { path: x.db }\npipeline:\n  finalize:\n    plugin: x\n"),
                HasSubstr("lodestone.yaml:4: pipeline.finalize.plugin: unknown key"));
}

TEST(ConfigLoader, OnlySqliteAndPostgresqlAreSupported) {
    EXPECT_THAT(errorOf("storage: { driver: oracle, path: x.db }\n"),
                HasSubstr("storage.driver: unsupported storage driver \"oracle\" (expected "
                          "sqlite or postgresql)"));
}

TEST(ConfigLoader, PostgresqlTakesADsnWithItsPasswordFromTheEnvironment) {
    Config config = parse(
        "storage:\n  driver: postgresql\n  dsn: \"host=db1 dbname=lodestone password=${PGPW}\"\n"
        "  statement_timeout: 5s\n  pool_size: 16\n",
        {{"PGPW", "s3cret"}});
    EXPECT_EQ(config.storage.driver, "postgresql");
    EXPECT_EQ(config.storage.dsn, "host=db1 dbname=lodestone password=s3cret");
    EXPECT_EQ(config.storage.statementTimeout, 5s);
    EXPECT_EQ(config.storage.poolSize, 16);
    EXPECT_TRUE(config.storage.path.empty());
}

TEST(ConfigLoader, EachDriverRefusesTheOthersKeysAndRequiresItsOwn) {
    EXPECT_THAT(errorOf("storage:\n  driver: postgresql\n"),
                HasSubstr("storage.dsn: required key is missing"));
    EXPECT_THAT(errorOf("storage:\n  driver: postgresql\n  dsn: \"dbname=x\"\n  path: x.db\n"),
                HasSubstr("lodestone.yaml:4: storage.path: only for driver sqlite (this "
                          "section's driver is postgresql)"));
    EXPECT_THAT(errorOf("storage:\n  path: x.db\n  dsn: \"dbname=x\"\n"),
                HasSubstr("lodestone.yaml:3: storage.dsn: only for driver postgresql"));
    EXPECT_THAT(errorOf("storage:\n  driver: postgresql\n  dsn: \"dbname=x\"\n"
                        "  statement_timeout: 10ms\n"),
                HasSubstr("storage.statement_timeout: must be between"));
}

TEST(ConfigLoader, MissingFileIsAClearError) {
    try {
        loadConfig("/nonexistent/lodestone.yaml", optionsWithEnv());
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_THAT(e.what(), HasSubstr("/nonexistent/lodestone.yaml: cannot read file"));
    }
}
