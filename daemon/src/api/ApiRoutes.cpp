#include "api/ApiRoutes.hpp"

#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/String.h>

#include "api/CalendarHookHandler.hpp"
#include "api/JsonResponse.hpp"

namespace lodestone::api {
namespace {

using Poco::Net::HTTPResponse;

class RefusedHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    explicit RefusedHandler(std::string allow) : allow_(std::move(allow)) {}
    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        if (allow_.empty()) {
            sendError(request, response, HTTPResponse::HTTP_NOT_FOUND, "Not found");
            return;
        }
        response.set("Allow", allow_);
        sendError(request, response, HTTPResponse::HTTP_METHOD_NOT_ALLOWED, "Method not allowed");
    }

  private:
    std::string allow_;
};

routing::Route calendarHook(ApiServices& services, std::string provider,
                            outreach::calendar::CalendarProvider kind) {
    return {"POST", "/hooks/" + provider + "/{campaignId}",
            routing::Access{routing::Access::Kind::Signature},
            [&services, kind](const auto&, const routing::Match& match) {
                return new CalendarHookHandler(services, kind, match.param("campaignId"));
            }};
}

}  // namespace

std::vector<routing::Route> routes(ApiServices& services) {
    ApiRoutes api(services);
    addExportRoutes(api, services);
    addLeadMagnetRoutes(api, services);
    addCampaignRoutes(api, services);
    addWebhookDeliveryRoutes(api, services);
    addEndpointRoutes(api, services);
    addListRoutes(api, services);
    addImportRoutes(api, services);
    addSuppressionRoutes(api, services);
    addStatsRoutes(api, services);
    auto rows = std::move(api.rows);
    rows.push_back(calendarHook(services, "calcom", outreach::calendar::CalendarProvider::CalCom));
    rows.push_back(
        calendarHook(services, "calendly", outreach::calendar::CalendarProvider::Calendly));
    for (auto& probe : probeRoutes(services)) rows.push_back(std::move(probe));
    return rows;
}

Poco::Net::HTTPRequestHandler* refuse(const Poco::Net::HTTPServerRequest&,
                                      const routing::Match& match) {
    return new RefusedHandler(
        Poco::cat(std::string(", "), match.allowedMethods.begin(), match.allowedMethods.end()));
}

}  // namespace lodestone::api
