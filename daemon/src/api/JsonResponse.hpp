#pragma once

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

#include <string>
#include <vector>

#include "domain/JsonValues.hpp"

namespace lodestone::api {

// Sends `body` as `application/json; charset=utf-8`, the one content type every response uses
// (headers only for HEAD). When the request announced a body that was not read to its end, the
// connection is closed afterwards: the unread bytes must never be parsed as the next request.
void sendJson(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
              int status, const Poco::JSON::Object& body);
void sendJson(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
              int status, const std::string& payload);

// `body` as the text sendJson sends: always well-formed UTF-8, whatever bytes a message quotes
// (each byte that is not UTF-8 becomes the text `\xHH`).
std::string jsonText(const Poco::JSON::Object& body);

// {"error": message} with the given status.
void sendError(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
               int status, const std::string& message);

using domain::orderedObject;
Poco::JSON::Array::Ptr stringArray(const std::vector<std::string>& values);

// True when the request announced a body: chunked, or any Content-Length other than 0 (a
// negative one included, which is malformed rather than empty).
bool hasBody(const Poco::Net::HTTPServerRequest& request);

}  // namespace lodestone::api
