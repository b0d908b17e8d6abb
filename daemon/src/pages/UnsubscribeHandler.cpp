#include "pages/UnsubscribeHandler.hpp"

#include <Poco/Logger.h>
#include <Poco/Net/HTMLForm.h>

#include "domain/Time.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "pages/PageRenderer.hpp"
#include "pages/PageResponse.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::pages {
namespace {

// The one-click body is a single short field; anything much longer is not one.
constexpr std::size_t kMaxFormBytes = 4096;

bool asksToUnsubscribe(Poco::Net::HTTPServerRequest& request) {
    try {
        Poco::Net::HTMLForm form;
        form.setFieldLimit(20);
        form.load(request, request.stream());
        return form.get("List-Unsubscribe", "") == "One-Click";
    } catch (const Poco::Exception&) {
        return false;
    }
}

}  // namespace

void UnsubscribeHandler::handleRequest(Poco::Net::HTTPServerRequest& request,
                                       Poco::Net::HTTPServerResponse& response) {
    if (request.getMethod() != Poco::Net::HTTPRequest::HTTP_POST) {
        sendPage(request, response, {200, renderBuiltInPage("unsubscribe.mustache"), false, true});
        return;
    }
    if (request.getContentLength64() > static_cast<Poco::Int64>(kMaxFormBytes) ||
        !asksToUnsubscribe(request)) {
        sendPage(request, response, {400, renderBuiltInPage("unsubscribe-refused.mustache")});
        return;
    }
    try {
        store_.write([&](storage::Repositories& repositories) {
            auto prospect = repositories.prospects().findByUnsubscribeToken(token_);
            if (!prospect) return;
            outreach::unsubscribe(repositories, *prospect, "unsubscribed through the email's link",
                                  clock_.now());
        });
    } catch (const std::exception& e) {
        Poco::Logger::get("lodestone.pages").error("unsubscribe: %s", std::string(e.what()));
        response.set("Retry-After", "5");
        sendPage(request, response, {503, renderFailed()});
        return;
    }
    sendPage(request, response, {200, renderBuiltInPage("unsubscribed.mustache")});
}

}  // namespace lodestone::pages
