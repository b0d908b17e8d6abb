#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>
#include <gtest/gtest.h>

#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "JobFixtures.hpp"
#include "leadmagnet/JobStatusView.hpp"

using namespace lodestone::leadmagnet;
using namespace lodestone::leadmagnet::testing;
using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

namespace {

// One expected key of a JSON object: a value (empty Var for null) or, for arrays, their size.
struct Field {
    std::string key;
    Var value;
    int arraySize = -1;
};

// The wire form, parsed back, so the checks see exactly what a client would.
std::string renderText(const Job& job, const StatusViewContext& context) {
    lodestone::domain::JsonWriter out;
    writeJobStatus(out, job, context);
    return out.take();
}

Object::Ptr parse(const std::string& text) {
    Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
    return parser.parse(text).extract<Object::Ptr>();
}

std::string stepText(const JobStep& step) {
    lodestone::domain::JsonWriter out;
    writeStep(out, step);
    return out.take();
}

Object::Ptr renderStep(const JobStep& step) {
    return parse(stepText(step));
}

Object::Ptr render(const Job& job, const StatusViewContext& context) {
    return parse(renderText(job, context));
}

void expectValue(const Object::Ptr& object, const Field& field) {
    SCOPED_TRACE("key " + field.key);
    ASSERT_TRUE(object->has(field.key));
    const Var actual = object->get(field.key);
    if (field.arraySize >= 0) {
        ASSERT_TRUE(object->isArray(field.key));
        EXPECT_EQ(object->getArray(field.key)->size(), static_cast<std::size_t>(field.arraySize));
    } else if (field.value.isEmpty()) {
        EXPECT_TRUE(object->isNull(field.key)) << actual.toString();
    } else if (field.value.isBoolean()) {
        ASSERT_TRUE(actual.isBoolean());
        EXPECT_EQ(actual.extract<bool>(), field.value.extract<bool>());
    } else if (field.value.isInteger()) {
        ASSERT_TRUE(actual.isInteger()) << actual.toString();
        EXPECT_EQ(actual.convert<Poco::Int64>(), field.value.convert<Poco::Int64>());
    } else {
        ASSERT_TRUE(actual.isString()) << actual.toString();
        EXPECT_EQ(actual.toString(), field.value.toString());
    }
}

// Every key, in order, and nothing else.
void expectObject(const Object::Ptr& object, const std::vector<Field>& fields) {
    std::vector<std::string> keys;
    for (const Field& field : fields) keys.push_back(field.key);
    EXPECT_EQ(object->getNames(), keys);
    for (const Field& field : fields) expectValue(object, field);
}

Object::Ptr stepAt(const Object::Ptr& job, std::size_t index) {
    return job->getArray("steps")->getObject(static_cast<unsigned>(index));
}

void expectPhases(const Object::Ptr& job, const std::array<std::string, 5>& statuses) {
    static const std::array<std::pair<std::string, std::string>, 5> kPhases{{
        {"Lead generation initiated", "Lead record created and queued for processing"},
        {"Research agent started", "Research agent execution and data gathering"},
        {"Data analysis completed", "Research data processed and analyzed"},
        {"Content generation started", "AI generating personalized lead magnet content"},
        {"Finalizing lead magnet", "Saving content and preparing final lead magnet"},
    }};
    Array::Ptr phases = job->getArray("executionPhases");
    ASSERT_EQ(phases->size(), 5u);
    for (unsigned i = 0; i < 5; ++i) {
        SCOPED_TRACE("phase " + std::to_string(i + 1));
        expectObject(phases->getObject(i), {{"name", kPhases[i].first},
                                            {"status", statuses[i]},
                                            {"description", kPhases[i].second}});
    }
}

// The job object's fields in the spec's order; identity fields come from the fixtures.
std::vector<Field> jobFields(const Job& job, std::string status, Var currentStep, int progress,
                             Var eta, int processingTime, Var error, int steps, std::string display,
                             std::string description, bool stuck, bool retry) {
    return {
        {"id", "job_abcdefghijklmnopqrstuvwx"},
        {"leadId", "lead_abcdefghijklmnopqrstuvwx"},
        {"leadMagnetUrl", "https://magnets.example.com/lead_abcdefghijklmnopqrstuvwx"},
        {"projectId", "k3n9x2p7q4r8s1t6v5w0y3z8a2b7c4d9"},
        {"status", status},
        {"currentStep", currentStep},
        {"progressPercentage", progress},
        {"estimatedTimeRemaining", eta},
        {"processingTime", processingTime},
        {"createdAt", job.createdAt},
        {"updatedAt", job.updatedAt},
        {"error", error},
        {"retryCount", job.retryCount},
        {"maxRetries", job.maxRetries},
        {"steps", {}, steps},
        {"statusDisplay", display},
        {"phaseDescription", description},
        {"isStuck", stuck},
        {"canRetry", retry},
        {"executionPhases", {}, 5},
    };
}

std::vector<Field> completedStepFields(std::string name, Timestamp start, Timestamp end) {
    return {{"name", name},
            {"status", "completed"},
            {"startedAt", start},
            {"completedAt", end},
            {"duration", end - start}};
}

const Var kNull;

}  // namespace

TEST(JobStatusView, NewQueuedJob) {
    Job job = baseJob(JobStatus::Queued);
    std::string text = renderText(job, contextAt(kT0 + 1500));
    Object::Ptr json = parse(text);

    expectObject(json, jobFields(job, "queued", kNull, 0, kNull, 1, kNull, 0, "⏳ Queued",
                                 "Preparing to start generation", false, false));
    expectPhases(json, {"completed", "pending", "pending", "pending", "pending"});
    // Nulls are real JSON nulls and the symbols travel as UTF-8, not as escapes of their bytes.
    EXPECT_NE(text.find(R"("currentStep":null)"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("steps":[])"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("statusDisplay":"⏳ Queued")"), std::string::npos) << text;
}

TEST(JobStatusView, ResearchRunning) {
    const Timestamp now = kT0 + 12'500;
    Job job = leasedJob(JobStatus::ResearchRunning, now);
    job.steps = {runningStep(StepName::Research, kT0 + 2000, 50)};
    job.updatedAt = kT0 + 11'000;
    Object::Ptr json = render(job, contextAt(now));

    // 5 + floor(35 * 50%); ETA: 19.5s of research left + 60s + 10s, rounded up.
    expectObject(json, jobFields(job, "research_running", "Research agent", 22, 90, 12, kNull, 1,
                                 "🔍 Researching", "Researching the prospect and their company",
                                 false, false));
    expectObject(stepAt(json, 0), {{"name", "research_agent"},
                                   {"status", "running"},
                                   {"startedAt", kT0 + 2000},
                                   {"progress", 50}});
    expectPhases(json, {"completed", "current", "pending", "pending", "pending"});
}

TEST(JobStatusView, ContentRunning) {
    const Timestamp now = kT0 + 52'000;
    Job job = leasedJob(JobStatus::ContentRunning, now);
    job.steps = {researchDone(), runningStep(StepName::Content, kT0 + 32'000, 40)};
    job.updatedAt = kT0 + 50'000;
    Object::Ptr json = render(job, contextAt(now));

    // 40 + floor(50 * 40%); ETA: 40s of content left + 10s.
    expectObject(json, jobFields(job, "content_running", "Content generation", 60, 50, 52, kNull, 2,
                                 "✍️ Generating content", "Generating personalized content",
                                 false, false));
    expectObject(stepAt(json, 0), completedStepFields("research_agent", kT0 + 2000, kT0 + 31000));
    expectObject(stepAt(json, 1), {{"name", "content_generation"},
                                   {"status", "running"},
                                   {"startedAt", kT0 + 32'000},
                                   {"progress", 40}});
    expectPhases(json, {"completed", "completed", "completed", "current", "pending"});
}

TEST(JobStatusView, Finalizing) {
    const Timestamp now = kT0 + 99'400;
    Job job = leasedJob(JobStatus::Finalizing, now);
    // Stored out of order, and the finalize step has not reported any progress yet.
    job.steps = {contentDone(), researchDone(),
                 runningStep(StepName::Finalize, kT0 + 96'000, std::nullopt)};
    job.updatedAt = kT0 + 96'000;
    Object::Ptr json = render(job, contextAt(now));

    // ETA: 10s - 3.4s = 6.6s, rounded up.
    expectObject(json,
                 jobFields(job, "finalizing", "Finalization", 90, 7, 99, kNull, 3, "📦 Finalizing",
                           "Saving content and preparing the lead magnet", false, false));
    expectObject(stepAt(json, 0), completedStepFields("research_agent", kT0 + 2000, kT0 + 31000));
    expectObject(stepAt(json, 1),
                 completedStepFields("content_generation", kT0 + 32000, kT0 + 95000));
    expectObject(stepAt(json, 2), {{"name", "finalization"},
                                   {"status", "running"},
                                   {"startedAt", kT0 + 96'000},
                                   {"progress", 0}});
    expectPhases(json, {"completed", "completed", "completed", "completed", "current"});
}

TEST(JobStatusView, Completed) {
    Job job = baseJob(JobStatus::Completed);
    job.steps = {researchDone(), contentDone(), finalizeDone()};
    job.finishedAt = kT0 + 104'500;
    job.updatedAt = kT0 + 104'500;
    // Polled long after it finished: processingTime stops at finishedAt.
    Object::Ptr json = render(job, contextAt(kT0 + 500'000));

    expectObject(json, jobFields(job, "completed", "Completed", 100, 0, 104, kNull, 3,
                                 "✅ Completed", "Lead magnet is ready", false, false));
    expectObject(stepAt(json, 0), completedStepFields("research_agent", kT0 + 2000, kT0 + 31000));
    expectObject(stepAt(json, 1),
                 completedStepFields("content_generation", kT0 + 32000, kT0 + 95000));
    expectObject(stepAt(json, 2), completedStepFields("finalization", kT0 + 96000, kT0 + 104000));
    expectPhases(json, {"completed", "completed", "completed", "completed", "completed"});
}

TEST(JobStatusView, FailedInContent) {
    Job job = baseJob(JobStatus::Failed);
    job.steps = {researchDone(), failedStepRow(StepName::Content, kT0 + 32'000, kT0 + 70'000, 30,
                                               "LLM provider timed out")};
    job.error = "Content generation failed: LLM provider timed out";
    job.retryCount = 1;
    job.finishedAt = kT0 + 70'200;
    job.updatedAt = kT0 + 70'200;
    Object::Ptr json = render(job, contextAt(kT0 + 200'000));

    // Progress stays where it stopped: 40 + floor(50 * 30%).
    expectObject(json, jobFields(job, "failed", "Content generation", 55, kNull, 70,
                                 "Content generation failed: LLM provider timed out", 2, "❌ Failed",
                                 "Generation failed", false, true));
    expectObject(stepAt(json, 0), completedStepFields("research_agent", kT0 + 2000, kT0 + 31000));
    expectObject(stepAt(json, 1), {{"name", "content_generation"},
                                   {"status", "failed"},
                                   {"startedAt", kT0 + 32'000},
                                   {"failedAt", kT0 + 70'000},
                                   {"error", "LLM provider timed out"}});
    expectPhases(json, {"completed", "completed", "completed", "failed", "failed"});
}

TEST(JobStatusView, FailedInResearch) {
    Job job = baseJob(JobStatus::Failed);
    job.steps = {failedStepRow(StepName::Research, kT0 + 2000, kT0 + 25'000, 80,
                               "Company website unreachable")};
    job.error = "Research failed: Company website unreachable";
    job.finishedAt = kT0 + 25'100;
    job.updatedAt = kT0 + 25'100;
    Object::Ptr json = render(job, contextAt(kT0 + 60'000));

    expectObject(json, jobFields(job, "failed", "Research agent", 33, kNull, 25,
                                 "Research failed: Company website unreachable", 1, "❌ Failed",
                                 "Generation failed", false, true));
    expectObject(stepAt(json, 0), {{"name", "research_agent"},
                                   {"status", "failed"},
                                   {"startedAt", kT0 + 2000},
                                   {"failedAt", kT0 + 25'000},
                                   {"error", "Company website unreachable"}});
    expectPhases(json, {"completed", "failed", "failed", "failed", "failed"});
}

TEST(JobStatusView, FailedInFinalize) {
    Job job = baseJob(JobStatus::Failed);
    job.steps = {researchDone(), contentDone(),
                 failedStepRow(StepName::Finalize, kT0 + 96'000, kT0 + 99'000, 50, "disk full")};
    job.error = "Finalization failed: disk full";
    job.retryCount = 3;
    job.retryable = false;  // a failure no retry can fix (a plugin rejected its input)
    job.finishedAt = kT0 + 99'000;
    job.updatedAt = kT0 + 99'000;
    Object::Ptr json = render(job, contextAt(kT0 + 120'000));

    expectObject(json, jobFields(job, "failed", "Finalization", 95, kNull, 99,
                                 "Finalization failed: disk full", 3, "❌ Failed",
                                 "Generation failed", false, false));
    expectPhases(json, {"completed", "completed", "completed", "completed", "failed"});
}

TEST(JobStatusView, RequeuedAfterRetryKeepsFinishedWork) {
    Job job = baseJob(JobStatus::Queued);
    job.steps = {researchDone()};
    job.retryCount = 1;
    job.error = "Content generation failed: LLM provider timed out";  // from the failed attempt
    job.updatedAt = kT0 + 80'000;
    Object::Ptr json = render(job, contextAt(kT0 + 81'000));

    expectObject(json, jobFields(job, "queued", kNull, 40, kNull, 81, kNull, 1, "⏳ Queued",
                                 "Preparing to start generation", false, false));
    expectObject(stepAt(json, 0), completedStepFields("research_agent", kT0 + 2000, kT0 + 31000));
    expectPhases(json, {"completed", "completed", "completed", "pending", "pending"});
}

TEST(JobStatusView, RequeuedJobShowsTheFailedRowOfTheLastAttempt) {
    Job job = baseJob(JobStatus::Queued);
    job.steps = {researchDone(), failedStepRow(StepName::Content, kT0 + 32'000, kT0 + 70'000, 30,
                                               "LLM provider timed out")};
    Object::Ptr json = render(job, contextAt(kT0 + 81'000));

    EXPECT_EQ(json->getValue<int>("progressPercentage"), 40);
    EXPECT_TRUE(json->isNull("currentStep"));
    EXPECT_EQ(json->getArray("steps")->size(), 2u);
    expectPhases(json, {"completed", "completed", "completed", "pending", "pending"});
}

TEST(JobStatusView, ErrorIsNullOutsideFailed) {
    for (JobStatus status : {JobStatus::Queued, JobStatus::ContentRunning, JobStatus::Completed}) {
        SCOPED_TRACE(std::string(lodestone::domain::toString(status)));
        Job job = baseJob(status);
        job.error = "stale error from an earlier attempt";
        Object::Ptr json = render(job, contextAt(kT0 + 1000));
        EXPECT_TRUE(json->isNull("error"));
        EXPECT_FALSE(json->getValue<bool>("canRetry"));
    }
}

TEST(JobStatusView, StepWithoutTimestampsShowsNullsNotInventedValues) {
    JobStep step = completedStep(StepName::Research, kT0, kT0);
    step.completedAt.reset();
    Object::Ptr json = renderStep(step);
    EXPECT_EQ(json->getNames(),
              (std::vector<std::string>{"name", "status", "startedAt", "completedAt", "duration"}));
    EXPECT_TRUE(json->isNull("completedAt"));
    EXPECT_TRUE(json->isNull("duration"));
}

// docs/api.md: a completed step whose plugin reported token usage shows it as `usage`, with the
// documented keys only; steps that reported none keep the spec's keys alone.
TEST(JobStatusView, ACompletedStepShowsTheUsageItsPluginReported) {
    JobStep step = completedStep(StepName::Content, kT0, kT0 + 1000);
    step.outputJson =
        R"({"title":"T","sections":[],"usage":{"promptTokens":812,"completionTokens":640,)"
        R"("totalTokens":1452,"model":"gpt-4o-mini","secret":"not shown"}})";
    Object::Ptr json = parse(stepText(step));
    EXPECT_EQ(json->getNames(), (std::vector<std::string>{"name", "status", "startedAt",
                                                          "completedAt", "duration", "usage"}));
    auto usage = json->getObject("usage");
    ASSERT_TRUE(usage);
    EXPECT_EQ(usage->getNames(), (std::vector<std::string>{"promptTokens", "completionTokens",
                                                           "totalTokens", "model"}));
    EXPECT_EQ(usage->getValue<int>("promptTokens"), 812);
    EXPECT_EQ(usage->getValue<int>("completionTokens"), 640);
    EXPECT_EQ(usage->getValue<int>("totalTokens"), 1452);
    EXPECT_EQ(usage->getValue<std::string>("model"), "gpt-4o-mini");
}

TEST(JobStatusView, UsageIsLeftOutWhenNoneOrNothingUsableWasReported) {
    for (const char* output :
         {R"({"title":"T","sections":[]})", R"({"title":"usage","sections":[]})",
          R"({"usage":"lots"})", R"({"usage":{"promptTokens":"12","totalTokens":-3}})",
          R"({"usage":{}})", "not json \"usage\""}) {
        SCOPED_TRACE(output);
        JobStep step = completedStep(StepName::Content, kT0, kT0 + 1000);
        step.outputJson = output;
        EXPECT_FALSE(renderStep(step)->has("usage"));
    }
    // Only completed steps have an output to report from.
    JobStep running = completedStep(StepName::Content, kT0, kT0 + 1000);
    running.status = StepStatus::Running;
    running.outputJson = R"({"usage":{"totalTokens":5}})";
    EXPECT_FALSE(renderStep(running)->has("usage"));
}
