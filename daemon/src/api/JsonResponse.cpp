#include "api/JsonResponse.hpp"

#include <sstream>

namespace lodestone::api {

void sendJson(Poco::Net::HTTPServerResponse& response, Poco::Net::HTTPResponse::HTTPStatus status,
              const Poco::JSON::Object& body) {
    std::ostringstream text;
    body.stringify(text);
    const std::string payload = text.str();
    response.setStatusAndReason(status);
    response.setContentType("application/json; charset=utf-8");
    response.setContentLength64(static_cast<Poco::Int64>(payload.size()));
    response.sendBuffer(payload.data(), payload.size());
}

void sendError(Poco::Net::HTTPServerResponse& response, Poco::Net::HTTPResponse::HTTPStatus status,
               const std::string& message) {
    Poco::JSON::Object body;
    body.set("error", message);
    sendJson(response, status, body);
}

}  // namespace lodestone::api
