#include "pages/PageRoutes.hpp"

#include "pages/BookingLinkHandler.hpp"
#include "pages/BrandLogo.hpp"
#include "pages/CallToActionHandler.hpp"
#include "pages/LeadMagnetPageHandler.hpp"
#include "pages/UnsubscribeHandler.hpp"

namespace lodestone::pages {

std::vector<routing::Route> routes(storage::Store& store, const domain::Clock& clock) {
    using Request = Poco::Net::HTTPServerRequest;
    using routing::Match;
    auto unsubscribe = [&store, &clock](const Request&, const Match& match) {
        return new UnsubscribeHandler(store, clock, match.param("token"));
    };
    return {
        {"GET",
         "/m/{leadId}",
         {},
         [&store, &clock](const Request&, const Match& match) {
             return new LeadMagnetPageHandler(store, clock, match.param("leadId"), std::nullopt);
         }},
        {"GET",
         "/m/{leadId:lead}/cta",
         {},
         [&store, &clock](const Request&, const Match& match) {
             return new CallToActionHandler(store, clock, match.param("leadId"));
         }},
        // A project's own lead-magnet host serves its leads at the root; the handler checks
        // that the lead's URL is exactly this host and path.
        {"GET",
         "/{leadId:lead}",
         {},
         [&store, &clock](const Request& request, const Match& match) {
             return new LeadMagnetPageHandler(store, clock, match.param("leadId"),
                                              hostNameOf(request.getHost()));
         }},
        {"GET",
         "/assets/{projectId:project}/logo",
         {},
         [&store](const Request&, const Match& match) {
             return new BrandLogoHandler(store, match.param("projectId"));
         }},
        {"GET",
         "/b/{token}",
         {},
         [&store](const Request&, const Match& match) {
             return new BookingLinkHandler(store, match.param("token"));
         }},
        {"GET", "/u/{token}", {}, unsubscribe},
        {"POST", "/u/{token}", {}, unsubscribe},
    };
}

}  // namespace lodestone::pages
