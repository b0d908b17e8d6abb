#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

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
        api_.sql("UPDATE jobs SET " + assignments + " WHERE id = '" + created_.jobId + "'");
    }
    void addStep(const std::string& name, const std::string& status, const std::string& extra = "",
                 const std::string& values = "") {
        auto started = std::to_string(nowMillis() - 5000);
        api_.sql("INSERT INTO job_steps (job_id, name, status, started_at" + extra + ") VALUES ('" +
                 created_.jobId + "', '" + name + "', '" + status + "', " + started + values + ")");
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

TEST_F(StatusApi, ResearchRunning) {
    setJob("status = 'research_running', lease_owner = 'w1', lease_expires_at = " +
           std::to_string(nowMillis() + 60000));
    addStep("research_agent", "running", ", progress", ", 50");
    auto j = job();
    EXPECT_EQ(j->getValue<std::string>("status"), "research_running");
    EXPECT_EQ(j->getValue<std::string>("currentStep"), "Research agent");
    int progress = j->getValue<int>("progressPercentage");
    EXPECT_GT(progress, 0);
    EXPECT_LT(progress, 100);
    EXPECT_GT(j->getValue<int>("estimatedTimeRemaining"), 0);
    auto steps = j->getArray("steps");
    ASSERT_EQ(steps->size(), 1u);
    auto step = steps->getObject(0);
    EXPECT_EQ(step->getNames(),
              (std::vector<std::string>{"name", "status", "startedAt", "progress"}));
    EXPECT_EQ(step->getValue<std::string>("name"), "research_agent");
    EXPECT_EQ(step->getValue<int>("progress"), 50);
    EXPECT_EQ(j->getValue<std::string>("statusDisplay"), "🔍 Researching");
    EXPECT_FALSE(j->getValue<bool>("isStuck"));
    EXPECT_EQ(phases(j),
              (std::vector<std::string>{"completed", "current", "pending", "pending", "pending"}));
}

TEST_F(StatusApi, ContentRunning) {
    setJob("status = 'content_running'");
    completeStep("research_agent");
    addStep("content_generation", "running", ", progress", ", 10");
    auto j = job();
    EXPECT_EQ(j->getValue<std::string>("currentStep"), "Content generation");
    auto steps = j->getArray("steps");
    ASSERT_EQ(steps->size(), 2u);
    auto research = steps->getObject(0);
    EXPECT_EQ(research->getNames(),
              (std::vector<std::string>{"name", "status", "startedAt", "completedAt", "duration"}));
    EXPECT_EQ(research->getValue<Poco::Int64>("duration"),
              research->getValue<Poco::Int64>("completedAt") -
                  research->getValue<Poco::Int64>("startedAt"));
    EXPECT_EQ(j->getValue<std::string>("statusDisplay"), "✍️ Generating content");
    EXPECT_EQ(phases(j), (std::vector<std::string>{"completed", "completed", "completed", "current",
                                                   "pending"}));
}

TEST_F(StatusApi, Finalizing) {
    setJob("status = 'finalizing'");
    completeStep("research_agent");
    completeStep("content_generation");
    addStep("finalization", "running");
    auto j = job();
    EXPECT_EQ(j->getValue<std::string>("currentStep"), "Finalization");
    EXPECT_GE(j->getValue<int>("progressPercentage"), 90);
    EXPECT_EQ(j->getValue<std::string>("statusDisplay"), "📦 Finalizing");
    EXPECT_EQ(phases(j), (std::vector<std::string>{"completed", "completed", "completed",
                                                   "completed", "current"}));
}

TEST_F(StatusApi, Completed) {
    setJob("status = 'completed', finished_at = " + std::to_string(nowMillis()));
    completeStep("research_agent");
    completeStep("content_generation");
    completeStep("finalization");
    auto j = job();
    EXPECT_EQ(j->getValue<std::string>("currentStep"), "Completed");
    EXPECT_EQ(j->getValue<int>("progressPercentage"), 100);
    EXPECT_EQ(j->getValue<int>("estimatedTimeRemaining"), 0);
    EXPECT_TRUE(j->isNull("error"));
    EXPECT_FALSE(j->getValue<bool>("canRetry"));
    EXPECT_EQ(j->getArray("steps")->size(), 3u);
    EXPECT_EQ(j->getValue<std::string>("statusDisplay"), "✅ Completed");
    EXPECT_EQ(phases(j), std::vector<std::string>(5, "completed"));
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
    EXPECT_EQ(j->getValue<std::string>("status"), "failed");
    EXPECT_EQ(j->getValue<std::string>("error"), "content plugin timed out");
    EXPECT_TRUE(j->isNull("estimatedTimeRemaining"));
    EXPECT_TRUE(j->getValue<bool>("canRetry"));
    EXPECT_EQ(j->getValue<int>("retryCount"), 3);
    auto failed = j->getArray("steps")->getObject(1);
    EXPECT_EQ(failed->getNames(),
              (std::vector<std::string>{"name", "status", "startedAt", "failedAt", "error"}));
    EXPECT_EQ(j->getValue<std::string>("statusDisplay"), "❌ Failed");
    EXPECT_EQ(phases(j), (std::vector<std::string>{"completed", "completed", "completed", "failed",
                                                   "failed"}));
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
    api_.sql("UPDATE organisations SET credits = credits + 1 WHERE name = 'Acme'");
    completeStep("research_agent");
    addStep("content_generation", "failed", ", failed_at, error",
            ", " + std::to_string(nowMillis()) + ", 'boom'");

    auto retried = api_.post("/api/generation/" + created_.jobId + "/retry", "");
    ASSERT_EQ(retried.status, 200) << retried.text;
    auto j = retried.json->getObject("job");
    EXPECT_EQ(j->getValue<std::string>("status"), "queued");
    EXPECT_TRUE(j->isNull("error"));
    EXPECT_EQ(j->getValue<int>("retryCount"), 0);
    EXPECT_EQ(j->getArray("steps")->size(), 1u);  // research stays done; content runs again
    EXPECT_EQ(j->getValue<int>("progressPercentage"), 40);
    EXPECT_EQ(api_.credits("Acme"), 4);
    EXPECT_EQ(api_.post("/api/generation/" + created_.jobId + "/retry", "").status, 409);
    EXPECT_EQ(api_.post("/api/generation/job_nope/retry", "").status, 404);
}
