#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>

#include "EngineSupport.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

const std::string kAda =
    R"({"email":"ada@analytical-engines.co.uk","fullName":"Ada Lovelace","company":"Analytical Engines"})";

std::vector<std::string> phases(const Poco::JSON::Object::Ptr& job) {
    std::vector<std::string> out;
    auto array = job->getArray("executionPhases");
    for (std::size_t i = 0; i < array->size(); ++i) {
        out.push_back(array->getObject(static_cast<unsigned>(i))->getValue<std::string>("status"));
    }
    return out;
}

}  // namespace

TEST(JobEngine, AJobRunsThroughTheRealPluginsToAnEscapedPage) {
    EngineSetup setup;
    setup.realPlugins = true;
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(
        R"({"email":"ada@analytical-engines.co.uk","fullName":"Ada <script>alert(1)</script> Lovelace",
            "company":"Analytical <b>Engines</b>","title":"VP of Engineering","industry":"saas",
            "companySize":"11-50"})");
    auto job = engine.waitUntilFinished(jobId);
    ASSERT_EQ(job->getValue<std::string>("status"), "completed")
        << job->getValue<std::string>("error");
    EXPECT_EQ(job->getValue<int>("progressPercentage"), 100);
    EXPECT_EQ(job->getArray("steps")->size(), 3u);
    EXPECT_EQ(phases(job), std::vector<std::string>(5, "completed"));

    auto page = httpRequest(engine.port(), "GET", "/m/" + leadId);
    EXPECT_EQ(page.status, 200);
    EXPECT_EQ(page.headers["Content-Type"], "text/html; charset=utf-8");
    EXPECT_THAT(page.headers["Content-Security-Policy"], HasSubstr("default-src 'none'"));
    EXPECT_EQ(page.headers["X-Content-Type-Options"], "nosniff");
    EXPECT_THAT(page.body, HasSubstr("Ada &lt;script&gt;alert(1)&lt;/script&gt; Lovelace"));
    EXPECT_THAT(page.body, HasSubstr("Analytical &lt;b&gt;Engines&lt;/b&gt;"));
    EXPECT_THAT(page.body, Not(HasSubstr("<script")));
    EXPECT_THAT(page.body, Not(HasSubstr("<b>")));
}

TEST(JobEngine, AFlakyStepIsRetriedUntilItSucceeds) {
    EngineSetup setup;
    setup.research = "fail_times: 2";
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "completed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 2);
    EXPECT_TRUE(job->isNull("error"));
    EXPECT_EQ(engine.invocations(jobId, "research"), 3);
    EXPECT_EQ(engine.invocations(jobId, "content"), 1);
    EXPECT_EQ(engine.credits(), 99);
}

TEST(JobEngine, AStepThatAlwaysFailsEndsFailedAfterThreeRetriesAndIsRefunded) {
    EngineSetup setup;
    setup.content = "fail_times: 99";
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "failed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 3);
    EXPECT_TRUE(job->getValue<bool>("canRetry"));
    EXPECT_THAT(job->getValue<std::string>("error"), HasSubstr("scripted failure 4 of 99"));
    EXPECT_EQ(phases(job), (std::vector<std::string>{"completed", "completed", "completed",
                                                     "failed", "failed"}));
    EXPECT_EQ(engine.invocations(jobId, "research"), 1);  // finished once, never re-run
    EXPECT_EQ(engine.invocations(jobId, "content"), 4);
    EXPECT_EQ(engine.credits(), 100);  // the charge came back
    auto page = httpRequest(engine.port(), "GET", "/m/" + leadId);
    EXPECT_EQ(page.status, 500);
    EXPECT_THAT(page.body, HasSubstr("could not be prepared"));
}

TEST(JobEngine, AnInputThePluginRejectsFailsAtOnceAndCannotBeRetried) {
    EngineSetup setup;
    setup.content = "reject_times: 1";  // a second attempt would succeed: none is made
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "failed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 0);
    EXPECT_FALSE(job->getValue<bool>("canRetry"));
    EXPECT_THAT(job->getValue<std::string>("error"),
                HasSubstr("rejected its input: scripted rejection 1 of 1"));
    EXPECT_EQ(engine.invocations(jobId, "content"), 1);
    EXPECT_EQ(engine.credits(), 100);  // refunded
    auto retry = engine.post("/api/generation/" + jobId + "/retry");
    EXPECT_EQ(retry.status, 409) << retry.body;
    EXPECT_EQ(engine.invocations(jobId, "content"), 1);
}

TEST(JobEngine, AStepPastItsTimeoutIsAFailedAttempt) {
    EngineSetup setup;
    setup.research = "hang_times: 1\nhang: 3s";
    setup.stepTimeout = "300ms";
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "completed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 1);
    EXPECT_EQ(engine.invocations(jobId, "research"), 2);
    EXPECT_THAT(engine.daemon().process().errors(),
                HasSubstr("did not finish within its timeout of 300 ms"));
}

TEST(JobEngine, ANewJobStartsWithoutWaitingForAPoll) {
    EngineSetup setup;
    setup.pollInterval = "1h";  // only the wake-up when a job is queued can start it
    setup.reaperInterval = "1h";
    EngineDaemon engine(setup);
    engine.start();
    for (int i = 0; i < 3; ++i) {
        auto [leadId, jobId] = engine.createJob(kAda);
        EXPECT_EQ(engine.waitUntilFinished(jobId, std::chrono::seconds(30))
                      ->getValue<std::string>("status"),
                  "completed");
    }
}

TEST(JobEngine, JobsQueuedWhileEveryWorkerIsBusyStartWhenOneComesFree) {
    EngineSetup setup;
    setup.pollInterval = "1h";  // a job left waiting for the poll would not finish in the test
    setup.reaperInterval = "1h";
    setup.concurrency = 1;
    setup.research = "work: 100ms";
    EngineDaemon engine(setup);
    engine.start();
    // All queued at once: the one research worker takes the first and the wake-ups of the
    // others come while it is busy.
    std::vector<std::string> jobIds;
    for (int i = 0; i < 4; ++i) jobIds.push_back(engine.createJob(kAda).second);
    for (const auto& jobId : jobIds) {
        EXPECT_EQ(engine.waitUntilFinished(jobId, std::chrono::seconds(60))
                      ->getValue<std::string>("status"),
                  "completed");
    }
}

TEST(JobEngine, RetryResumesAFailedJobAtTheFailedStep) {
    EngineSetup setup;
    setup.content = "fail_times: 4";  // the first attempt and its three retries fail
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    ASSERT_EQ(engine.waitUntilFinished(jobId)->getValue<std::string>("status"), "failed");
    EXPECT_EQ(engine.credits(), 100);
    auto retry = engine.post("/api/generation/" + jobId + "/retry");
    ASSERT_EQ(retry.status, 200) << retry.body;
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "completed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 4);
    EXPECT_EQ(engine.invocations(jobId, "research"), 1);
    EXPECT_EQ(engine.invocations(jobId, "content"), 5);
    EXPECT_EQ(engine.credits(), 99);
}

TEST(JobEngine, ManyJobsRunConcurrentlyAndAllComplete) {
    EngineSetup setup;
    setup.content = "work: 100ms";
    EngineDaemon engine(setup);
    engine.start();
    std::vector<std::string> jobs;
    for (int i = 0; i < 20; ++i) jobs.push_back(engine.createJob(kAda).second);
    for (const auto& jobId : jobs) {
        EXPECT_EQ(engine.waitUntilFinished(jobId)->getValue<std::string>("status"), "completed");
        EXPECT_EQ(engine.invocations(jobId, "research"), 1);
        EXPECT_EQ(engine.invocations(jobId, "content"), 1);
    }
    EXPECT_EQ(engine.credits(), 80);
}

TEST(JobEngine, ASlowContentStepDoesNotDelayAnotherJobsResearch) {
    EngineSetup setup;
    setup.content = "work: 30s";    // far longer than the test: A's content is still running
    setup.contentConcurrency = 1;   // A takes the only content worker
    setup.stepTimeout = "60s";      // no timeout ends A's content step early
    setup.shutdownGrace = "100ms";  // at the end A's content is cancelled, not waited for
    EngineDaemon engine(setup);
    engine.start();
    auto statusOf = [&](const std::string& jobId) {
        return engine.backdoor().text("SELECT status FROM jobs WHERE id = '" + jobId + "'");
    };
    auto stepStatus = [&](const std::string& jobId, const std::string& step) {
        return engine.backdoor().text(
            "SELECT COALESCE((SELECT status FROM job_steps WHERE job_id = '" + jobId +
            "' AND name = '" + step + "'), 'not started')");
    };

    auto [leadA, jobA] = engine.createJob(kAda);
    // A's content call has started: the one content worker is busy with it.
    ASSERT_TRUE(eventually(
        [&] {
            return engine.invocations(jobA, "content") == 1 &&
                   statusOf(jobA) == "content_running" &&
                   stepStatus(jobA, "content_generation") == "running";
        },
        std::chrono::seconds(30)));

    auto [leadB, jobB] = engine.createJob(kAda);
    ASSERT_TRUE(eventually([&] { return stepStatus(jobB, "research_agent") == "completed"; },
                           std::chrono::seconds(30)))
        << "B's research did not complete while A's content step ran";
    // B's research went through while A's content step was still running...
    EXPECT_EQ(statusOf(jobA), "content_running");
    EXPECT_EQ(stepStatus(jobA, "content_generation"), "running");
    EXPECT_EQ(engine.invocations(jobA, "content"), 1);
    EXPECT_EQ(engine.invocations(jobB, "research"), 1);
    // ...and B now waits for the one content worker, which A still holds.
    EXPECT_EQ(statusOf(jobB), "content_running");
    EXPECT_EQ(engine.invocations(jobB, "content"), 0);

    // A's 30 s content call observes the cancellation after the 100 ms grace.
    EXPECT_EQ(engine.daemon().stop(SIGTERM, std::chrono::seconds(20)).code, 0)
        << engine.daemon().process().errors();
    EXPECT_EQ(engine.backdoor().count("SELECT COUNT(*) FROM jobs WHERE lease_owner IS NOT NULL"),
              0);
}
