#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "EngineSupport.hpp"

using namespace lodestone::test;
using lodestone::domain::StepName;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

const std::string kAda =
    R"({"email":"ada@analytical-engines.co.uk","fullName":"Ada Lovelace","company":"Analytical Engines"})";

// Waits for the daemon to die on its own (a plugin's abort()).
ExitStatus waitForCrash(EngineDaemon& engine) {
    auto status = engine.daemon().process().wait(std::chrono::seconds(60));
    EXPECT_TRUE(status.has_value()) << "lodestoned did not crash";
    return status.value_or(ExitStatus{});
}

// True once every thread of `pid` is stopped (SIGSTOP takes effect on each thread
// asynchronously): nothing of the process can commit to the database any more.
bool everyThreadStopped(pid_t pid) {
    const auto tasks = std::filesystem::path("/proc") / std::to_string(pid) / "task";
    for (const auto& task : std::filesystem::directory_iterator(tasks)) {
        std::string stat;
        std::getline(std::ifstream(task.path() / "stat"), stat);
        // "tid (name) state ...": the name may hold spaces and parentheses.
        const auto nameEnd = stat.rfind(')');
        if (nameEnd == std::string::npos || nameEnd + 2 >= stat.size()) return false;
        const char state = stat[nameEnd + 2];
        if (state != 'T' && state != 't') return false;
    }
    return true;
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
    // One worker per step, content slower than research: jobs finish one by one while others
    // wait for research and pile up before content, so for a few seconds there are jobs in every
    // state a kill can hit (finalization lasts milliseconds: see the next test).
    setup.research = "work: 400ms";
    setup.content = "work: 800ms";
    setup.researchConcurrency = 1;
    setup.contentConcurrency = 1;
    EngineDaemon engine(setup);
    engine.start();
    const int jobCount = 12;
    std::vector<std::string> jobs;
    for (int i = 0; i < jobCount; ++i) jobs.push_back(engine.createJob(kAda).second);
    auto jobsThat = [&](const std::string& condition) {
        return engine.backdoor().count("SELECT COUNT(*) FROM jobs WHERE " + condition);
    };
    // Each state on its own: a finished job, a content step and a research step mid-run (held
    // by a worker, not merely waiting for one), and a job not yet claimed at all.
    auto inEveryState = [&] {
        return jobsThat("status = 'completed'") >= 1 &&
               jobsThat("status = 'content_running' AND lease_owner IS NOT NULL") >= 1 &&
               jobsThat("status = 'research_running' AND lease_owner IS NOT NULL") >= 1 &&
               jobsThat("status = 'queued'") >= 1;
    };
    // A step may end between a look and a kill, so the daemon is frozen (SIGSTOP) while it is
    // looked at: what it has committed then is exactly what the kill leaves behind.
    auto& process = engine.daemon().process();
    auto killInEveryState = [&] {
        process.signal(SIGSTOP);
        if (!eventually([&] { return everyThreadStopped(process.pid()); },
                        std::chrono::seconds(10))) {
            ADD_FAILURE() << "lodestoned did not stop on SIGSTOP";
        }
        if (inEveryState()) {
            process.signal(SIGKILL);
            return true;
        }
        process.signal(SIGCONT);
        return false;
    };
    ASSERT_TRUE(
        eventually([&] { return inEveryState() && killInEveryState(); }, std::chrono::seconds(60)))
        << "completed " << jobsThat("status = 'completed'") << ", content_running "
        << jobsThat("status = 'content_running'") << ", research_running "
        << jobsThat("status = 'research_running'") << ", queued " << jobsThat("status = 'queued'");
    auto killed = process.wait(std::chrono::seconds(10));
    ASSERT_TRUE(killed.has_value());
    EXPECT_EQ(killed->signal, SIGKILL);
    EXPECT_TRUE(inEveryState());

    // What had finished before the kill must not run again.
    std::map<std::string, int> finishedSteps;
    for (const auto& jobId : jobs) {
        finishedSteps[jobId + " research"] = static_cast<int>(
            engine.backdoor().count("SELECT COUNT(*) FROM job_steps WHERE job_id = '" + jobId +
                                    "' AND name = 'research_agent' AND status = 'completed'"));
        finishedSteps[jobId + " content"] = static_cast<int>(
            engine.backdoor().count("SELECT COUNT(*) FROM job_steps WHERE job_id = '" + jobId +
                                    "' AND name = 'content_generation' AND status = 'completed'"));
    }

    setup.researchConcurrency = 4;
    setup.contentConcurrency = 4;
    engine.start(setup);
    for (const auto& jobId : jobs) {
        EXPECT_EQ(engine.waitUntilFinished(jobId)->getValue<std::string>("status"), "completed");
        for (const char* kind : {"research", "content"}) {
            if (finishedSteps[jobId + " " + kind]) {
                EXPECT_EQ(engine.invocations(jobId, kind), 1) << jobId << " " << kind;
            }
        }
    }
    EXPECT_EQ(engine.backdoor().count("SELECT COUNT(*) FROM jobs"), jobCount);
}

TEST(JobRecovery, Kill9DuringFinalizationLosesNoJobAndRerunsNoPluginStep) {
    // Finalization runs inside lodestoned and lasts milliseconds, so a kill -9 cannot be aimed
    // at it. This test builds exactly what such a kill leaves behind instead: a real daemon runs
    // the job, is killed with SIGKILL, and then, with no daemon running, the job is put back the
    // way the finalization claim (SqliteJobs::claim) had left it before finalization could
    // commit its result: status 'finalizing', the finalization step's row 'running' from scratch,
    // the lease held by a claim of the killed process and not yet expired (claimed "now", for
    // the finalize timeout of 30 s plus jobs.lease_grace of 500 ms), and no page stored (the
    // page is written in the transaction that completes the step). The research and content
    // steps stay as the real run completed them. A restarted daemon must see that the lease's
    // process is gone, take the job back at once and finish it without running a plugin again.
    EngineDaemon engine(EngineSetup{});
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    ASSERT_EQ(engine.waitUntilFinished(jobId)->getValue<std::string>("status"), "completed");
    auto& killedProcess = engine.daemon().process();
    const std::string started = "job engine started as ";
    const std::string startLog = killedProcess.errors();
    const auto at = startLog.find(started);
    ASSERT_NE(at, std::string::npos) << startLog;
    const auto ownerStart = at + started.size();
    const std::string killedOwner =
        startLog.substr(ownerStart, startLog.find_first_of(" \r\n", ownerStart) - ownerStart);
    ASSERT_THAT(killedOwner, HasSubstr(":" + std::to_string(killedProcess.pid()) + ":"));
    killedProcess.signal(SIGKILL);
    ASSERT_TRUE(killedProcess.wait(std::chrono::seconds(10)).has_value());

    const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
    const std::string claimedAt = std::to_string(now);
    // Raw SQL: no repository call takes a completed job back, and a job the factory built would
    // lack what this test keeps from the real run (the steps' outputs, the plugin calls made).
    engine.backdoor().execute(
        "UPDATE jobs SET status = 'finalizing', next_step = 'finalization', lease_owner = '" +
        killedOwner + ":3', lease_expires_at = " + std::to_string(now + 30'500) +
        ", updated_at = " + claimedAt + ", finished_at = NULL, error = NULL WHERE id = '" + jobId +
        "'");
    engine.backdoor().execute(
        "UPDATE job_steps SET status = 'running', started_at = " + claimedAt +
        ", completed_at = NULL, failed_at = NULL, progress = 0, error = NULL, "
        "output_json = NULL WHERE job_id = '" +
        jobId + "' AND name = 'finalization'");
    engine.backdoor().execute("UPDATE leads SET page_html = NULL WHERE id = '" + leadId + "'");
    ASSERT_EQ(engine.backdoor().count("SELECT COUNT(*) FROM job_steps WHERE job_id = '" + jobId +
                                      "' AND status = 'completed' AND name IN ('research_agent', "
                                      "'content_generation') AND output_json IS NOT NULL"),
              2);

    engine.start();
    // Well within the 30.5 s lease: taken back because its process is gone, not by expiry.
    auto job = engine.waitUntilFinished(jobId, std::chrono::seconds(20));
    EXPECT_EQ(job->getValue<std::string>("status"), "completed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 1);  // the interrupted finalization counted
    EXPECT_THAT(engine.daemon().process().errors(),
                HasSubstr("lodestoned stopped while the finalization step was running"));
    EXPECT_EQ(engine.invocations(jobId, "research"), 1);
    EXPECT_EQ(engine.invocations(jobId, "content"), 1);
    auto page = httpRequest(engine.port(), "GET", "/m/" + leadId);
    EXPECT_EQ(page.status, 200);
    EXPECT_THAT(page.body, HasSubstr("A guide for Analytical Engines"));
}

TEST(JobRecovery, SigtermLetsRunningStepsFinishWithinTheGrace) {
    EngineSetup setup;
    setup.research = "work: 600ms";
    // Far longer than the test's wait for the stop: a stop that sat out the grace instead of
    // ending with the step would fail there. No timing is asserted.
    setup.shutdownGrace = "1h";
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    ASSERT_TRUE(eventually([&] { return engine.invocations(jobId, "research") == 1; },
                           std::chrono::seconds(30)));
    EXPECT_EQ(engine.daemon().stop(SIGTERM).code, 0);
    EXPECT_THAT(engine.daemon().process().errors(),
                Not(HasSubstr("still running after their grace period")));
    // The running step was allowed to finish and its result kept.
    EXPECT_EQ(engine.backdoor().count("SELECT COUNT(*) FROM job_steps WHERE job_id = '" + jobId +
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
    // Far longer than the test's wait for the stop: a stop that let the step run its course
    // would fail there. No timing is asserted.
    setup.content = "work: 1h";
    setup.shutdownGrace = "300ms";
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    ASSERT_TRUE(eventually([&] { return engine.invocations(jobId, "content") == 1; },
                           std::chrono::seconds(30)));
    auto stopped = engine.daemon().stop(SIGTERM);
    EXPECT_EQ(stopped.code, 0) << "signal " << stopped.signal.value_or(0) << "\n"
                               << engine.daemon().process().errors();
    EXPECT_THAT(engine.daemon().process().errors(),
                HasSubstr("attempts still running after their grace period; interrupting them"));
    EXPECT_EQ(engine.backdoor().count("SELECT COUNT(*) FROM jobs WHERE lease_owner IS NULL"), 1);

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
    // What a worker on another host leaves when it dies mid-research: running, leased to that
    // worker, the lease long expired (its pid means nothing here).
    const JobState leftByADeadWorker{
        .running = StepName::Research, .leaseOwner = "elsewhere:1:abcdefgh", .leaseUntil = 1};
    auto& factory = engine.factory();
    auto lead = factory.lead(factory.projectNamed("Engine", "Guides"),
                             {.email = "ada@analytical-engines.co.uk", .fieldsJson = kAda});
    const std::string jobId = factory.job(lead, leftByADeadWorker).id;
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "completed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 1);
    EXPECT_THAT(engine.daemon().process().errors(), HasSubstr("its lease expired"));
}

TEST(JobRecovery, AWorkerWhoseLeaseWasTakenBackCannotCompleteTheStep) {
    // The worker's lease expires under it (a clock jump, a stalled host): the rescuer gives the
    // job to a new claim, and the first worker's late result must be dropped, not stored.
    EngineSetup setup;
    setup.research = "work: 2s";
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    ASSERT_TRUE(eventually([&] { return engine.invocations(jobId, "research") == 1; },
                           std::chrono::seconds(30)));
    engine.factory().expireLease(jobId);
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
        auto blocker = engine.backdoor().holdWriteLock();
        ASSERT_TRUE(eventually(
            [&] {
                return engine.daemon().process().errors().find("failed, trying again") !=
                       std::string::npos;
            },
            std::chrono::seconds(30)));
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
    // Workers make their calls on threads named so, and a thread left behind with a call that
    // overran is renamed; other threads (the HTTP front's among them) do not count.
    auto threadsNamed = [&](const std::string& wanted) {
        int count = 0;
        const auto tasks = std::filesystem::path("/proc") /
                           std::to_string(engine.daemon().process().pid()) / "task";
        for (const auto& task : std::filesystem::directory_iterator(tasks)) {
            std::string name;
            std::getline(std::ifstream(task.path() / "comm"), name);
            if (name == wanted) ++count;
        }
        return count;
    };
    // One per worker: research 2, content 2, finalize 4 and scoring 4 (their defaults), the one
    // webhook worker and the one import worker.
    const int workers = 14;
    ASSERT_TRUE(eventually([&] { return threadsNamed("lodestone-work") == workers; },
                           std::chrono::seconds(10)));
    for (int i = 0; i < 10; ++i) engine.createJob(kAda);
    ASSERT_TRUE(eventually(
        [&] {
            return engine.daemon().process().errors().find("claiming pauses") != std::string::npos;
        },
        std::chrono::seconds(30)));
    // Two hung calls (one per research worker), not one per attempt; fresh workers took the
    // places of the threads left behind.
    EXPECT_EQ(threadsNamed("lodestone-hung"), 2);
    EXPECT_TRUE(eventually([&] { return threadsNamed("lodestone-work") == workers; },
                           std::chrono::seconds(10)));
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
