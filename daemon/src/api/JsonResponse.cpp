#include "api/JsonResponse.hpp"

#include <sstream>

#include "domain/Utf8Text.hpp"

namespace lodestone::api {

bool hasBody(const Poco::Net::HTTPServerRequest& request) {
    return request.getChunkedTransferEncoding() ||
           (request.hasContentLength() && request.getContentLength64() != 0);
}

std::string jsonText(const Poco::JSON::Object& body) {
    std::ostringstream text;
    body.stringify(text);
    // Poco writes a string's bytes as they are: one that is not UTF-8 (an error quoting a
    // client's stray byte) would make the whole answer invalid JSON text for strict clients.
    return domain::escapeInvalidUtf8InJson(text.str());
}

void sendJson(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
              int status, const Poco::JSON::Object& body) {
    sendJson(request, response, status, jsonText(body));
}

void sendJson(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
              int status, const std::string& payload) {
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
