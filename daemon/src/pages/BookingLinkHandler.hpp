#pragma once

#include <Poco/Net/HTTPRequestHandler.h>

#include <string>

#include "storage/Store.hpp"

namespace lodestone::pages {

// GET /b/{token}: the calendar link outreach sends a prospect, and the one a lead-magnet page's
// call to action uses. Redirects (302) to the campaign's calendar URL with the prospect's name and
// email as prefill parameters, so the booking can be matched to the prospect; for a lead id, to
// its project's calendar_url with the lead's name and email. 404 page for an unknown token or
// one without a calendar.
class BookingLinkHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    BookingLinkHandler(storage::Store& store, std::string token)
        : store_(store), token_(std::move(token)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override;

  private:
    storage::Store& store_;
    std::string token_;
};

}  // namespace lodestone::pages
