#include "pages/PageResponse.hpp"

#include <Poco/Logger.h>

#include "pages/PageRenderer.hpp"

namespace lodestone::pages {
namespace {

// The page shows text a client and a plugin wrote, and must not be able to do anything else;
// images come only from this server (the project's logo), so opening a page calls nothing
// outside.
constexpr const char* kContentSecurityPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'";
constexpr const char* kFormPostingPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'";

}  // namespace

void sendPage(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
              const Page& page) {
    response.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(page.status));
    response.setContentType("text/html; charset=utf-8");
    response.set("Content-Security-Policy",
                 page.postsToItself ? kFormPostingPolicy : kContentSecurityPolicy);
    response.set("X-Content-Type-Options", "nosniff");
    response.set("Referrer-Policy", "no-referrer");
    response.set("Cache-Control", page.cacheable ? "private, max-age=300" : "no-store");
    response.setContentLength64(static_cast<Poco::Int64>(page.html.size()));
    if (request.getMethod() == Poco::Net::HTTPRequest::HTTP_HEAD) {
        response.send();
        return;
    }
    response.sendBuffer(page.html.data(), page.html.size());
}

void sendRedirect(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
                  const std::string& what,
                  const std::function<std::optional<std::string>()>& find) {
    std::optional<std::string> location;
    try {
        location = find();
    } catch (const std::exception& e) {
        Poco::Logger::get("lodestone.pages").error("%s: %s", what, std::string(e.what()));
        response.set("Retry-After", "5");
        sendPage(request, response, {503, renderFailed()});
        return;
    }
    if (!location) {
        sendPage(request, response, {404, renderNotFound()});
        return;
    }
    response.set("Location", *location);
    sendPage(request, response, {302, "", false});
}

}  // namespace lodestone::pages
