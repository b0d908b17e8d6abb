#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <thread>

#include "ApiSupport.hpp"
#include "domain/Clock.hpp"

using namespace lodestone::test;
using lodestone::domain::StepName;
using ::testing::HasSubstr;

namespace {

// A job created through the API, then moved on by the factory the way the engine's workers do.
class StatusApi : public ::testing::Test {
  protected:
    void SetUp() override { created_ = generateOk(api_, api_.projectId("Default")); }

    void moveJob(const JobState& state) { api_.factory().advance(created_.jobId, state); }
    // Failed, and its charge released without going back to Acme: the balance shows only what a
    // retry charges.
    void failHoldingNoCredits() {
        moveJob({.failed = StepName::Research, .error = "boom"});
        api_.factory().releaseCharge(created_.jobId);
    }

    Poco::JSON::Object::Ptr job() {
        auto reply = api_.get("/api/generation/" + created_.jobId + "/status");
        EXPECT_EQ(reply.status, 200) << reply.text;
        EXPECT_EQ(reply.json->getNames(), (std::vector<std::string>{"success", "job"}));
        EXPECT_TRUE(reply.json->getValue<bool>("success"));
        return reply.json->getObject("job");
    }

    static std::vector<std::string> phases(const Poco::JSON::Object::Ptr& job) {
        std::vector<std::string> out;
        auto array = job->getArray("executionPhases");
        for (std::size_t i = 0; i < array->size(); ++i) {
            out.push_back(
                array->getObject(static_cast<unsigned>(i))->getValue<std::string>("status"));
        }
        return out;
    }

    ApiDaemon api_;
    Generated created_;
};

const std::vector<std::string> kJobFields{"id",
                                          "leadId",
                                          "leadMagnetUrl",
                                          "projectId",
                                          "status",
                                          "currentStep",
                                          "progressPercentage",
                                          "estimatedTimeRemaining",
                                          "processingTime",
                                          "createdAt",
                                          "updatedAt",
                                          "error",
                                          "retryCount",
                                          "maxRetries",
                                          "steps",
                                          "statusDisplay",
                                          "phaseDescription",
                                          "isStuck",
                                          "canRetry",
                                          "executionPhases"};

// What the spec and docs/api.md say every field of the job object is in one state.
struct Expected {
    std::string status;
    std::optional<std::string> currentStep;  // nullopt: null
    int progressMin = 0, progressMax = 0;
    std::string eta;  // "null", "zero" or "positive"
    std::optional<std::string> error;
    bool canRetry = false;
    bool isStuck = false;
    std::string statusDisplay;
    std::string phaseDescription;
    std::vector<std::pair<std::string, std::string>> steps;  // name, status
    std::vector<std::string> phases;
};

const std::vector<std::pair<std::string, std::string>> kPhases{
    {"Lead generation initiated", "Lead record created and queued for processing"},
    {"Research agent started", "Research agent execution and data gathering"},
    {"Data analysis completed", "Research data processed and analyzed"},
    {"Content generation started", "AI generating personalized lead magnet content"},
    {"Finalizing lead magnet", "Saving content and preparing final lead magnet"}};

std::vector<std::string> stepKeys(const std::string& status) {
    if (status == "completed") return {"name", "status", "startedAt", "completedAt", "duration"};
    if (status == "running") return {"name", "status", "startedAt", "progress"};
    return {"name", "status", "startedAt", "failedAt", "error"};
}

// Checks every field of `job` against `expected`, plus the invariants that hold in any state.
void expectJob(const Poco::JSON::Object::Ptr& job, const Expected& expected) {
    // A completed job ends, beyond the spec, with its page's views (docs/pages.md).
    auto fields = kJobFields;
    if (expected.status == "completed") fields.push_back("pageViews");
    EXPECT_EQ(job->getNames(), fields);
    EXPECT_EQ(job->getValue<std::string>("status"), expected.status);
    if (expected.currentStep) {
        EXPECT_EQ(job->getValue<std::string>("currentStep"), *expected.currentStep);
    } else {
        EXPECT_TRUE(job->isNull("currentStep"));
    }
    int progress = job->getValue<int>("progressPercentage");
    EXPECT_GE(progress, expected.progressMin);
    EXPECT_LE(progress, expected.progressMax);
    if (expected.eta == "null") {
        EXPECT_TRUE(job->isNull("estimatedTimeRemaining"));
    } else if (expected.eta == "zero") {
        EXPECT_EQ(job->getValue<int>("estimatedTimeRemaining"), 0);
    } else {
        EXPECT_GT(job->getValue<int>("estimatedTimeRemaining"), 0);
    }
    int processing = job->getValue<int>("processingTime");
    EXPECT_GE(processing, 0);
    EXPECT_LT(processing, 3600);
    auto created = job->getValue<Poco::Int64>("createdAt");
    EXPECT_GT(created, 1'700'000'000'000);
    EXPECT_GE(job->getValue<Poco::Int64>("updatedAt"), created);
    if (expected.error) {
        EXPECT_EQ(job->getValue<std::string>("error"), *expected.error);
    } else {
        EXPECT_TRUE(job->isNull("error"));
    }
    EXPECT_EQ(job->getValue<int>("maxRetries"), 3);
    EXPECT_EQ(job->getValue<std::string>("statusDisplay"), expected.statusDisplay);
    EXPECT_EQ(job->getValue<std::string>("phaseDescription"), expected.phaseDescription);
    EXPECT_EQ(job->getValue<bool>("isStuck"), expected.isStuck);
    EXPECT_EQ(job->getValue<bool>("canRetry"), expected.canRetry);

    auto steps = job->getArray("steps");
    ASSERT_EQ(steps->size(), expected.steps.size());
    for (std::size_t i = 0; i < expected.steps.size(); ++i) {
        auto step = steps->getObject(static_cast<unsigned>(i));
        const auto& [name, status] = expected.steps[i];
        EXPECT_EQ(step->getNames(), stepKeys(status)) << name;
        EXPECT_EQ(step->getValue<std::string>("name"), name);
        EXPECT_EQ(step->getValue<std::string>("status"), status);
        if (status == "completed") {
            EXPECT_EQ(step->getValue<Poco::Int64>("duration"),
                      step->getValue<Poco::Int64>("completedAt") -
                          step->getValue<Poco::Int64>("startedAt"));
        }
    }

    auto phases = job->getArray("executionPhases");
    ASSERT_EQ(phases->size(), 5u);
    for (std::size_t i = 0; i < 5; ++i) {
        auto phase = phases->getObject(static_cast<unsigned>(i));
        EXPECT_EQ(phase->getNames(), (std::vector<std::string>{"name", "status", "description"}));
        EXPECT_EQ(phase->getValue<std::string>("name"), kPhases[i].first);
        EXPECT_EQ(phase->getValue<std::string>("description"), kPhases[i].second);
        EXPECT_EQ(phase->getValue<std::string>("status"), expected.phases[i]) << "phase " << i + 1;
    }
}

}  // namespace

TEST_F(StatusApi, Queued) {
    auto j = job();
    EXPECT_EQ(j->getNames(), kJobFields);
    EXPECT_EQ(j->getValue<std::string>("id"), created_.jobId);
    EXPECT_EQ(j->getValue<std::string>("leadId"), created_.leadId);
    EXPECT_EQ(j->getValue<std::string>("leadMagnetUrl"),
              "http://127.0.0.1:8080/m/" + created_.leadId);
    EXPECT_EQ(j->getValue<std::string>("projectId"), api_.projectId("Default"));
    EXPECT_EQ(j->getValue<std::string>("status"), "queued");
    EXPECT_TRUE(j->isNull("currentStep"));
    EXPECT_EQ(j->getValue<int>("progressPercentage"), 0);
    EXPECT_TRUE(j->isNull("estimatedTimeRemaining"));
    EXPECT_GE(j->getValue<int>("processingTime"), 0);
    EXPECT_GT(j->getValue<Poco::Int64>("createdAt"), 1'700'000'000'000);
    EXPECT_GE(j->getValue<Poco::Int64>("updatedAt"), j->getValue<Poco::Int64>("createdAt"));
    EXPECT_TRUE(j->isNull("error"));
    EXPECT_EQ(j->getValue<int>("retryCount"), 0);
    EXPECT_EQ(j->getValue<int>("maxRetries"), 3);
    EXPECT_EQ(j->getArray("steps")->size(), 0u);
    EXPECT_EQ(j->getValue<std::string>("statusDisplay"), "⏳ Queued");
    EXPECT_EQ(j->getValue<std::string>("phaseDescription"), "Preparing to start generation");
    EXPECT_FALSE(j->getValue<bool>("isStuck"));
    EXPECT_FALSE(j->getValue<bool>("canRetry"));
    EXPECT_EQ(phases(j),
              (std::vector<std::string>{"completed", "pending", "pending", "pending", "pending"}));
    auto first = j->getArray("executionPhases")->getObject(0);
    EXPECT_EQ(first->getValue<std::string>("name"), "Lead generation initiated");
    EXPECT_EQ(first->getValue<std::string>("description"),
              "Lead record created and queued for processing");
}

TEST_F(StatusApi, QueuedInFull) {
    expectJob(job(), {"queued",
                      std::nullopt,
                      0,
                      0,
                      "null",
                      std::nullopt,
                      false,
                      false,
                      "⏳ Queued",
                      "Preparing to start generation",
                      {},
                      {"completed", "pending", "pending", "pending", "pending"}});
}

TEST_F(StatusApi, ResearchRunning) {
    moveJob({.running = StepName::Research, .progress = 50});
    auto j = job();
    expectJob(j, {"research_running",
                  "Research agent",
                  5,
                  39,
                  "positive",
                  std::nullopt,
                  false,
                  false,
                  "🔍 Researching",
                  "Researching the prospect and their company",
                  {{"research_agent", "running"}},
                  {"completed", "current", "pending", "pending", "pending"}});
    EXPECT_EQ(j->getArray("steps")->getObject(0)->getValue<int>("progress"), 50);
}

TEST_F(StatusApi, ContentRunning) {
    moveJob({.completed = {StepName::Research}, .running = StepName::Content, .progress = 10});
    expectJob(job(), {"content_running",
                      "Content generation",
                      40,
                      89,
                      "positive",
                      std::nullopt,
                      false,
                      false,
                      "✍️ Generating content",
                      "Generating personalized content",
                      {{"research_agent", "completed"}, {"content_generation", "running"}},
                      {"completed", "completed", "completed", "current", "pending"}});
}

TEST_F(StatusApi, Finalizing) {
    moveJob({.completed = {StepName::Research, StepName::Content}, .running = StepName::Finalize});
    expectJob(job(), {"finalizing",
                      "Finalization",
                      90,
                      99,
                      "positive",
                      std::nullopt,
                      false,
                      false,
                      "📦 Finalizing",
                      "Saving content and preparing the lead magnet",
                      {{"research_agent", "completed"},
                       {"content_generation", "completed"},
                       {"finalization", "running"}},
                      {"completed", "completed", "completed", "completed", "current"}});
}

TEST_F(StatusApi, Completed) {
    moveJob({.completed = {StepName::Research, StepName::Content, StepName::Finalize}});
    expectJob(job(), {"completed",
                      "Completed",
                      100,
                      100,
                      "zero",
                      std::nullopt,
                      false,
                      false,
                      "✅ Completed",
                      "Lead magnet is ready",
                      {{"research_agent", "completed"},
                       {"content_generation", "completed"},
                       {"finalization", "completed"}},
                      std::vector<std::string>(5, "completed")});
}

TEST_F(StatusApi, FailedInContent) {
    moveJob({.completed = {StepName::Research},
             .retries = 3,
             .failed = StepName::Content,
             .error = "content plugin timed out"});
    auto j = job();
    expectJob(j, {"failed",
                  "Content generation",
                  40,
                  89,
                  "null",
                  std::string("content plugin timed out"),
                  true,
                  false,
                  "❌ Failed",
                  "Generation failed",
                  {{"research_agent", "completed"}, {"content_generation", "failed"}},
                  {"completed", "completed", "completed", "failed", "failed"}});
    EXPECT_EQ(j->getValue<int>("retryCount"), 3);
}

TEST_F(StatusApi, FailedInResearch) {
    moveJob({.failed = StepName::Research, .error = "no data"});
    expectJob(job(), {"failed",
                      "Research agent",
                      5,
                      39,
                      "null",
                      std::string("no data"),
                      true,
                      false,
                      "❌ Failed",
                      "Generation failed",
                      {{"research_agent", "failed"}},
                      {"completed", "failed", "failed", "failed", "failed"}});
}

TEST_F(StatusApi, FailedInFinalization) {
    moveJob({.completed = {StepName::Research, StepName::Content},
             .failed = StepName::Finalize,
             .error = "template error"});
    expectJob(job(), {"failed",
                      "Finalization",
                      90,
                      99,
                      "null",
                      std::string("template error"),
                      true,
                      false,
                      "❌ Failed",
                      "Generation failed",
                      {{"research_agent", "completed"},
                       {"content_generation", "completed"},
                       {"finalization", "failed"}},
                      {"completed", "completed", "completed", "completed", "failed"}});
}

TEST_F(StatusApi, StuckWhenTheLeaseHasExpired) {
    moveJob({.running = StepName::Research, .leaseOwner = "gone", .leaseUntil = 1});
    EXPECT_TRUE(job()->getValue<bool>("isStuck"));
}

TEST_F(StatusApi, ByLeadReturnsTheSameJob) {
    auto reply = api_.get("/api/leads/" + created_.leadId + "/job-status");
    ASSERT_EQ(reply.status, 200);
    EXPECT_EQ(reply.json->getObject("job")->getValue<std::string>("id"), created_.jobId);
}

TEST_F(StatusApi, UnknownAndForeignJobsAre404) {
    auto unknown = api_.get("/api/generation/job_doesnotexist000000000000/status");
    EXPECT_EQ(unknown.status, 404);
    EXPECT_EQ(unknown.text, R"({"error":"Job not found"})");
    EXPECT_EQ(api_.get("/api/leads/lead_nope/job-status").text, R"({"error":"Lead not found"})");
    // Another organisation's key, and a key limited to another project, see nothing.
    EXPECT_EQ(api_.get("/api/generation/" + created_.jobId + "/status", kGlobexKey).status, 404);
    EXPECT_EQ(api_.get("/api/leads/" + created_.leadId + "/job-status", kGlobexKey).status, 404);
    EXPECT_EQ(api_.get("/api/generation/" + created_.jobId + "/status", kScopedKey).status, 404);
}

TEST_F(StatusApi, RetryRequeuesAFailedJobAndChargesAgain) {
    EXPECT_EQ(api_.credits("Acme"), 4);
    auto notFailed = api_.post("/api/generation/" + created_.jobId + "/retry", "");
    EXPECT_EQ(notFailed.status, 409);
    EXPECT_THAT(notFailed.json->getValue<std::string>("error"), HasSubstr("queued"));

    // Failed in content; the engine refunded the charge when it failed.
    moveJob({.completed = {StepName::Research},
             .retries = 3,
             .failed = StepName::Content,
             .error = "boom"});
    api_.factory().refund(created_.jobId);

    auto retried = api_.post("/api/generation/" + created_.jobId + "/retry", "");
    ASSERT_EQ(retried.status, 200) << retried.text;
    auto j = retried.json->getObject("job");
    EXPECT_EQ(j->getValue<std::string>("status"), "queued");
    EXPECT_TRUE(j->isNull("error"));
    EXPECT_EQ(j->getValue<int>("retryCount"), 4);  // three automatic retries and this one
    EXPECT_EQ(j->getArray("steps")->size(), 1u);   // research stays done; content runs again
    EXPECT_EQ(j->getValue<int>("progressPercentage"), 40);
    EXPECT_EQ(api_.credits("Acme"), 4);
    EXPECT_EQ(api_.post("/api/generation/" + created_.jobId + "/retry", "").status, 409);
    EXPECT_EQ(api_.post("/api/generation/job_nope/retry", "").status, 404);
}

TEST_F(StatusApi, AFailureNoRetryCanFixCannotBeRetried) {
    // What the engine stores when a plugin rejects the job's input; the charge released without
    // going back to Acme, so the balance shows anything a retry would charge.
    moveJob({.completed = {StepName::Research},
             .failed = StepName::Content,
             .error = "plugin \"content-template\" rejected its input: bad",
             .retryable = false});
    api_.factory().releaseCharge(created_.jobId);
    EXPECT_FALSE(job()->getValue<bool>("canRetry"));
    auto reply = api_.post("/api/generation/" + created_.jobId + "/retry", "");
    EXPECT_EQ(reply.status, 409);
    EXPECT_THAT(reply.json->getValue<std::string>("error"), HasSubstr("a retry cannot fix"));
    EXPECT_EQ(job()->getValue<std::string>("status"), "failed");
    EXPECT_EQ(api_.credits("Acme"), 4);  // nothing charged for the refused retry
}

TEST(StatusApiStuck, AStepRunningPastItsStuckThresholdIsStuck) {
    ApiDaemon api(std::string(ApiDaemon::kGenerousLimits) +
                  "pipeline:\n  research:\n    stuck_after: 2s\n");
    auto created = generateOk(api, api.projectId("Default"));
    api.factory().advance(created.jobId, {.running = StepName::Research, .leaseOwner = "w"});
    auto status = [&] {
        return api.get("/api/generation/" + created.jobId + "/status")
            .json->getObject("job")
            ->getValue<bool>("isStuck");
    };
    EXPECT_FALSE(status());
    // Raw: a claim starts a step at the moment it is made, and no repository moves the start
    // back. Three seconds back stand in for waiting out stuck_after.
    api.backdoor().execute("UPDATE job_steps SET started_at = " +
                           std::to_string(lodestone::domain::SystemClock().now() - 3000) +
                           " WHERE job_id = '" + created.jobId + "'");
    EXPECT_TRUE(status());
}

TEST_F(StatusApi, RetryWithTooFewCreditsIs402AndChangesNothing) {
    moveJob({.failed = StepName::Research, .error = "boom"});
    api_.factory().refund(created_.jobId);
    api_.factory().setCredits(api_.factory().organisationNamed("Acme").id, 0);
    auto reply = api_.post("/api/generation/" + created_.jobId + "/retry", "");
    EXPECT_EQ(reply.status, 402);
    EXPECT_EQ(reply.text, R"({"error":"Insufficient credits"})");
    EXPECT_EQ(job()->getValue<std::string>("status"), "failed");
}

TEST_F(StatusApi, ConcurrentRetriesRequeueOnceAndChargeOnce) {
    failHoldingNoCredits();
    std::vector<std::thread> threads;
    std::vector<int> statuses(10);
    for (std::size_t i = 0; i < statuses.size(); ++i) {
        threads.emplace_back([&, i] {
            statuses[i] = api_.post("/api/generation/" + created_.jobId + "/retry", "").status;
        });
    }
    for (auto& thread : threads) thread.join();
    EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 200), 1);
    EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 409), 9);
    EXPECT_EQ(api_.credits("Acme"), 3);  // 5, minus the generate, minus one retry
}

TEST_F(StatusApi, RetryHonoursAnIdempotencyKey) {
    failHoldingNoCredits();
    auto path = "/api/generation/" + created_.jobId + "/retry";
    auto first = api_.post(path, "", kAcmeKey, {{"Idempotency-Key", "retry-1"}});
    ASSERT_EQ(first.status, 200);
    auto again = api_.post(path, "", kAcmeKey, {{"Idempotency-Key", "retry-1"}});
    EXPECT_EQ(again.status, 200);  // not 409: the same request, answered the same way
    EXPECT_EQ(again.text, first.text);
    EXPECT_EQ(api_.credits("Acme"), 3);
}
