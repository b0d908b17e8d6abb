#include "api/JsonResponse.hpp"

#include <sstream>

namespace lodestone::api {

bool hasBody(const Poco::Net::HTTPServerRequest& request) {
    return request.getChunkedTransferEncoding() ||
           (request.hasContentLength() && request.getContentLength64() != 0);
}

void sendJson(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
              int status, const Poco::JSON::Object& body) {
    std::ostringstream text;
    body.stringify(text);
    const std::string payload = text.str();
    response.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(status));
    response.setContentType("application/json; charset=utf-8");
    response.setContentLength64(static_cast<Poco::Int64>(payload.size()));
    if (request.getMethod() == Poco::Net::HTTPRequest::HTTP_HEAD) {
        response.send();
        return;
    }
    response.sendBuffer(payload.data(), payload.size());
}

void sendError(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
               int status, const std::string& message) {
    Poco::JSON::Object body;
    body.set("error", message);
    sendJson(request, response, status, body);
}

Poco::JSON::Array::Ptr stringArray(const std::vector<std::string>& values) {
    Poco::JSON::Array::Ptr out = new Poco::JSON::Array();
    for (const auto& value : values) out->add(value);
    return out;
}

}  // namespace lodestone::api
