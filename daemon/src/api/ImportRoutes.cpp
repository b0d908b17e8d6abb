// Lists in (docs/lists.md): a CSV file of leads imported into a campaign, and its progress.
#include <Poco/String.h>

#include "api/ApiError.hpp"
#include "api/ApiRoutes.hpp"
#include "api/CampaignAccess.hpp"
#include "api/JsonResponse.hpp"
#include "outreach/imports/ImportReceiver.hpp"
#include "outreach/imports/ImportView.hpp"
#include "storage/LeadImportRepository.hpp"

namespace lodestone::api {
namespace {

namespace imports = outreach::imports;

imports::ImportLimits limitsOf(const config::ImportsConfig& config) {
    return {config.maxFileBytes, config.maxRows, config.maxFieldBytes, config.maxColumns};
}

bool isCsv(const std::string& contentType) {
    const auto type = Poco::toLower(Poco::trim(contentType.substr(0, contentType.find(';'))));
    return type == "text/csv";
}

ApiResponse startImport(ApiServices& services, ApiRequest& request) {
    domain::Campaign campaign = ownCampaign(services, request);
    if (!isCsv(request.bodyType)) {
        throw ApiError(415,
                       "Send the file as Content-Type: text/csv (UTF-8, the first row naming "
                       "the columns)");
    }
    const auto limits = limitsOf(services.config.imports);
    if (request.bodyLength && *request.bodyLength > limits.maxFileBytes) {
        throw ApiError(413, "The file is larger than " + std::to_string(limits.maxFileBytes) +
                                " bytes (imports.max_file_bytes): split it, or raise the limit");
    }
    imports::ReceiveOptions options;
    options.fileName = request.queryParameter("fileName");
    options.expectedBytes = request.bodyLength;
    domain::LeadImport received;
    try {
        received = imports::receiveImport(services.store, campaign, *request.bodyStream, limits, {},
                                          services.clock, options);
    } catch (const imports::ImportRefused& refused) {
        ApiError error(refused.status(), refused.what());
        if (refused.importId()) error.with("importId", *refused.importId());
        throw error;
    }
    if (services.importQueued) services.importQueued();
    auto body = orderedObject();
    body->set("success", true);
    body->set("importId", received.id);
    body->set("status", std::string(domain::toString(received.status)));
    body->set("rows", received.rowsTotal);
    body->set("rejected", received.counts.rejected);
    body->set("ignoredColumns", stringArray(received.ignoredColumns));
    body->set("statusUrl", "/api/imports/" + received.id);
    ApiResponse response{202, body};
    response.headers.emplace_back("Location", "/api/imports/" + received.id);
    return response;
}

ApiResponse showImport(ApiServices& services, ApiRequest& request) {
    const auto& id = request.param("importId");
    auto found = services.store.read(
        [&](storage::Repositories& repositories)
            -> std::optional<std::pair<domain::LeadImport, std::vector<domain::ImportRejection>>> {
            auto leadImport = repositories.leadImports().find(id);
            // Another organisation's import is as absent as one that never was.
            if (!leadImport || leadImport->organisationId != request.key.organisationId) {
                return std::nullopt;
            }
            auto rejections = repositories.leadImports().rejections(id, imports::kRejectionsShown);
            return std::make_pair(std::move(*leadImport), std::move(rejections));
        });
    if (!found) throw ApiError(404, "Import not found");
    auto body = orderedObject();
    body->set("success", true);
    body->set("import", imports::renderImport(found->first, found->second));
    return {200, body};
}

}  // namespace

void addImportRoutes(ApiRoutes& routes, ApiServices& services) {
    ApiRoute upload{"POST", "/api/campaigns/{campaignId}/leads/import", RouteGroup::CampaignLeads,
                    false,
                    [&services](ApiRequest& request) { return startImport(services, request); }};
    upload.streamsBody = true;
    upload.maxBodyBytes = services.config.imports.maxFileBytes;
    upload.maxBodySetting = "imports.max_file_bytes";
    routes.add(std::move(upload));
    routes.add({"GET", "/api/imports/{importId}", RouteGroup::Status, false,
                [&services](ApiRequest& request) { return showImport(services, request); }});
}

}  // namespace lodestone::api
