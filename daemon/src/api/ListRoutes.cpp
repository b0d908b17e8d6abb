#include "api/ApiRoutes.hpp"
#include "api/CampaignAccess.hpp"
#include "api/ListPaging.hpp"
#include "api/ProjectAccess.hpp"
#include "domain/JsonWriter.hpp"
#include "domain/RecordViews.hpp"
#include "leadmagnet/JobStatusView.hpp"
#include "outreach/ProspectView.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/JobRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::api {
namespace {

ApiResponse listCampaigns(ApiServices& services, ApiRequest& request) {
    const auto page = pageRequested(request);
    auto campaigns = services.store.read([&](storage::Repositories& repositories) {
        return repositories.campaigns().page(request.key.organisationId, page);
    });
    auto next = storage::endOfPage(campaigns, page);
    Poco::JSON::Array::Ptr items = new Poco::JSON::Array();
    for (const auto& campaign : campaigns) items->add(domain::campaignView(campaign));
    return listAnswer("campaigns", items, next);
}

ApiResponse listProjects(ApiServices& services, ApiRequest& request) {
    const auto page = pageRequested(request);
    auto projects = services.store.read([&](storage::Repositories& repositories) {
        return repositories.projects().page(request.key.organisationId, request.key.id, page);
    });
    auto next = storage::endOfPage(projects, page);
    Poco::JSON::Array::Ptr items = new Poco::JSON::Array();
    for (const auto& project : projects) items->add(domain::projectView(project, false));
    return listAnswer("projects", items, next);
}

ApiResponse listProspects(ApiServices& services, ApiRequest& request) {
    const domain::Campaign campaign = ownCampaign(services, request);
    const auto filter = prospectFilter(request, campaign.id);
    const auto page = pageRequested(request);
    auto prospects = services.store.read([&](storage::Repositories& repositories) {
        return repositories.prospects().page(filter, page);
    });
    auto next = storage::endOfPage(prospects, page);
    Poco::JSON::Array::Ptr items = new Poco::JSON::Array();
    for (const auto& prospect : prospects) items->add(outreach::renderProspectSummary(prospect));
    return listAnswer("leads", items, next);
}

ApiResponse listJobs(ApiServices& services, ApiRequest& request) {
    const domain::Project project = accessibleProject(services, request);
    storage::JobFilter filter;
    filter.projectId = project.id;
    if (auto status = request.queryParameter("status")) {
        filter.status = domain::jobStatusFromString(*status);
        // Prospect jobs' scoring never shows in a project.
        if (!filter.status || *filter.status == domain::JobStatus::Scoring) {
            refuseParameter("status",
                            "status must be one of " + namesOf(domain::leadMagnetJobStatuses()));
        }
    }
    const auto page = pageRequested(request);
    auto jobs = services.store.read([&](storage::Repositories& repositories) {
        return repositories.jobs().page(filter, page);
    });
    auto next = storage::endOfPage(jobs, page);
    // Each job as the status route shows it, written directly as the status route does.
    const auto context = statusContext(services);
    domain::JsonWriter out;
    out.beginObject().member("success", true).key("jobs").beginArray();
    for (const auto& job : jobs) leadmagnet::writeJobStatus(out, job, context);
    out.endArray().member("nextCursor", next).endObject();
    return {200, nullptr, out.take()};
}

}  // namespace

void addListRoutes(ApiRoutes& routes, ApiServices& services) {
    auto bind = [&services](ApiResponse (*handler)(ApiServices&, ApiRequest&)) {
        return [&services, handler](ApiRequest& request) { return handler(services, request); };
    };
    routes.add({"GET", "/api/campaigns", RouteGroup::Status, false, bind(listCampaigns)});
    routes.add({"GET", "/api/projects", RouteGroup::Status, false, bind(listProjects)});
    routes.add({"GET", "/api/campaigns/{campaignId}/leads", RouteGroup::Status, false,
                bind(listProspects)});
    routes.add(
        {"GET", "/api/projects/{projectId}/jobs", RouteGroup::Status, false, bind(listJobs)});
}

}  // namespace lodestone::api
