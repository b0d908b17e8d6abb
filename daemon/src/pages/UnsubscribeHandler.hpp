#pragma once

#include <Poco/Net/HTTPRequestHandler.h>

#include <string>

#include "domain/Clock.hpp"
#include "storage/Store.hpp"

namespace lodestone::pages {

// /u/{token}, the unsubscribe link of every outreach email (its List-Unsubscribe header too).
// GET shows a page with a button and changes nothing (mail scanners fetch links); POST with
// `List-Unsubscribe=One-Click` (RFC 8058, what mail clients send, and what the button posts)
// unsubscribes: the prospect's sequence stops and its organisation never emails the address
// again. An unknown token gets the same pages as a known one, so a token cannot be probed.
class UnsubscribeHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    UnsubscribeHandler(storage::Store& store, const domain::Clock& clock, std::string token)
        : store_(store), clock_(clock), token_(std::move(token)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override;

  private:
    storage::Store& store_;
    const domain::Clock& clock_;
    std::string token_;
};

}  // namespace lodestone::pages
