#pragma once

#include <Poco/JSON/Object.h>
#include <Poco/Logger.h>
#include <Poco/Net/HTTPServerRequest.h>

#include <exception>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace lodestone::api {

// A request the API refuses: its status and the JSON body {"error": message, ...extra}, plus any
// headers the status calls for (Allow, Retry-After, WWW-Authenticate). Thrown by handlers and
// middleware, turned into a response in one place.
class ApiError : public std::runtime_error {
  public:
    ApiError(int status, const std::string& message);

    int status() const { return status_; }
    ApiError& with(const std::string& field, const Poco::Dynamic::Var& value);
    ApiError& header(const std::string& name, const std::string& value);

    Poco::JSON::Object::Ptr body() const { return body_; }
    const std::vector<std::pair<std::string, std::string>>& headers() const { return headers_; }

  private:
    int status_;
    Poco::JSON::Object::Ptr body_;
    std::vector<std::pair<std::string, std::string>> headers_;
};

// What an exception caught at the API's edge answers: an ApiError as it is; the store's
// trouble as 503 with Retry-After (the client may try again); anything else as 500. The last two
// are logged to `log` with the request's method and path, since the client is told nothing.
ApiError refusalOf(const std::exception& error, const Poco::Net::HTTPServerRequest& request,
                   Poco::Logger& log);

}  // namespace lodestone::api
