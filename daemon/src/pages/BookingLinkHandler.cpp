#include "pages/BookingLinkHandler.hpp"

#include <Poco/JSON/Parser.h>
#include <Poco/String.h>

#include "domain/Ids.hpp"
#include "outreach/BookingLink.hpp"
#include "pages/PageResponse.hpp"
#include "pages/PageSettings.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::pages {
namespace {

// A lead-magnet lead's calendar link: its project's calendar_url, prefilled with the lead's name
// and email. The lead id is the token: it is already the secret of the page that shows the link,
// so a second secret would protect nothing more.
std::optional<std::string> leadRedirect(storage::Repositories& repositories,
                                        const std::string& leadId) {
    auto lead = repositories.leads().find(leadId);
    if (!lead) return std::nullopt;
    auto project = repositories.projects().find(lead->projectId);
    if (!project) return std::nullopt;
    const auto calendar = pageSettingsOf(*project).calendarUrl;
    if (!calendar) return std::nullopt;
    std::string name;
    try {
        auto fields =
            Poco::JSON::Parser().parse(lead->fieldsJson).extract<Poco::JSON::Object::Ptr>();
        if (fields->has("fullName") && fields->get("fullName").isString()) {
            name = Poco::trim(fields->get("fullName").extract<std::string>());
        }
    } catch (const Poco::Exception&) {
        // A lead whose fields cannot be read is booked by email alone.
    }
    return outreach::calendarRedirect(*calendar, name, lead->email);
}

}  // namespace

void BookingLinkHandler::handleRequest(Poco::Net::HTTPServerRequest& request,
                                       Poco::Net::HTTPServerResponse& response) {
    sendRedirect(request, response, "booking link", [&] {
        return store_.read([&](storage::Repositories& repositories) -> std::optional<std::string> {
            if (domain::looksLikeId(domain::IdKind::Lead, token_)) {
                return leadRedirect(repositories, token_);
            }
            auto prospect = repositories.prospects().findByBookingToken(token_);
            if (!prospect) return std::nullopt;
            auto campaign = repositories.campaigns().find(prospect->campaignId);
            if (!campaign || !campaign->calendarUrl) return std::nullopt;
            return outreach::calendarRedirect(*campaign->calendarUrl, prospect->contactName,
                                              prospect->email, prospect->bookingToken);
        });
    });
}

}  // namespace lodestone::pages
