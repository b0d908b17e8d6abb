#pragma once

#include <Poco/Net/HTTPRequestHandler.h>

#include <string>

#include "domain/Clock.hpp"
#include "storage/Store.hpp"

namespace lodestone::pages {

// GET /m/{leadId}, or /{leadId} on a project's own lead-magnet host: the public page of a lead,
// without authentication (the unguessable id is the only secret). Being prepared (refreshes
// itself) while its job runs, the lead magnet once completed, a polite error page when it
// failed, 404 for an unknown id or one asked for on another project's host.
class LeadMagnetPageHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    // `requiredHost`: set for /{leadId} requests, which only serve leads whose URL is exactly
    // that host and path.
    LeadMagnetPageHandler(storage::Store& store, const domain::Clock& clock, std::string leadId,
                          std::optional<std::string> requiredHost)
        : store_(store),
          clock_(clock),
          leadId_(std::move(leadId)),
          requiredHost_(std::move(requiredHost)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override;

  private:
    storage::Store& store_;
    const domain::Clock& clock_;
    std::string leadId_;
    std::optional<std::string> requiredHost_;
};

// The host name of a Host header or URL authority, lowercased, without port.
std::string hostNameOf(const std::string& hostHeaderOrUrl);

}  // namespace lodestone::pages
