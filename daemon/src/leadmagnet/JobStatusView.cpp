#include "leadmagnet/JobStatusView.hpp"

#include <Poco/JSON/Object.h>

#include <algorithm>
#include <optional>
#include <string>

#include "domain/JsonValues.hpp"

namespace lodestone::leadmagnet {

using domain::Job;
using domain::JobStatus;
using domain::JobStep;
using domain::StepStatus;
using Poco::JSON::Object;

namespace {

// What a plugin reported of the service it paid for (content-openai: a language model's token
// counts), from the `usage` object of the step's stored output: only the documented keys, of
// their types, so a plugin cannot put arbitrary data on the status endpoint. Written as the
// step's `usage` member, or not at all when the step reported none.
void writeReportedUsage(domain::JsonWriter& out, const std::optional<std::string>& outputJson) {
    // Most outputs carry no usage; the check spares parsing them on every status request.
    if (!outputJson || outputJson->find("\"usage\"") == std::string::npos) return;
    const auto parsed = domain::parseOrdered(*outputJson);
    if (!parsed || parsed->type() != typeid(Object::Ptr)) return;
    const auto usage = parsed->extract<Object::Ptr>()->getObject("usage");
    if (!usage) return;
    bool any = false;
    auto open = [&] {
        if (!any) out.key("usage").beginObject();
        any = true;
    };
    for (const char* key : {"promptTokens", "completionTokens", "totalTokens"}) {
        if (!usage->has(key) || !usage->get(key).isInteger()) continue;
        const auto count = usage->get(key).convert<Poco::Int64>();
        if (count < 0) continue;
        open();
        out.member(key, static_cast<std::int64_t>(count));
    }
    if (usage->has("model") && usage->get("model").isString()) {
        const auto model = usage->get("model").extract<std::string>();
        if (!model.empty() && model.size() <= 200) {
            open();
            out.member("model", model);
        }
    }
    if (any) out.endObject();
}

void writeSteps(domain::JsonWriter& out, const Job& job) {
    out.beginArray();
    // Pipeline order, whatever order the rows were stored in.
    for (domain::StepName name : domain::kSteps) {
        if (const JobStep* row = job.step(name)) writeStep(out, *row);
    }
    out.endArray();
}

void writePhases(domain::JsonWriter& out, const Job& job) {
    out.beginArray();
    for (const ExecutionPhase& phase : executionPhases(job)) {
        out.beginObject()
            .member("name", phase.name)
            .member("status", toString(phase.status))
            .member("description", phase.description)
            .endObject();
    }
    out.endArray();
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

void writeStep(domain::JsonWriter& out, const JobStep& step) {
    out.beginObject()
        .member("name", domain::toString(step.name))
        .member("status", domain::toString(step.status))
        .member("startedAt", step.startedAt);
    // The documented keys are always present for their status; a timestamp or message the row
    // lacks shows as null rather than as an invented value.
    switch (step.status) {
        case StepStatus::Completed: {
            out.member("completedAt", step.completedAt);
            std::optional<domain::Timestamp> duration;
            if (step.completedAt) {
                duration = std::max<domain::Timestamp>(*step.completedAt - step.startedAt, 0);
            }
            out.member("duration", duration);
            writeReportedUsage(out, step.outputJson);
            break;
        }
        case StepStatus::Running:
            out.member("progress", std::clamp(step.progress.value_or(0), 0, 100));
            break;
        case StepStatus::Failed:
            out.member("failedAt", step.failedAt);
            out.member("error", step.error);
            break;
    }
    out.endObject();
}

void writeJobStatus(domain::JsonWriter& out, const Job& job, const StatusViewContext& context,
                    const std::optional<domain::PageActivity>& pageViews) {
    const bool failed = job.status == JobStatus::Failed;
    out.beginObject()
        .member("id", job.id)
        .member("leadId", job.leadId)
        .member("leadMagnetUrl", job.leadMagnetUrl)
        .member("projectId", job.projectId)
        .member("status", domain::toString(job.status))
        .member("currentStep", currentStepLabel(job))
        .member("progressPercentage", progressPercentage(job))
        .member("estimatedTimeRemaining", estimatedSecondsRemaining(job, context))
        .member("processingTime", processingSeconds(job, context.now))
        .member("createdAt", job.createdAt)
        .member("updatedAt", job.updatedAt);
    // A stale message from an earlier failed attempt must not show on a job that is running again.
    if (failed) {
        out.member("error", job.error);
    } else {
        out.key("error").null();
    }
    out.member("retryCount", job.retryCount).member("maxRetries", job.maxRetries).key("steps");
    writeSteps(out, job);
    out.member("statusDisplay", statusDisplay(job.status))
        .member("phaseDescription", phaseDescription(job.status))
        .member("isStuck", isStuck(job, context))
        .member("canRetry", canRetry(job))
        .key("executionPhases");
    writePhases(out, job);
    if (pageViews) {
        out.key("pageViews")
            .beginObject()
            .member("views", pageViews->views)
            .member("firstViewedAt", pageViews->firstViewedAt)
            .member("lastViewedAt", pageViews->lastViewedAt)
            .member("ctaClicks", pageViews->ctaClicks)
            .member("lastCtaClickAt", pageViews->lastCtaClickAt)
            .endObject();
    }
    out.endObject();
}

}  // namespace lodestone::leadmagnet
