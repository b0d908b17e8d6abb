#include "pages/BookingLinkHandler.hpp"

#include <Poco/Logger.h>

#include "outreach/BookingLink.hpp"
#include "pages/PageRenderer.hpp"
#include "pages/PageResponse.hpp"

namespace lodestone::pages {

void BookingLinkHandler::handleRequest(Poco::Net::HTTPServerRequest& request,
                                       Poco::Net::HTTPServerResponse& response) {
    std::optional<std::string> location;
    try {
        location =
            store_.read([&](storage::Repositories& repositories) -> std::optional<std::string> {
                auto prospect = repositories.prospects().findByBookingToken(token_);
                if (!prospect) return std::nullopt;
                auto campaign = repositories.campaigns().find(prospect->campaignId);
                if (!campaign || !campaign->calendarUrl) return std::nullopt;
                return outreach::calendarRedirect(*campaign->calendarUrl, prospect->contactName,
                                                  prospect->email);
            });
    } catch (const std::exception& e) {
        Poco::Logger::get("lodestone.pages").error("booking link: %s", std::string(e.what()));
        response.set("Retry-After", "5");
        sendPage(request, response, {503, renderFailed()});
        return;
    }
    if (!location) {
        sendPage(request, response, {404, renderNotFound()});
        return;
    }
    // The link carries the prospect's secret token: no caching, and no Referer to the calendar.
    response.set("Location", *location);
    sendPage(request, response, {302, "", false});
}

}  // namespace lodestone::pages
