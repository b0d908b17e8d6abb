#include "domain/Jobs.hpp"

#include "domain/EnumNames.hpp"
#include "domain/JsonValues.hpp"

namespace lodestone::domain {
namespace {

constexpr EnumNames<JobKind, 2> kJobKindNames{{
    {JobKind::LeadMagnet, "lead_magnet"},
    {JobKind::Prospect, "prospect"},
}};

constexpr EnumNames<JobStatus, 7> kJobStatusNames{{
    {JobStatus::Queued, "queued"},
    {JobStatus::ResearchRunning, "research_running"},
    {JobStatus::ContentRunning, "content_running"},
    {JobStatus::Finalizing, "finalizing"},
    {JobStatus::Scoring, "scoring"},
    {JobStatus::Completed, "completed"},
    {JobStatus::Failed, "failed"},
}};

constexpr EnumNames<StepName, 4> kStepNames{{
    {StepName::Research, "research_agent"},
    {StepName::Content, "content_generation"},
    {StepName::Finalize, "finalization"},
    {StepName::Score, "icp_scoring"},
}};

constexpr EnumNames<StepStatus, 3> kStepStatusNames{{
    {StepStatus::Running, "running"},
    {StepStatus::Completed, "completed"},
    {StepStatus::Failed, "failed"},
}};

}  // namespace

std::string_view toString(JobKind kind) {
    return nameOf(kJobKindNames, kind);
}
std::optional<JobKind> jobKindFromString(std::string_view text) {
    return valueOf(kJobKindNames, text);
}

std::string_view toString(JobStatus status) {
    return nameOf(kJobStatusNames, status);
}
std::optional<JobStatus> jobStatusFromString(std::string_view text) {
    return valueOf(kJobStatusNames, text);
}

std::vector<JobStatus> leadMagnetJobStatuses() {
    std::vector<JobStatus> statuses;
    for (const auto& [status, name] : kJobStatusNames) {
        if (status != JobStatus::Scoring) statuses.push_back(status);
    }
    return statuses;
}

std::string_view toString(StepName step) {
    return nameOf(kStepNames, step);
}
std::optional<StepName> stepNameFromString(std::string_view text) {
    return valueOf(kStepNames, text);
}

JobStatus runningStatusOf(StepName step) {
    switch (step) {
        case StepName::Research:
            return JobStatus::ResearchRunning;
        case StepName::Content:
            return JobStatus::ContentRunning;
        case StepName::Finalize:
            return JobStatus::Finalizing;
        case StepName::Score:
            return JobStatus::Scoring;
    }
    return JobStatus::ResearchRunning;
}

std::optional<StepName> stepAfter(JobKind kind, StepName step) {
    auto next = [step](const auto& pipeline) -> std::optional<StepName> {
        for (std::size_t i = 0; i + 1 < std::size(pipeline); ++i) {
            if (pipeline[i] == step) return pipeline[i + 1];
        }
        return std::nullopt;
    };
    return kind == JobKind::LeadMagnet ? next(kSteps) : next(kProspectSteps);
}

std::string_view toString(StepStatus status) {
    return nameOf(kStepStatusNames, status);
}
std::optional<StepStatus> stepStatusFromString(std::string_view text) {
    return valueOf(kStepStatusNames, text);
}

const JobStep* Job::step(StepName name) const {
    for (const auto& candidate : steps) {
        if (candidate.name == name) return &candidate;
    }
    return nullptr;
}

std::string Job::leadMagnetTitle() const {
    const auto* content = step(StepName::Content);
    if (!content || content->status != StepStatus::Completed || !content->outputJson) return "";
    auto output = parseOrdered(*content->outputJson);
    if (!output || output->type() != typeid(Poco::JSON::Object::Ptr)) return "";
    return output->extract<Poco::JSON::Object::Ptr>()->optValue<std::string>("title", "");
}

}  // namespace lodestone::domain
