#include <Poco/Data/SQLite/Connector.h>
#include <Poco/Data/Session.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "EngineSupport.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;

namespace {

const std::string kAda =
    R"({"email":"ada@analytical-engines.co.uk","fullName":"Ada Lovelace","company":"Analytical Engines"})";

// Waits for the daemon to die on its own (a plugin's abort()).
ExitStatus waitForCrash(EngineDaemon& engine) {
    auto status = engine.daemon().process().wait(std::chrono::seconds(60));
    EXPECT_TRUE(status.has_value()) << "lodestoned did not crash";
    return status.value_or(ExitStatus{});
}

}  // namespace

TEST(JobRecovery, AfterACrashTheJobResumesAndCompletes) {
    EngineSetup setup;
    setup.research = "crash_times: 1";
    EngineDaemon engine(setup);
    auto [leadId, jobId] = engine.createJobThenStartTheEngine(kAda);
    auto crash = waitForCrash(engine);
    EXPECT_EQ(crash.signal, SIGABRT);

    engine.start();
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "completed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 1);  // the crash counted as an attempt
    EXPECT_EQ(engine.invocations(jobId, "research"), 2);
    EXPECT_EQ(engine.invocations(jobId, "content"), 1);
}

TEST(JobRecovery, AJobThatCrashesEveryTimeEndsFailedInsteadOfLooping) {
    EngineSetup setup;
    setup.content = "crash_times: 99";
    EngineDaemon engine(setup);
    auto [leadId, jobId] = engine.createJobThenStartTheEngine(kAda);
    // The first attempt and its three retries each take the daemon down.
    for (int crash = 1; crash <= 4; ++crash) {
        auto status = engine.daemon().process().wait(std::chrono::seconds(30));
        ASSERT_TRUE(status.has_value()) << "crash " << crash << " did not happen";
        EXPECT_EQ(status->signal, SIGABRT);
        // The next crash may come before the restarted daemon listens; after the last one
        // there is none, so it must.
        if (crash < 4)
            engine.launch();
        else
            engine.start();
    }
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "failed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 3);
    EXPECT_THAT(job->getValue<std::string>("error"), HasSubstr("lodestoned stopped while"));
    EXPECT_EQ(engine.invocations(jobId, "content"), 4);
    EXPECT_EQ(engine.credits(), 100);
    EXPECT_TRUE(engine.daemon().process().running());  // no fifth attempt, no fifth crash
}

TEST(JobRecovery, Kill9LosesNoJobAndRerunsNoFinishedStep) {
    EngineSetup setup;
    setup.research = "work: 300ms";
    setup.content = "work: 600ms";
    setup.concurrency = 1;  // jobs go through one by one, so they spread over every state
    EngineDaemon engine(setup);
    engine.start();
    std::vector<std::string> jobs;
    for (int i = 0; i < 12; ++i) jobs.push_back(engine.createJob(kAda).second);
    // Kill once jobs sit in every state: some done, one mid-content, some not yet through
    // research. Checked again after the kill, since a step may end between look and kill.
    auto inEveryState = [&] {
        return engine.count("SELECT COUNT(*) FROM jobs WHERE status = 'completed'") >= 2 &&
               engine.count("SELECT COUNT(*) FROM jobs WHERE status = 'content_running'") >= 1 &&
               engine.count(
                   "SELECT COUNT(*) FROM jobs WHERE status IN ('queued', "
                   "'research_running')") >= 1;
    };
    ASSERT_TRUE(eventually(inEveryState, std::chrono::seconds(60)));
    engine.daemon().process().signal(SIGKILL);
    ASSERT_TRUE(engine.daemon().process().wait(std::chrono::seconds(10)).has_value());
    EXPECT_TRUE(inEveryState());

    // What had finished before the kill must not run again.
    std::map<std::string, int> finishedSteps;
    for (const auto& jobId : jobs) {
        finishedSteps[jobId + " research"] = static_cast<int>(
            engine.count("SELECT COUNT(*) FROM job_steps WHERE job_id = '" + jobId +
                         "' AND name = 'research_agent' AND status = 'completed'"));
        finishedSteps[jobId + " content"] = static_cast<int>(
            engine.count("SELECT COUNT(*) FROM job_steps WHERE job_id = '" + jobId +
                         "' AND name = 'content_generation' AND status = 'completed'"));
    }

    setup.concurrency = 4;
    engine.start(setup);
    for (const auto& jobId : jobs) {
        EXPECT_EQ(engine.waitUntilFinished(jobId)->getValue<std::string>("status"), "completed");
        for (const char* kind : {"research", "content"}) {
            if (finishedSteps[jobId + " " + kind]) {
                EXPECT_EQ(engine.invocations(jobId, kind), 1) << jobId << " " << kind;
            }
        }
    }
    EXPECT_EQ(engine.count("SELECT COUNT(*) FROM jobs"), 12);
}

TEST(JobRecovery, SigtermLetsRunningStepsFinishWithinTheGrace) {
    EngineSetup setup;
    setup.research = "work: 600ms";
    setup.shutdownGrace = "10s";
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    ASSERT_TRUE(eventually([&] { return engine.invocations(jobId, "research") == 1; },
                           std::chrono::seconds(30)));
    EXPECT_EQ(engine.daemon().stop(SIGTERM).code, 0);
    // The running step was allowed to finish and its result kept.
    EXPECT_EQ(engine.count("SELECT COUNT(*) FROM job_steps WHERE job_id = '" + jobId +
                           "' AND name = 'research_agent' AND status = 'completed'"),
              1);
    engine.start();
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "completed");
    EXPECT_EQ(engine.invocations(jobId, "research"), 1);
    EXPECT_EQ(job->getValue<int>("retryCount"), 0);
}

TEST(JobRecovery, SigtermHandsBackStepsStillRunningAfterTheGrace) {
    EngineSetup setup;
    setup.content = "work: 30s";
    setup.shutdownGrace = "300ms";
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    ASSERT_TRUE(eventually([&] { return engine.invocations(jobId, "content") == 1; },
                           std::chrono::seconds(30)));
    auto stopped = engine.daemon().stop(SIGTERM, std::chrono::seconds(20));
    EXPECT_EQ(stopped.code, 0) << "signal " << stopped.signal.value_or(0) << "\n"
                               << engine.daemon().process().errors();
    EXPECT_EQ(engine.count("SELECT COUNT(*) FROM jobs WHERE lease_owner IS NULL"), 1);

    setup.content = "work: 0s";
    engine.start(setup);
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "completed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 0);  // handed back, not counted as a failure
    EXPECT_EQ(engine.invocations(jobId, "content"), 2);
    EXPECT_EQ(engine.invocations(jobId, "research"), 1);
}

TEST(JobRecovery, AnExpiredLeaseOfAnotherWorkerIsTakenBack) {
    EngineDaemon engine(EngineSetup{});
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    engine.waitUntilFinished(jobId);
    // Rewind it to what a worker on another host leaves when it dies mid-research: running,
    // leased to that worker, the lease long expired (its pid means nothing here).
    engine.sql(
        "UPDATE jobs SET status = 'research_running', next_step = 'research_agent', "
        "lease_owner = 'elsewhere:1:abcdefgh', lease_expires_at = 1, finished_at = NULL "
        "WHERE id = '" +
        jobId + "'");
    engine.sql("DELETE FROM job_steps WHERE job_id = '" + jobId + "'");
    engine.sql("INSERT INTO job_steps (job_id, name, status, started_at) VALUES ('" + jobId +
               "', 'research_agent', 'running', 1)");
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "completed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 1);
    EXPECT_THAT(engine.daemon().process().errors(), HasSubstr("its lease expired"));
}

TEST(JobRecovery, AWorkerWhoseLeaseWasTakenBackCannotCompleteTheStep) {
    // The worker's lease expires under it (a clock jump, a stalled host): the reaper gives the
    // job to a new claim, and the first worker's late result must be dropped, not stored.
    EngineSetup setup;
    setup.research = "work: 2s";
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    ASSERT_TRUE(eventually([&] { return engine.invocations(jobId, "research") == 1; },
                           std::chrono::seconds(30)));
    engine.sql("UPDATE jobs SET lease_expires_at = 1 WHERE id = '" + jobId + "'");
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "completed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 1);
    EXPECT_EQ(engine.invocations(jobId, "research"), 2);
    EXPECT_EQ(engine.invocations(jobId, "content"), 1);
    EXPECT_THAT(engine.daemon().process().errors(), HasSubstr("no longer held its lease"));
}

TEST(JobRecovery, ADatabaseLockedWhenAStepEndsDoesNotLoseTheStep) {
    EngineSetup setup;
    setup.research = "work: 300ms";
    setup.storageYaml = "busy_timeout: 100ms";
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    ASSERT_TRUE(eventually([&] { return engine.invocations(jobId, "research") == 1; },
                           std::chrono::seconds(30)));
    {
        // Another process holds the write lock well past the daemon's busy timeout.
        Poco::Data::SQLite::Connector::registerConnector();
        Poco::Data::Session blocker("SQLite", engine.databasePath().string());
        blocker << "BEGIN IMMEDIATE", Poco::Data::Keywords::now;
        ASSERT_TRUE(eventually(
            [&] {
                return engine.daemon().process().errors().find("failed, trying again") !=
                       std::string::npos;
            },
            std::chrono::seconds(30)));
        blocker << "COMMIT", Poco::Data::Keywords::now;
    }
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "completed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 0);
    EXPECT_EQ(engine.invocations(jobId, "research"), 1);
}

TEST(JobRecovery, PluginCallsThatHangCostABoundedNumberOfThreads) {
    EngineSetup setup;
    setup.research = "hang_times: 99\nhang: 1h";
    setup.stepTimeout = "100ms";
    setup.concurrency = 2;
    setup.shutdownGrace = "100ms";
    setup.extraYaml = "webhooks: { concurrency: 1 }\n";
    EngineDaemon engine(setup);
    engine.start();
    // Plugin calls run on threads of their own, named so; other threads (the HTTP server's pool
    // among them) come and go with the requests and do not count.
    auto callThreads = [&] {
        int count = 0;
        const auto tasks = std::filesystem::path("/proc") /
                           std::to_string(engine.daemon().process().pid()) / "task";
        for (const auto& task : std::filesystem::directory_iterator(tasks)) {
            std::string name;
            std::getline(std::ifstream(task.path() / "comm"), name);
            if (name == "lodestone-call") ++count;
        }
        return count;
    };
    // One per worker: research 2, content 2, finalize 4 and scoring 4 (their defaults), and the
    // one webhook worker.
    const int idleRunners = 13;
    ASSERT_TRUE(eventually([&] { return callThreads() == idleRunners; }, std::chrono::seconds(10)));
    for (int i = 0; i < 10; ++i) engine.createJob(kAda);
    ASSERT_TRUE(eventually(
        [&] {
            return engine.daemon().process().errors().find("claiming pauses") != std::string::npos;
        },
        std::chrono::seconds(30)));
    // Two hung calls (one per research worker), not one per attempt; the workers' runners are
    // replaced.
    EXPECT_LE(callThreads(), idleRunners + 2);
    EXPECT_EQ(engine.daemon().stop(SIGTERM).code, 0);
}

TEST(JobRecovery, ContentWithoutATitleAndSectionsFailsTheAttempt) {
    EngineSetup setup;
    setup.content = "empty_times: 1";
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "completed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 1);
    EXPECT_THAT(engine.daemon().process().errors(), HasSubstr("no usable lead magnet"));
}
