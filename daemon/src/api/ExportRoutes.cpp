// A campaign's prospects as a CSV file and one person's data as a JSON document (docs/lists.md):
// downloads, each sent as it is written (ApiResponse::stream).
#include <Poco/JSON/Stringifier.h>

#include "api/ApiError.hpp"
#include "api/ApiRoutes.hpp"
#include "api/CampaignAccess.hpp"
#include "api/ListPaging.hpp"
#include "outreach/lists/LeadListExport.hpp"
#include "outreach/lists/PersonalData.hpp"

namespace lodestone::api {
namespace {

std::pair<std::string, std::string> attachment(const std::string& fileName) {
    return {"Content-Disposition", "attachment; filename=\"" + fileName + "\""};
}

ApiResponse exportLeads(ApiServices& services, ApiRequest& request) {
    const auto campaign = visibleCampaign(services, request);
    // Read before the status goes, so that a bad filter is a 400 rather than a cut download.
    auto filter = prospectFilter(request, campaign.id);
    ApiResponse response;
    response.contentType = outreach::kLeadListContentType;
    response.headers.push_back(attachment(outreach::leadListFileName(campaign)));
    response.stream = [&store = services.store, filter = std::move(filter)](std::ostream& out) {
        outreach::writeLeadList(store, filter, out);
    };
    return response;
}

ApiResponse exportPerson(ApiServices& services, ApiRequest& request) {
    const auto campaign = visibleCampaign(services, request);
    const std::string& id = request.param("prospectId");
    // A key restricted to some projects sees only their lead magnets, as in the prospect's view.
    const auto visible = [&](const std::string& projectId) {
        return request.key.mayUseProject(projectId);
    };
    auto document = services.store.read([&](storage::Repositories& repositories) {
        return outreach::personalData(repositories, campaign, id, services.config.server.publicUrl,
                                      services.clock.now(), visible);
    });
    if (!document) throw ApiError(404, "Prospect not found");
    ApiResponse response;
    response.contentType = "application/json; charset=utf-8";
    response.headers.push_back(attachment(outreach::personalDataFileName(id)));
    response.stream = [document](std::ostream& out) {
        Poco::JSON::Stringifier::stringify(document, out);
    };
    return response;
}

}  // namespace

void addExportRoutes(ApiRoutes& routes, ApiServices& services) {
    routes.add({"GET", "/api/campaigns/{campaignId}/leads/export", RouteGroup::Status, false,
                [&services](ApiRequest& request) { return exportLeads(services, request); }});
    routes.add({"GET", "/api/campaigns/{campaignId}/leads/{prospectId}/export", RouteGroup::Status,
                false,
                [&services](ApiRequest& request) { return exportPerson(services, request); }});
}

}  // namespace lodestone::api
