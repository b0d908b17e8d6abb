#include <Poco/JSON/Array.h>

#include "api/ApiError.hpp"
#include "api/ApiRoutes.hpp"
#include "api/Idempotency.hpp"
#include "api/JsonResponse.hpp"
#include "api/ProjectAccess.hpp"
#include "domain/JsonWriter.hpp"
#include "domain/Text.hpp"
#include "leadmagnet/Generation.hpp"
#include "leadmagnet/JobStatusView.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::api {
namespace {

// Jobs and leads of other organisations (or of projects the key may not use) are as unknown as
// ones that do not exist; so are a prospect's jobs, which are no generation jobs.
domain::Job visibleJob(const std::optional<domain::Job>& job, const ApiRequest& request,
                       const std::string& notFound) {
    if (!job || job->kind != domain::JobKind::LeadMagnet ||
        job->organisationId != request.key.organisationId ||
        !request.key.mayUseProject(job->projectId)) {
        throw ApiError(404, notFound);
    }
    return *job;
}

ApiError invalidInput(const leadmagnet::ProjectLeadFields& input) {
    std::string message;
    if (!input.missingFields.empty()) {
        message = "Missing required fields: " + domain::joined(input.missingFields);
    }
    if (!input.invalidFields.empty()) {
        message += (message.empty() ? "Invalid fields: " : "; invalid fields: ") +
                   domain::joined(input.invalidFields);
    }
    ApiError error(400, message);
    error.with("missingFields", stringArray(input.missingFields));
    if (!input.invalidFields.empty()) error.with("invalidFields", stringArray(input.invalidFields));
    return error;
}

ApiError insufficientCredits() {
    return ApiError(402, "Insufficient credits");
}

// Whom a lead was made for, as the lead's status view names it: a campaign prospect (its
// campaign's project made it, docs/outreach.md), or nobody (a Generate call).
struct LeadFor {
    std::optional<domain::Prospect> prospect;
};

// {"success": true, "job": {...}}, and a `message` after the job when given; the lead route adds
// `prospect` (null for a lead a Generate call made).
ApiResponse jobResponse(const domain::Job& job, const leadmagnet::StatusViewContext& context,
                        std::string_view message = {},
                        const std::optional<domain::PageActivity>& pageViews = std::nullopt,
                        const std::optional<LeadFor>& leadFor = std::nullopt) {
    domain::JsonWriter out;
    out.beginObject().member("success", true).key("job");
    leadmagnet::writeJobStatus(out, job, context, pageViews);
    if (!message.empty()) out.member("message", message);
    if (leadFor) {
        out.key("prospect");
        if (const auto& prospect = leadFor->prospect) {
            out.beginObject()
                .member("id", prospect->id)
                .member("campaignId", prospect->campaignId)
                .member("status", domain::toString(prospect->status))
                .endObject();
        } else {
            out.null();
        }
    }
    out.endObject();
    return {200, nullptr, out.take()};
}

ApiResponse generate(ApiServices& services, ApiRequest& request) {
    domain::Project project = accessibleProject(services, request);
    auto input = leadmagnet::checkProjectLeadFields(project.schema, *request.body);
    if (!input.valid()) throw invalidInput(input);
    try {
        auto response =
            writeIdempotently(services.store, request, [&](storage::Repositories& repositories) {
                auto started = leadmagnet::startGeneration(
                    repositories, {project, input, services.config.server.publicUrl,
                                   services.config.jobs.maxRetries, services.clock.now()});
                domain::JsonWriter out;
                out.beginObject()
                    .member("success", true)
                    .member("leadId", started.lead.id)
                    .member("leadMagnetUrl", started.lead.leadMagnetUrl)
                    .member("jobId", started.job.id)
                    .member("status", domain::toString(started.job.status))
                    .member("message",
                            "Lead magnet generation started; poll the status endpoint for progress")
                    .endObject();
                return ApiResponse{200, nullptr, out.take()};
            });
        if (!request.replayed) services.jobQueued();
        return response;
    } catch (const storage::InsufficientCredits&) {
        throw insufficientCredits();
    }
}

ApiResponse schema(ApiServices& services, ApiRequest& request) {
    domain::Project project = accessibleProject(services, request);
    Poco::JSON::Array::Ptr fields = new Poco::JSON::Array();
    std::vector<std::string> required;
    for (const auto& field : project.schema.fields()) {
        auto entry = orderedObject();
        entry->set("name", field.name);
        entry->set("type", std::string(domain::toString(field.type)));
        entry->set("required", field.required);
        entry->set("label", field.label);
        entry->set("description", field.description);
        fields->add(entry);
        if (field.required) required.push_back(field.name);
    }
    auto body = orderedObject();
    body->set("success", true);
    body->set("projectId", project.id);
    body->set("fields", fields);
    body->set("requiredFields", stringArray(required));
    return {200, body};
}

// A completed job's page has views to show; a job still running has no page yet.
std::optional<domain::PageActivity> pageViewsOf(storage::Repositories& repositories,
                                                const std::optional<domain::Job>& job) {
    if (!job || job->status != domain::JobStatus::Completed) return std::nullopt;
    return repositories.leads().activity(job->leadId);
}

ApiResponse statusByJob(ApiServices& services, ApiRequest& request) {
    std::optional<domain::PageActivity> views;
    auto job = services.store.read([&](storage::Repositories& repositories) {
        auto found = repositories.jobs().find(request.param("jobId"));
        views = pageViewsOf(repositories, found);
        return found;
    });
    return jobResponse(visibleJob(job, request, "Job not found"), statusContext(services), {},
                       views);
}

ApiResponse statusByLead(ApiServices& services, ApiRequest& request) {
    std::optional<domain::PageActivity> views;
    LeadFor leadFor;
    auto job = services.store.read([&](storage::Repositories& repositories) {
        const auto& leadId = request.param("leadId");
        auto found = repositories.jobs().findByLead(leadId);
        views = pageViewsOf(repositories, found);
        auto lead = repositories.leads().find(leadId);
        if (lead && lead->prospectId)
            leadFor.prospect = repositories.prospects().find(*lead->prospectId);
        return found;
    });
    return jobResponse(visibleJob(job, request, "Lead not found"), statusContext(services), {},
                       views, leadFor);
}

ApiResponse retry(ApiServices& services, ApiRequest& request) {
    auto stored = services.store.read([&](storage::Repositories& repositories) {
        return repositories.jobs().find(request.param("jobId"));
    });
    const std::string jobId = visibleJob(stored, request, "Job not found").id;
    // Computed before the transaction: it may read the database, and a transaction must not wait
    // for a second connection.
    auto context = statusContext(services);
    try {
        auto response =
            writeIdempotently(services.store, request, [&](storage::Repositories& repositories) {
                auto job = *repositories.jobs().find(jobId);
                auto project = repositories.projects().find(job.projectId);
                auto requeued =
                    leadmagnet::retryGeneration(repositories, job, *project, context.now);
                return jobResponse(requeued, context,
                                   "Job queued again; it resumes at the step that failed");
            });
        if (!request.replayed) services.jobQueued();
        return response;
    } catch (const leadmagnet::NotRetryable& e) {
        throw ApiError(409, e.what());
    } catch (const storage::InsufficientCredits&) {
        throw insufficientCredits();
    }
}

}  // namespace

void addLeadMagnetRoutes(ApiRoutes& routes, ApiServices& services) {
    auto bind = [&services](ApiResponse (*handler)(ApiServices&, ApiRequest&)) {
        return [&services, handler](ApiRequest& request) { return handler(services, request); };
    };
    routes.add(
        {"POST", "/api/projects/{projectId}/generate", RouteGroup::Generate, true, bind(generate)});
    // The status polls, the most frequent requests, are each a read of one job's rows.
    routes.add({"GET", "/api/projects/{projectId}/generate", RouteGroup::Status, false,
                bind(schema), true});
    routes.add({"GET", "/api/generation/{jobId}/status", RouteGroup::Status, false,
                bind(statusByJob), true});
    routes.add({"GET", "/api/leads/{leadId}/job-status", RouteGroup::Status, false,
                bind(statusByLead), true});
    routes.add({"POST", "/api/generation/{jobId}/retry", RouteGroup::Generate, false, bind(retry)});
}

}  // namespace lodestone::api
