#include "pages/CallToActionHandler.hpp"

#include "pages/PageResponse.hpp"
#include "pages/PageVisits.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/ProjectRepository.hpp"

namespace lodestone::pages {

void CallToActionHandler::handleRequest(Poco::Net::HTTPServerRequest& request,
                                        Poco::Net::HTTPServerResponse& response) {
    const bool counts = !isAutomatedVisitor(request);
    sendRedirect(request, response, "call to action", [&]() -> std::optional<std::string> {
        auto target =
            store_.read([&](storage::Repositories& repositories) -> std::optional<std::string> {
                auto lead = repositories.leads().find(leadId_);
                if (!lead) return std::nullopt;
                auto project = repositories.projects().find(lead->projectId);
                if (!project) return std::nullopt;
                return callToActionTarget(repositories, *lead, *project);
            });
        // The visitor goes on to the calendar even when the click cannot be counted.
        if (target && counts) {
            countIfPossible(store_, "the click on the call to action of " + leadId_,
                            [&](auto& repositories) {
                                repositories.leads().recordCtaClick(leadId_, clock_.now());
                            });
        }
        return target;
    });
}

}  // namespace lodestone::pages
