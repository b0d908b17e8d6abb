#include "pages/LeadMagnetPageHandler.hpp"

#include <Poco/Logger.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/String.h>
#include <Poco/URI.h>

#include "pages/PageRenderer.hpp"
#include "pages/PageResponse.hpp"
#include "pages/PageVisits.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadRepository.hpp"

namespace lodestone::pages {
namespace {

// True when `url` is <scheme>://<host>[:port]/<leadId>, the URL a project's own host hands out.
bool servedAtRootOf(const std::string& url, const std::string& host) {
    try {
        Poco::URI uri(url);
        const std::string& path = uri.getPath();
        return Poco::toLower(uri.getHost()) == host && path.find('/', 1) == std::string::npos;
    } catch (const Poco::Exception&) {
        return false;
    }
}

Page pageFor(storage::Store& store, const std::string& leadId,
             const std::optional<std::string>& requiredHost) {
    return store.read([&](storage::Repositories& repositories) -> Page {
        auto lead = repositories.leads().find(leadId);
        if (!lead || (requiredHost && !servedAtRootOf(lead->leadMagnetUrl, *requiredHost))) {
            return {404, renderNotFound()};
        }
        auto job = repositories.jobs().findByLead(leadId);
        if (!job) return {404, renderNotFound()};
        switch (job->status) {
            case domain::JobStatus::Completed:
                if (auto html = repositories.leads().page(leadId)) return {200, *html, true};
                // A finished page is stored with its job's completion, so one that is gone was
                // erased with its person (docs/lists.md): it answers as if it never was.
                return {404, renderNotFound()};
            case domain::JobStatus::Failed:
                return {500, renderFailed()};
            default:
                return {200, renderPreparing(*job)};
        }
    });
}

}  // namespace

std::string hostNameOf(const std::string& hostHeaderOrUrl) {
    std::string text = hostHeaderOrUrl;
    if (text.find("://") != std::string::npos) {
        try {
            text = Poco::URI(text).getHost();
        } catch (const Poco::Exception&) {
            return "";
        }
    } else if (!text.empty() && text.front() == '[') {
        text = text.substr(1, text.find(']') - 1);
    } else if (auto colon = text.rfind(':'); colon != std::string::npos) {
        text = text.substr(0, colon);
    }
    return Poco::toLower(text);
}

void LeadMagnetPageHandler::handleRequest(Poco::Net::HTTPServerRequest& request,
                                          Poco::Net::HTTPServerResponse& response) {
    Page page;
    try {
        page = pageFor(store_, leadId_, requiredHost_);
    } catch (const std::exception& e) {
        Poco::Logger::get("lodestone.pages").error("page %s: %s", leadId_, std::string(e.what()));
        page = {503, renderFailed()};
        response.set("Retry-After", "5");
    }
    // The finished page read by a person counts.
    if (page.status == 200 && page.cacheable && !isAutomatedVisitor(request) &&
        !isPreview(request)) {
        countIfPossible(store_, "the view of page " + leadId_, [&](auto& repositories) {
            recordPageView(repositories, leadId_, clock_.now());
        });
    }
    sendPage(request, response, page);
}

}  // namespace lodestone::pages
