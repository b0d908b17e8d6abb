#pragma once

#include <Poco/JSON/Object.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPServerResponse.h>

#include <string>

namespace lodestone::api {

// Sends `body` with the given status as `application/json; charset=utf-8`, the one content type
// every API response uses.
void sendJson(Poco::Net::HTTPServerResponse& response, Poco::Net::HTTPResponse::HTTPStatus status,
              const Poco::JSON::Object& body);

// {"error": message} with the given status.
void sendError(Poco::Net::HTTPServerResponse& response, Poco::Net::HTTPResponse::HTTPStatus status,
               const std::string& message);

}  // namespace lodestone::api
