#pragma once

#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

#include <functional>
#include <optional>
#include <string>

namespace lodestone::pages {

// A public HTML page and how it may be cached.
struct Page {
    int status = 200;
    std::string html;
    bool cacheable = false;
    bool postsToItself = false;  // its form may post back to the same origin
};

// Sends the page with the headers every public page carries: a Content-Security-Policy that
// allows no scripts, no external resources, no framing and no form posts (but to its own origin
// when the page says so), nosniff, no referrer (the URL is the only secret), and no caching unless
// the page says so. HEAD gets the headers alone.
void sendPage(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
              const Page& page);

// The public links that only redirect (/b/{token}, /m/{leadId}/cta): a 302 to what `find`
// returns (uncached, with no Referer: the link carries a secret), the not-found page when it
// returns nothing, the failure page (503, logged naming `what`) when it throws.
void sendRedirect(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
                  const std::string& what, const std::function<std::optional<std::string>()>& find);

}  // namespace lodestone::pages
