#include "routing/FrontDoor.hpp"

#include "routing/MeteredHandler.hpp"

namespace lodestone::routing {

const Refusal& FrontDoor::refusalFor(std::string_view path) const {
    for (const auto& [prefix, refuse] : refusalsUnder_) {
        if (path.starts_with(prefix) &&
            (path.size() == prefix.size() || path[prefix.size()] == '/'))
            return refuse;
    }
    return refuse_;
}

Poco::Net::HTTPRequestHandler* FrontDoor::createRequestHandler(
    const Poco::Net::HTTPServerRequest& request) {
    const std::string_view path = pathIn(request.getURI());
    const Match match = routes_.match(request.getMethod(), path);
    auto* handler =
        match.route ? match.route->handler(request, match) : refusalFor(path)(request, match);
    return new MeteredHandler(handler, match.label(), series_);
}

}  // namespace lodestone::routing
