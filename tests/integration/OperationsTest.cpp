// lodestoned as an operator and systemd see it: SIGHUP reloads the config (plugins swapped
// under running work, a broken file refused), the sd_notify protocol on a socket the test binds,
// and a port in use found before the database is touched.
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "EngineSupport.hpp"
#include "support/DatabaseBackdoor.hpp"
#include "support/TempDir.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

const std::string kAda =
    R"({"email":"ada@analytical-engines.co.uk","fullName":"Ada Lovelace","company":"Analytical Engines"})";

constexpr auto kPatience = std::chrono::seconds(30);

bool logged(EngineDaemon& engine, const std::string& text) {
    return eventually(
        [&] { return engine.daemon().process().errors().find(text) != std::string::npos; },
        kPatience);
}

// A unix datagram socket standing in for systemd's notification socket.
class NotifySocket {
  public:
    NotifySocket() : path_(dir_.path() / "notify") {
        fd_ = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        std::snprintf(address.sun_path, sizeof address.sun_path, "%s", path_.c_str());
        if (::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
            ADD_FAILURE() << "cannot bind " << path_;
        }
        timeval timeout{0, 100'000};
        ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    }
    ~NotifySocket() { ::close(fd_); }
    const std::filesystem::path& path() const { return path_; }

    // Every datagram received so far, in order.
    const std::vector<std::string>& messages() {
        char buffer[4096];
        ssize_t size;
        while ((size = ::recv(fd_, buffer, sizeof buffer, 0)) > 0) {
            received_.emplace_back(buffer, static_cast<std::size_t>(size));
        }
        return received_;
    }
    bool saw(const std::string& text) {
        return eventually(
            [&] {
                for (const auto& message : messages()) {
                    if (message.find(text) != std::string::npos) return true;
                }
                return false;
            },
            kPatience);
    }
    // The messages that change the service's state (READY, RELOADING, STOPPING), first lines.
    std::vector<std::string> states() {
        std::vector<std::string> out;
        for (const auto& message : messages()) {
            const auto line = message.substr(0, message.find('\n'));
            if (line == "READY=1" || line == "RELOADING=1" || line == "STOPPING=1") {
                out.push_back(line);
            }
        }
        return out;
    }

  private:
    TempDir dir_;
    std::filesystem::path path_;
    int fd_ = -1;
    std::vector<std::string> received_;
};

}  // namespace

TEST(Reload, WorkRunningFinishesOnTheOldPluginsAndNewWorkUsesTheNew) {
    EngineSetup setup;
    setup.research = "work: 2s";
    EngineDaemon engine(setup);
    engine.start();
    const auto [lead1, slow] = engine.createJob(kAda);
    ASSERT_TRUE(eventually([&] { return engine.invocations(slow, "research") == 1; }, kPatience));

    // The new research instance rejects every job's first attempt; the running step is not its.
    setup.research = "reject_times: 1";
    engine.rewriteConfig(setup);
    engine.daemon().process().signal(SIGHUP);
    ASSERT_TRUE(logged(engine, "configuration reloaded"));
    const auto [lead2, fresh] = engine.createJob(kAda);

    auto finished = engine.waitUntilFinished(slow);
    EXPECT_EQ(finished->getValue<std::string>("status"), "completed");
    EXPECT_EQ(engine.invocations(slow, "research"), 1);
    auto rejected = engine.waitUntilFinished(fresh);
    EXPECT_EQ(rejected->getValue<std::string>("status"), "failed");
    EXPECT_THAT(rejected->getValue<std::string>("error"), HasSubstr("scripted rejection"));
    EXPECT_TRUE(engine.daemon().process().running());
}

// The vocabulary file (pipeline.vocabulary) is read again at every reload: a mistake in an edit
// refuses the reload with the file's line and key, and the fixed file is taken.
TEST(Reload, TheVocabularyIsReadAgainAndAMistakeInItRefused) {
    const TempDir dir;
    const auto file = dir.path() / "vocabulary.yaml";
    const std::string valid =
        "industries:\n  - name: Software\nseniorities:\n  - key: executive\n"
        "seniorityTitleWords: []\ndepartments: []\n"
        "sizeBands:\n  - {label: \"1+\", min: 1, sizeCategory: any}\n"
        "sizeCategories:\n  - {key: any, label: any}\n";
    std::ofstream(file) << valid;
    EngineSetup setup;
    setup.pipelineYaml = "vocabulary: " + file.string() + "\n";
    EngineDaemon engine(setup);
    engine.start();

    std::ofstream(file) << "industries: []\nseniorities: []\ncolours: [red]\n";
    engine.daemon().process().signal(SIGHUP);
    ASSERT_TRUE(logged(engine, "reload refused"));
    EXPECT_THAT(engine.daemon().process().errors(),
                HasSubstr(file.string() + ":3: (top).colours: unknown key"));

    std::ofstream(file) << valid;
    engine.daemon().process().signal(SIGHUP);
    ASSERT_TRUE(logged(engine, "configuration reloaded"));
    EXPECT_TRUE(engine.daemon().process().running());
}

TEST(Reload, ABrokenConfigIsRefusedWithItsErrorsAndTheRunningOneStays) {
    EngineDaemon engine(EngineSetup{});
    engine.start();
    engine.rewriteConfig("server:\n  listen: \"127.0.0.1:0\"\n  threads: many\nnonsense: 1\n");
    engine.daemon().process().signal(SIGHUP);
    ASSERT_TRUE(logged(engine, "reload refused"));
    const auto errors = engine.daemon().process().errors();
    EXPECT_THAT(errors, HasSubstr("server.threads"));
    EXPECT_THAT(errors, HasSubstr("nonsense"));

    const auto [lead, job] = engine.createJob(kAda);
    EXPECT_EQ(engine.waitUntilFinished(job)->getValue<std::string>("status"), "completed");
    EXPECT_TRUE(engine.daemon().process().running());
    // A second SIGHUP with nothing fixed is refused again; the daemon still serves.
    engine.daemon().process().signal(SIGHUP);
    EXPECT_EQ(engine.get("/healthz").status, 200);
}

TEST(Reload, LodestonectlChecksTheFileThenSignalsTheDaemonThatHasItsDatabaseOpen) {
    EngineSetup setup;
    EngineDaemon engine(setup);
    engine.start();
    const std::vector<std::string> reload = {"-c", engine.configPath().string(), "reload"};

    engine.rewriteConfig("server:\n  listen: \"127.0.0.1:0\"\n  threads: many\n");
    auto refused = runToCompletion(LODESTONECTL_PATH, reload);
    EXPECT_EQ(refused.status.code, 1);
    EXPECT_THAT(refused.errors, HasSubstr("server.threads"));
    EXPECT_THAT(engine.daemon().process().errors(), Not(HasSubstr("reloading")));

    setup.research = "reject_times: 1";
    engine.rewriteConfig(setup);
    auto sent = runToCompletion(LODESTONECTL_PATH, reload);
    EXPECT_EQ(sent.status.code, 0) << sent.errors;
    EXPECT_THAT(sent.output, HasSubstr("pid " + std::to_string(engine.daemon().process().pid())));
    ASSERT_TRUE(logged(engine, "configuration reloaded"));
    const auto [lead, job] = engine.createJob(kAda);
    EXPECT_EQ(engine.waitUntilFinished(job)->getValue<std::string>("status"), "failed");

    auto wrongPid = runToCompletion(LODESTONECTL_PATH,
                                    {"-c", engine.configPath().string(), "reload", "--pid", "x1"});
    EXPECT_EQ(wrongPid.status.code, 64);
}

TEST(Reload, ASettingThatNeedsARestartIsNamedAndKeepsItsRunningValue) {
    EngineSetup setup;
    EngineDaemon engine(setup);
    engine.start();
    setup.pollInterval = "5s";
    setup.concurrency = 2;
    engine.rewriteConfig(setup);
    engine.daemon().process().signal(SIGHUP);
    ASSERT_TRUE(logged(engine, "configuration reloaded"));
    const auto errors = engine.daemon().process().errors();
    EXPECT_THAT(errors, HasSubstr("jobs.poll_interval changed: it takes a restart"));
    EXPECT_THAT(errors, HasSubstr("pipeline.research.concurrency changed: it takes a restart"));
    EXPECT_THAT(errors, Not(HasSubstr("provision changed")));
}

TEST(SystemdNotify, ReadyReloadingReadyStoppingInOrderAndWatchdogPings) {
    NotifySocket socket;
    ::setenv("NOTIFY_SOCKET", socket.path().c_str(), 1);
    ::setenv("WATCHDOG_USEC", "400000", 1);
    EngineDaemon engine(EngineSetup{});
    engine.start();
    ::unsetenv("NOTIFY_SOCKET");
    ::unsetenv("WATCHDOG_USEC");

    ASSERT_TRUE(socket.saw("READY=1"));
    EXPECT_TRUE(socket.saw("STATUS=jobs: 0 waiting, 0 running"));
    EXPECT_TRUE(socket.saw("WATCHDOG=1"));
    engine.daemon().process().signal(SIGHUP);
    ASSERT_TRUE(socket.saw("MONOTONIC_USEC="));
    ASSERT_TRUE(logged(engine, "configuration reloaded"));
    EXPECT_EQ(engine.daemon().stop(SIGTERM).code, 0);
    ASSERT_TRUE(socket.saw("STOPPING=1"));
    EXPECT_THAT(socket.states(),
                ::testing::ElementsAre("READY=1", "RELOADING=1", "READY=1", "STOPPING=1"));
}

TEST(Startup, APortInUseStopsStartUpBeforeTheDatabaseIsOpened) {
    EngineDaemon holder(EngineSetup{});
    holder.start();
    TempDir dir;
    std::ofstream(dir.path() / "lodestone.yaml")
        << "server:\n  listen: \"127.0.0.1:" << holder.port() << "\"\n"
        << "storage:\n  path: " << (dir.path() / "var" / "lodestone.db").string() << "\n";
    Daemon second(dir.path() / "lodestone.yaml");
    auto status = second.process().wait(std::chrono::seconds(30));
    ASSERT_TRUE(status);
    EXPECT_NE(status->code, 0);
    EXPECT_THAT(second.process().errors(), HasSubstr("in use"));
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "var" / "lodestone.db"));
}

TEST(Readiness, ReadyWhileTheDatabaseTakesWritesAndNotWhileItCannot) {
    EngineSetup setup;
    setup.storageYaml = "busy_timeout: 200ms";
    EngineDaemon engine(setup);
    engine.start();
    auto ready = engine.get("/readyz");
    EXPECT_EQ(ready.status, 200);
    EXPECT_EQ(ready.body, R"({"status":"ready"})");
    EXPECT_EQ(httpRequest(engine.port(), "POST", "/readyz", "{}").status, 405);

    {
        // Another writer holds the database: every write of the daemon's would fail now.
        auto lock = engine.backdoor().holdWriteLock();
        ASSERT_TRUE(eventually([&] { return engine.get("/readyz").status == 503; }, kPatience));
        auto blocked = engine.get("/readyz");
        EXPECT_THAT(blocked.body, HasSubstr(R"("status":"not_ready")"));
        EXPECT_THAT(blocked.body, HasSubstr("the database does not take writes"));
        EXPECT_EQ(engine.get("/healthz").status, 200);  // alive, only not ready
    }
    EXPECT_TRUE(eventually([&] { return engine.get("/readyz").status == 200; }, kPatience));
}

TEST(Logs, AnAccessLineForEachRequestCarriesItsIdWhichTheAnswerReturns) {
    EngineSetup setup;
    setup.extraYaml = "logging:\n  access: true\n";
    EngineDaemon engine(setup);
    engine.start();
    auto traced =
        httpRequest(engine.port(), "GET", "/healthz", "", {{"X-Request-Id", "trace-7f3a"}});
    EXPECT_EQ(traced.headers["X-Request-Id"], "trace-7f3a");
    auto fresh = httpRequest(engine.port(), "GET", "/u/secret-capability-token");
    const auto generated = fresh.headers["X-Request-Id"];
    EXPECT_THAT(generated, ::testing::MatchesRegex("[0-9a-f]{24}"));

    ASSERT_TRUE(logged(engine, "request_id=" + generated));
    const auto log = engine.daemon().process().errors();
    EXPECT_THAT(log, HasSubstr("logger=lodestone.access msg=request method=GET path=/healthz "
                               "status=200"));
    EXPECT_THAT(log, HasSubstr("request_id=trace-7f3a"));
    EXPECT_THAT(log, HasSubstr("path=/u/{token} status=200"));
    EXPECT_THAT(log, Not(HasSubstr("secret-capability-token")));
}

TEST(Logs, WithFormatJsonEveryLineIsAJsonObject) {
    EngineSetup setup;
    setup.extraYaml = "logging:\n  format: json\n  access: true\n";
    EngineDaemon engine(setup);
    engine.start();
    const auto [lead, job] = engine.createJob(kAda);
    engine.waitUntilFinished(job);
    EXPECT_EQ(engine.daemon().stop(SIGTERM).code, 0);
    std::istringstream lines(engine.daemon().process().errors());
    std::string line;
    int count = 0;
    while (std::getline(lines, line)) {
        ++count;
        Poco::JSON::Object::Ptr object;
        ASSERT_NO_THROW(object =
                            Poco::JSON::Parser().parse(line).extract<Poco::JSON::Object::Ptr>())
            << line;
        EXPECT_TRUE(object->has("ts") && object->has("level") && object->has("logger") &&
                    object->has("msg"))
            << line;
    }
    EXPECT_GT(count, 5);
}

TEST(Stop, IsBoundedByTheGraceWhileTheDatabaseRefusesEveryWrite) {
    EngineSetup setup;
    setup.research = "work: 1s";
    // An outcome write is retried for up to its lease, over an hour: far longer than the test's
    // wait for the stop, which is the guard. No timing is asserted.
    setup.stepTimeout = "1h";
    setup.shutdownGrace = "1s";
    setup.storageYaml = "busy_timeout: 100ms";
    EngineDaemon engine(setup);
    engine.start();
    const auto [lead, job] = engine.createJob(kAda);
    ASSERT_TRUE(eventually([&] { return engine.invocations(job, "research") == 1; }, kPatience));

    // Another writer holds the database from now on: the step's outcome cannot be written.
    auto lock = engine.backdoor().holdWriteLock();
    ASSERT_TRUE(logged(engine, "recording the outcome failed, trying again"));
    const auto status = engine.daemon().stop(SIGTERM);
    EXPECT_EQ(status.code, 0) << engine.daemon().process().errors();
    EXPECT_THAT(engine.daemon().process().errors(),
                HasSubstr("recording the outcome failed, giving up"));
}
