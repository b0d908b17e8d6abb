#include "pages/CallToActionHandler.hpp"

#include "pages/PageResponse.hpp"
#include "pages/PageVisits.hpp"

namespace lodestone::pages {

void CallToActionHandler::handleRequest(Poco::Net::HTTPServerRequest& request,
                                        Poco::Net::HTTPServerResponse& response) {
    const bool counts = !isAutomatedVisitor(request);
    sendRedirect(request, response, "call to action", [&] {
        return store_.write([&](storage::Repositories& repositories) -> std::optional<std::string> {
            auto lead = repositories.leads().find(leadId_);
            if (!lead) return std::nullopt;
            auto project = repositories.projects().find(lead->projectId);
            if (!project) return std::nullopt;
            auto target = callToActionTarget(repositories, *lead, *project);
            if (target && counts)
                repositories.leads().recordCtaClick(lead->id, domain::nowMillis());
            return target;
        });
    });
}

}  // namespace lodestone::pages
