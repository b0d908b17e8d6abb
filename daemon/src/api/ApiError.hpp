#pragma once

#include <Poco/JSON/Object.h>

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

}  // namespace lodestone::api
