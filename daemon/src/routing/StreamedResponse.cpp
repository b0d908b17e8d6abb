#include "routing/StreamedResponse.hpp"

#include <string>

#include "routing/RouteTable.hpp"

namespace lodestone::routing {

void sendStreamed(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
                  const std::function<void(std::ostream&)>& write, Poco::Logger& log) {
    if (request.getMethod() == Poco::Net::HTTPRequest::HTTP_HEAD) {
        response.send();
        return;
    }
    auto& out = response.send();
    try {
        write(out);
    } catch (const std::exception& failed) {
        log.error("%s %s: the response failed part-way: %s", request.getMethod(),
                  pathOf(request.getURI()), std::string(failed.what()));
        throw;
    }
}

}  // namespace lodestone::routing
