// Downloads: a campaign's prospects as a CSV file and a prospect's data as a JSON document, the
// same files as the API's exports (docs/lists.md), for operators signed in.
#include <Poco/JSON/Stringifier.h>

#include "dashboard/Pages.hpp"
#include "outreach/lists/LeadListExport.hpp"
#include "outreach/lists/PersonalData.hpp"

namespace lodestone::dashboard {

Reply exportLeads(Dashboard& dashboard, DashboardRequest& request) {
    auto campaign = ownCampaign(dashboard, request);
    if (!campaign) return problem(404, "Not found", "There is no such campaign.", &*request.who);
    Reply reply;
    reply.contentType = outreach::kLeadListContentType;
    reply.attachment = outreach::leadListFileName(*campaign);
    reply.stream = [&store = dashboard.services().store,
                    filter = prospectFilter(request, campaign->id)](std::ostream& out) {
        outreach::writeLeadList(store, filter, out);
    };
    return reply;
}

Reply exportPerson(Dashboard& dashboard, DashboardRequest& request) {
    auto campaign = ownCampaign(dashboard, request);
    const std::string& prospectId = request.param("prospectId");
    auto& services = dashboard.services();
    Poco::JSON::Object::Ptr document;
    if (campaign) {
        document = services.store.read([&](storage::Repositories& r) {
            return outreach::personalData(r, *campaign, prospectId,
                                          services.config.server.publicUrl, services.clock.now());
        });
    }
    if (!document) return problem(404, "Not found", "There is no such prospect.", &*request.who);
    Reply reply;
    reply.contentType = "application/json; charset=utf-8";
    reply.attachment = outreach::personalDataFileName(prospectId);
    reply.stream = [document](std::ostream& out) {
        Poco::JSON::Stringifier::stringify(document, out);
    };
    return reply;
}

}  // namespace lodestone::dashboard
