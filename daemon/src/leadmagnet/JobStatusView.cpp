#include "leadmagnet/JobStatusView.hpp"

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Array.h>

#include <algorithm>
#include <optional>
#include <string>

#include "domain/JsonValues.hpp"

namespace lodestone::leadmagnet {

using domain::Job;
using domain::JobStatus;
using domain::JobStep;
using domain::StepStatus;
using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

namespace {

using domain::orderedObject;
using domain::orNull;

// Var holds no string_view: the text is copied.
Var orNull(const std::optional<std::string_view>& value) {
    return value ? Var(std::string(*value)) : Var();
}

// What a plugin reported of the service it paid for (content-openai: a language model's token
// counts), from the `usage` object of the step's stored output: only the documented keys, of
// their types, so a plugin cannot put arbitrary data on the status endpoint. Nothing when the
// step reported none.
Object::Ptr reportedUsage(const std::optional<std::string>& outputJson) {
    // Most outputs carry no usage; the check spares parsing them on every status request.
    if (!outputJson || outputJson->find("\"usage\"") == std::string::npos) return nullptr;
    const auto parsed = domain::parseOrdered(*outputJson);
    if (!parsed || parsed->type() != typeid(Object::Ptr)) return nullptr;
    const auto usage = parsed->extract<Object::Ptr>()->getObject("usage");
    if (!usage) return nullptr;
    Object::Ptr out = orderedObject();
    for (const char* key : {"promptTokens", "completionTokens", "totalTokens"}) {
        if (!usage->has(key) || !usage->get(key).isInteger()) continue;
        const auto count = usage->get(key).convert<Poco::Int64>();
        if (count >= 0) out->set(key, count);
    }
    if (usage->has("model") && usage->get("model").isString()) {
        const auto model = usage->get("model").extract<std::string>();
        if (!model.empty() && model.size() <= 200) out->set("model", model);
    }
    return out->size() > 0 ? out : nullptr;
}

Array::Ptr renderSteps(const Job& job) {
    Array::Ptr steps = new Array;
    // Pipeline order, whatever order the rows were stored in.
    for (domain::StepName name : domain::kSteps) {
        if (const JobStep* row = job.step(name)) steps->add(renderStep(*row));
    }
    return steps;
}

Array::Ptr renderPhases(const Job& job) {
    Array::Ptr phases = new Array;
    for (const ExecutionPhase& phase : executionPhases(job)) {
        Object::Ptr entry = orderedObject();
        entry->set("name", std::string(phase.name));
        entry->set("status", std::string(toString(phase.status)));
        entry->set("description", std::string(phase.description));
        phases->add(entry);
    }
    return phases;
}

}  // namespace

std::string_view statusDisplay(JobStatus status) {
    switch (status) {
        case JobStatus::Queued:
            return "⏳ Queued";
        case JobStatus::ResearchRunning:
            return "🔍 Researching";
        case JobStatus::ContentRunning:
            return "✍️ Generating content";
        case JobStatus::Finalizing:
            return "📦 Finalizing";
        case JobStatus::Scoring:
            return "📊 Scoring";
        case JobStatus::Completed:
            return "✅ Completed";
        case JobStatus::Failed:
            return "❌ Failed";
    }
    return "";
}

std::string_view phaseDescription(JobStatus status) {
    switch (status) {
        case JobStatus::Queued:
            return "Preparing to start generation";
        case JobStatus::ResearchRunning:
            return "Researching the prospect and their company";
        case JobStatus::ContentRunning:
            return "Generating personalized content";
        case JobStatus::Finalizing:
            return "Saving content and preparing the lead magnet";
        case JobStatus::Scoring:
            return "Scoring the prospect against the campaign's ICP";
        case JobStatus::Completed:
            return "Lead magnet is ready";
        case JobStatus::Failed:
            return "Generation failed";
    }
    return "";
}

Object::Ptr renderStep(const JobStep& step) {
    Object::Ptr out = orderedObject();
    out->set("name", std::string(domain::toString(step.name)));
    out->set("status", std::string(domain::toString(step.status)));
    out->set("startedAt", step.startedAt);
    // The documented keys are always present for their status; a timestamp or message the row
    // lacks shows as null rather than as an invented value.
    switch (step.status) {
        case StepStatus::Completed: {
            out->set("completedAt", orNull(step.completedAt));
            std::optional<domain::Timestamp> duration;
            if (step.completedAt) {
                duration = std::max<domain::Timestamp>(*step.completedAt - step.startedAt, 0);
            }
            out->set("duration", orNull(duration));
            if (auto usage = reportedUsage(step.outputJson)) out->set("usage", usage);
            break;
        }
        case StepStatus::Running:
            out->set("progress", std::clamp(step.progress.value_or(0), 0, 100));
            break;
        case StepStatus::Failed:
            out->set("failedAt", orNull(step.failedAt));
            out->set("error", orNull(step.error));
            break;
    }
    return out;
}

Object::Ptr renderJobStatus(const Job& job, const StatusViewContext& context) {
    const bool failed = job.status == JobStatus::Failed;
    Object::Ptr out = orderedObject();
    out->set("id", job.id);
    out->set("leadId", job.leadId);
    out->set("leadMagnetUrl", job.leadMagnetUrl);
    out->set("projectId", job.projectId);
    out->set("status", std::string(domain::toString(job.status)));
    out->set("currentStep", orNull(currentStepLabel(job)));
    out->set("progressPercentage", progressPercentage(job));
    out->set("estimatedTimeRemaining", orNull(estimatedSecondsRemaining(job, context)));
    out->set("processingTime", processingSeconds(job, context.now));
    out->set("createdAt", job.createdAt);
    out->set("updatedAt", job.updatedAt);
    // A stale message from an earlier failed attempt must not show on a job that is running again.
    out->set("error", failed ? orNull(job.error) : Var());
    out->set("retryCount", job.retryCount);
    out->set("maxRetries", job.maxRetries);
    out->set("steps", renderSteps(job));
    out->set("statusDisplay", std::string(statusDisplay(job.status)));
    out->set("phaseDescription", std::string(phaseDescription(job.status)));
    out->set("isStuck", isStuck(job, context));
    out->set("canRetry", canRetry(job));
    out->set("executionPhases", renderPhases(job));
    return out;
}

}  // namespace lodestone::leadmagnet
