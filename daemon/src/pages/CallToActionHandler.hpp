#pragma once

#include <Poco/Net/HTTPRequestHandler.h>

#include <string>

#include "domain/Clock.hpp"
#include "storage/Store.hpp"

namespace lodestone::pages {

// GET /m/{leadId}/cta: the lead-magnet page's call to action. Counts the click (unless a bot
// follows it) and redirects to where the call to action leads (callToActionTarget); 404 when the
// lead is unknown or has nothing to book through.
class CallToActionHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    CallToActionHandler(storage::Store& store, const domain::Clock& clock, std::string leadId)
        : store_(store), clock_(clock), leadId_(std::move(leadId)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override;

  private:
    storage::Store& store_;
    const domain::Clock& clock_;
    std::string leadId_;
};

}  // namespace lodestone::pages
