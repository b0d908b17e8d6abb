// Projects: the schema Generate Lead Magnet accepts (shown and edited), and the project's jobs
// with their progress, a link to each lead magnet and a Retry button for failed ones.
#include "admin/Administration.hpp"
#include "admin/OperatorAccounts.hpp"
#include "dashboard/Pages.hpp"
#include "domain/Time.hpp"
#include "leadmagnet/Generation.hpp"
#include "leadmagnet/JobProgress.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/PageCursor.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/StorageError.hpp"

namespace lodestone::dashboard {
namespace {

constexpr int kMostFields = 100;

const domain::FieldType kFieldTypes[] = {domain::FieldType::String, domain::FieldType::Email,
                                         domain::FieldType::Url, domain::FieldType::Domain,
                                         domain::FieldType::Json};

std::optional<domain::Project> ownProject(Dashboard& dashboard, const DashboardRequest& request) {
    auto project = dashboard.services().store.read(
        [&](storage::Repositories& r) { return r.projects().find(request.param("projectId")); });
    if (!project || project->organisationId != request.who->op.organisationId) return std::nullopt;
    return project;
}

mustache::data fieldRow(int index, const domain::FieldSpec& field) {
    mustache::data row;
    row.set("index", std::to_string(index));
    row.set("name", field.name);
    row.set("required", field.required);
    row.set("label", field.label);
    row.set("description", field.description);
    mustache::data types{mustache::data::type::list};
    for (auto type : kFieldTypes) {
        mustache::data option;
        option.set("value", std::string(domain::toString(type)));
        option.set("selected", type == field.type);
        types.push_back(option);
    }
    row.set("types", types);
    return row;
}

// The schema as the form posted it: rows without a name are left out.
domain::ProjectSchema postedSchema(const DashboardRequest& request) {
    int rows = 0;
    try {
        rows = std::clamp(std::stoi(request.field("rows")), 0, kMostFields + 1);
    } catch (const std::exception&) {
        throw domain::InvalidSchema("The form is incomplete; reload the page and try again.");
    }
    std::vector<domain::FieldSpec> fields;
    for (int i = 0; i < rows; ++i) {
        const std::string prefix = "f" + std::to_string(i) + "_";
        domain::FieldSpec field;
        field.name = request.field(prefix + "name");
        if (field.name.empty()) continue;
        auto type = domain::fieldTypeFromString(request.field(prefix + "type"));
        if (!type) throw domain::InvalidSchema("Field " + field.name + " has no valid type.");
        field.type = *type;
        field.required = request.field(prefix + "required") == "1";
        field.label = request.field(prefix + "label");
        field.description = request.field(prefix + "description");
        fields.push_back(std::move(field));
    }
    return domain::ProjectSchema(std::move(fields));
}

Reply projectPage(Dashboard& dashboard, DashboardRequest& request, const domain::Project& project,
                  const std::string& error) {
    storage::JobFilter filter{project.id};
    if (auto status = domain::jobStatusFromString(request.field("status"))) filter.status = status;
    const auto page = pageOf(request);
    std::vector<std::pair<domain::Job, std::string>> jobs;  // with the lead's email
    std::vector<domain::PageActivity> views;                // of each job's page
    std::optional<std::string> next;
    dashboard.services().store.read([&](storage::Repositories& r) {
        auto found = r.jobs().page(filter, page);
        next = storage::endOfPage(found, page);
        for (auto& job : found) {
            auto lead = r.leads().find(job.leadId);
            views.push_back(r.leads().activity(job.leadId));
            jobs.emplace_back(std::move(job), lead ? lead->email : "");
        }
        return 0;
    });
    mustache::data data;
    data.set("id", project.id);
    mustache::data fields{mustache::data::type::list};
    int index = 0;
    for (const auto& field : project.schema.fields()) fields.push_back(fieldRow(index++, field));
    fields.push_back(fieldRow(index++, domain::FieldSpec{}));  // a row to add one
    data.set("fields", fields);
    data.set("rows", std::to_string(index));
    data.set("statuses", statusOptions(domain::leadMagnetJobStatuses(), filter.status));
    mustache::data rows{mustache::data::type::list};
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const auto& [job, email] = jobs[i];
        mustache::data row;
        row.set("id", job.id);
        row.set("projectId", project.id);
        row.set("lead", email);
        row.set("status", std::string(domain::toString(job.status)));
        if (job.error) row.set("error", *job.error);
        row.set("progress", std::to_string(leadmagnet::progressPercentage(job)));
        row.set("created", shownTime(job.createdAt));
        if (job.status == domain::JobStatus::Completed) {
            row.set("url", job.leadMagnetUrl);
            row.set("views", pageActivityText(views[i]));
        }
        row.set("retryable", job.status == domain::JobStatus::Failed && job.retryable);
        rows.push_back(row);
    }
    data.set("jobs", rows);
    if (next) {
        data.set("next", "/dashboard/projects/" + project.id + "?status=" +
                             urlEncoded(request.field("status")) + "&cursor=" + *next + "#jobs");
    }
    if (!error.empty()) data.set("error", error);
    if (request.field("created") == "1")
        data.set("flash", "Project created with the default schema; change it below.");
    if (request.field("saved") == "1")
        data.set("flash", "Schema saved; Generate follows it within a second.");
    if (request.field("retried") == "1")
        data.set("flash", "Job queued again; it resumes at the step that failed.");
    return dashboard::page(error.empty() ? 200 : 400, project.name, "project.mustache",
                           std::move(data), &*request.who, Section::Projects);
}

}  // namespace

Reply projects(Dashboard& dashboard, DashboardRequest& request, const std::string& error) {
    const auto page = pageOf(request);
    auto rows = dashboard.services().store.read([&](storage::Repositories& r) {
        return r.projects().page(request.who->op.organisationId, std::nullopt, page);
    });
    auto next = storage::endOfPage(rows, page);
    mustache::data list{mustache::data::type::list};
    for (const auto& project : rows) {
        mustache::data entry;
        entry.set("id", project.id);
        entry.set("name", project.name);
        entry.set("host", project.leadMagnetHost.value_or("(the dashboard's own /m/)"));
        entry.set("credits", std::to_string(project.creditsPerGeneration));
        entry.set("created", shownTime(project.createdAt));
        list.push_back(entry);
    }
    mustache::data data;
    data.set("projects", list);
    if (next) data.set("next", *next);
    if (!error.empty()) {
        data.set("error", error);
        data.set("newName", request.field("name"));
        data.set("newHost", request.field("host"));
    }
    return dashboard::page(error.empty() ? 200 : 400, "Projects", "projects.mustache",
                           std::move(data), &*request.who, Section::Projects);
}

Reply createProject(Dashboard& dashboard, DashboardRequest& request) {
    admin::ProjectDraft draft;
    draft.organisationId = request.who->op.organisationId;
    draft.name = request.field("name");
    if (auto host = request.field("host"); !host.empty()) draft.leadMagnetHost = host;
    std::string id;
    try {
        const auto now = dashboard.services().clock.now();
        id = dashboard.services().store.write([&](storage::Repositories& r) {
            auto created = admin::Administration(r, now).createProject(draft);
            admin::recordChange(r, created.organisationId, actorOf(request), "project.create",
                                created.id, "Created project " + created.name, now);
            return created.id;
        });
    } catch (const admin::InvalidRequest& e) {
        return projects(dashboard, request, e.what());
    } catch (const storage::Conflict&) {
        return projects(dashboard, request, "Another project of the organisation has that name.");
    }
    return redirectTo("/dashboard/projects/" + id + "?created=1#schema");
}

Reply project(Dashboard& dashboard, DashboardRequest& request) {
    auto found = ownProject(dashboard, request);
    if (!found) return problem(404, "Not found", "There is no such project.", &*request.who);
    return projectPage(dashboard, request, *found, "");
}

Reply saveSchema(Dashboard& dashboard, DashboardRequest& request) {
    auto found = ownProject(dashboard, request);
    if (!found) return problem(404, "Not found", "There is no such project.", &*request.who);
    try {
        auto schema = postedSchema(request);
        const auto now = dashboard.services().clock.now();
        dashboard.services().store.write([&](storage::Repositories& r) {
            admin::ProjectChanges changes;
            changes.schema = schema;
            admin::Administration(r, now).updateProject(found->id, changes);
            admin::recordChange(r, found->organisationId, actorOf(request), "project.schema",
                                found->id,
                                "Changed the schema of project " + found->name + " (" +
                                    std::to_string(schema.fields().size()) + " fields)",
                                now);
        });
    } catch (const domain::InvalidSchema& e) {
        return projectPage(dashboard, request, *found, e.what());
    }
    return redirectTo("/dashboard/projects/" + found->id + "?saved=1#schema");
}

std::optional<Reply> retryLeadMagnetJob(Dashboard& dashboard, DashboardRequest& request,
                                        const domain::Project& project, const std::string& jobId) {
    const auto now = dashboard.services().clock.now();
    try {
        const bool ours = dashboard.services().store.write([&](storage::Repositories& r) {
            auto job = r.jobs().find(jobId);
            if (!job || job->kind != domain::JobKind::LeadMagnet || job->projectId != project.id) {
                return false;
            }
            leadmagnet::retryGeneration(r, *job, project, now);
            admin::recordChange(r, project.organisationId, actorOf(request), "job.retry", jobId,
                                "Queued job " + jobId + " of project " + project.name + " again",
                                now);
            return true;
        });
        if (!ours) return problem(404, "Not found", "This project has no such job.", &*request.who);
    } catch (const leadmagnet::NotRetryable& e) {
        return problem(409, "Cannot retry", e.what(), &*request.who);
    } catch (const storage::InsufficientCredits&) {
        return problem(402, "Not enough credits",
                       "The organisation has too few credits to run this job again.",
                       &*request.who);
    }
    if (dashboard.services().jobQueued) dashboard.services().jobQueued();
    return std::nullopt;
}

Reply retryJob(Dashboard& dashboard, DashboardRequest& request) {
    auto found = ownProject(dashboard, request);
    if (!found) return problem(404, "Not found", "There is no such project.", &*request.who);
    if (auto refused = retryLeadMagnetJob(dashboard, request, *found, request.param("jobId")))
        return *refused;
    return redirectTo("/dashboard/projects/" + found->id + "?retried=1#jobs");
}

}  // namespace lodestone::dashboard
