#include "routing/MeteredHandler.hpp"

#include <Poco/Net/HTTPServerResponse.h>

#include <chrono>

#include "metrics/Series.hpp"

namespace lodestone::routing {
namespace {

void count(const metrics::Series* counted, const std::string& route, int status,
           std::chrono::steady_clock::duration took) {
    if (!counted) return;
    const auto& series = *counted;
    series.httpRequests.with({route, std::to_string(status)}).add();
    series.httpRequestDuration.with({route}).observe(std::chrono::duration<double>(took).count());
}

}  // namespace

void MeteredHandler::handleRequest(Poco::Net::HTTPServerRequest& request,
                                   Poco::Net::HTTPServerResponse& response) {
    // The metric is the real time the handler took: the steady clock, not the application's.
    const auto started = std::chrono::steady_clock::now();
    try {
        handler_->handleRequest(request, response);
    } catch (...) {
        // The front answers a handler that throws with a 500 of its own.
        count(series_, route_, 500, std::chrono::steady_clock::now() - started);
        throw;
    }
    count(series_, route_, static_cast<int>(response.getStatus()),
          std::chrono::steady_clock::now() - started);
}

}  // namespace lodestone::routing
