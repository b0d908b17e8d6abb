#pragma once

#include <Poco/Logger.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

#include <functional>
#include <ostream>

namespace lodestone::routing {

// Sends a response whose body `write` writes as it goes (a download: a CSV export). Its status,
// Content-Type and other headers must be set on `response` already; HEAD gets the head alone.
// The HTTP front keeps a large body in a temporary file rather than memory and sends it once it
// is whole (docs/http.md), so should `write` throw, nothing has gone yet: the failure is logged
// to `log` and thrown on, for the front's 500, never a download cut short but framed as whole.
void sendStreamed(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
                  const std::function<void(std::ostream&)>& write, Poco::Logger& log);

}  // namespace lodestone::routing
