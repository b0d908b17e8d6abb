#include "pages/LeadMagnetPageHandler.hpp"

#include <Poco/Logger.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/String.h>
#include <Poco/URI.h>

#include "pages/PageRenderer.hpp"

namespace lodestone::pages {
namespace {

// No scripts, no external resources, no framing: the page shows text a client and a plugin
// wrote, and must not be able to do anything else.
constexpr const char* kContentSecurityPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'";

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

struct Page {
    int status = 200;
    std::string html;
    bool cacheable = false;
};

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
                return {500, renderFailed()};
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
    response.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(page.status));
    response.setContentType("text/html; charset=utf-8");
    response.set("Content-Security-Policy", kContentSecurityPolicy);
    response.set("X-Content-Type-Options", "nosniff");
    response.set("Referrer-Policy", "no-referrer");
    response.set("Cache-Control", page.cacheable ? "private, max-age=300" : "no-store");
    response.setContentLength64(static_cast<Poco::Int64>(page.html.size()));
    // A page request carries no body; one that does is not kept alive to be misread.
    if (request.getChunkedTransferEncoding() || request.getContentLength64() > 0) {
        response.setKeepAlive(false);
    }
    if (request.getMethod() == Poco::Net::HTTPRequest::HTTP_HEAD) {
        response.send();
        return;
    }
    response.sendBuffer(page.html.data(), page.html.size());
}

}  // namespace lodestone::pages
