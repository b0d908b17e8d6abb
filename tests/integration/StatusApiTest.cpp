#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <thread>

#include "ApiSupport.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;

namespace {

std::int64_t nowMillis() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// A job created through the API, then moved by writing its rows as the engine does.
class StatusApi : public ::testing::Test {
  protected:
    void SetUp() override { created_ = generateOk(api_, api_.projectId("Default")); }

    void setJob(const std::string& assignments) {
        api_.backdoor().execute("UPDATE jobs SET " + assignments + " WHERE id = '" +
                                created_.jobId + "'");
    }
    void addStep(const std::string& name, const std::string& status, const std::string& extra = "",
                 const std::string& values = "") {
        auto started = std::to_string(nowMillis() - 5000);
        api_.backdoor().execute("INSERT INTO job_steps (job_id, name, status, started_at" + extra +
                                ") VALUES ('" + created_.jobId + "', '" + name + "', '" + status +
                                "', " + started + values + ")");
    }
    void completeStep(const std::string& name) {
        addStep(name, "completed", ", completed_at", ", " + std::to_string(nowMillis() - 1000));
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
    EXPECT_EQ(job->getNames(), kJobFields);
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
    setJob("status = 'research_running', lease_owner = 'w1', lease_expires_at = " +
           std::to_string(nowMillis() + 60000));
    addStep("research_agent", "running", ", progress", ", 50");
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
    setJob("status = 'content_running', lease_owner = 'w1', lease_expires_at = " +
           std::to_string(nowMillis() + 60000));
    completeStep("research_agent");
    addStep("content_generation", "running", ", progress", ", 10");
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
    setJob("status = 'finalizing', lease_owner = 'w1', lease_expires_at = " +
           std::to_string(nowMillis() + 60000));
    completeStep("research_agent");
    completeStep("content_generation");
    addStep("finalization", "running");
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
    setJob("status = 'completed', finished_at = " + std::to_string(nowMillis()));
    completeStep("research_agent");
    completeStep("content_generation");
    completeStep("finalization");
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
    setJob(
        "status = 'failed', error = 'content plugin timed out', retry_count = 3, "
        "finished_at = " +
        std::to_string(nowMillis()));
    completeStep("research_agent");
    addStep("content_generation", "failed", ", failed_at, error",
            ", " + std::to_string(nowMillis()) + ", 'content plugin timed out'");
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
    setJob("status = 'failed', error = 'no data', finished_at = " + std::to_string(nowMillis()));
    addStep("research_agent", "failed", ", failed_at, error",
            ", " + std::to_string(nowMillis()) + ", 'no data'");
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
    setJob("status = 'failed', error = 'template error', finished_at = " +
           std::to_string(nowMillis()));
    completeStep("research_agent");
    completeStep("content_generation");
    addStep("finalization", "failed", ", failed_at, error",
            ", " + std::to_string(nowMillis()) + ", 'template error'");
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
    setJob("status = 'research_running', lease_owner = 'gone', lease_expires_at = 1");
    addStep("research_agent", "running");
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
    setJob(
        "status = 'failed', error = 'boom', retry_count = 3, credits_charged = 0, "
        "finished_at = " +
        std::to_string(nowMillis()));
    api_.backdoor().execute("UPDATE organisations SET credits = credits + 1 WHERE name = 'Acme'");
    completeStep("research_agent");
    addStep("content_generation", "failed", ", failed_at, error",
            ", " + std::to_string(nowMillis()) + ", 'boom'");

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
    // What the engine stores when a plugin rejects the job's input.
    setJob(
        "status = 'failed', error = 'plugin \"content-template\" rejected its input: bad', "
        "retryable = 0, credits_charged = 0, finished_at = " +
        std::to_string(nowMillis()));
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
    api.backdoor().execute(
        "UPDATE jobs SET status = 'research_running', lease_owner = 'w', lease_expires_at = " +
        std::to_string(nowMillis() + 60000) + " WHERE id = '" + created.jobId + "'");
    api.backdoor().execute("INSERT INTO job_steps (job_id, name, status, started_at) VALUES ('" +
                           created.jobId + "', 'research_agent', 'running', " +
                           std::to_string(nowMillis() - 1000) + ")");
    auto status = [&] {
        return api.get("/api/generation/" + created.jobId + "/status")
            .json->getObject("job")
            ->getValue<bool>("isStuck");
    };
    EXPECT_FALSE(status());
    api.backdoor().execute(
        "UPDATE job_steps SET started_at = " + std::to_string(nowMillis() - 3000) +
        " WHERE job_id = '" + created.jobId + "'");
    EXPECT_TRUE(status());
}

TEST_F(StatusApi, RetryWithTooFewCreditsIs402AndChangesNothing) {
    setJob("status = 'failed', error = 'boom', credits_charged = 0, finished_at = 1");
    api_.backdoor().execute("UPDATE organisations SET credits = 0 WHERE name = 'Acme'");
    auto reply = api_.post("/api/generation/" + created_.jobId + "/retry", "");
    EXPECT_EQ(reply.status, 402);
    EXPECT_EQ(reply.text, R"({"error":"Insufficient credits"})");
    EXPECT_EQ(job()->getValue<std::string>("status"), "failed");
}

TEST_F(StatusApi, ConcurrentRetriesRequeueOnceAndChargeOnce) {
    setJob("status = 'failed', error = 'boom', credits_charged = 0, finished_at = 1");
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
    setJob("status = 'failed', error = 'boom', credits_charged = 0, finished_at = 1");
    auto path = "/api/generation/" + created_.jobId + "/retry";
    auto first = api_.post(path, "", kAcmeKey, {{"Idempotency-Key", "retry-1"}});
    ASSERT_EQ(first.status, 200);
    auto again = api_.post(path, "", kAcmeKey, {{"Idempotency-Key", "retry-1"}});
    EXPECT_EQ(again.status, 200);  // not 409: the same request, answered the same way
    EXPECT_EQ(again.text, first.text);
    EXPECT_EQ(api_.credits("Acme"), 3);
}
