#include "api/ApiError.hpp"

#include "storage/StorageError.hpp"

namespace lodestone::api {

ApiError::ApiError(int status, const std::string& message)
    : std::runtime_error(message),
      status_(status),
      body_(new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER)) {
    body_->set("error", message);
}

ApiError& ApiError::with(const std::string& field, const Poco::Dynamic::Var& value) {
    body_->set(field, value);
    return *this;
}

ApiError& ApiError::header(const std::string& name, const std::string& value) {
    headers_.emplace_back(name, value);
    return *this;
}

ApiError refusalOf(const std::exception& error, const Poco::Net::HTTPServerRequest& request,
                   Poco::Logger& log) {
    if (const auto* refused = dynamic_cast<const ApiError*>(&error)) return *refused;
    if (dynamic_cast<const storage::StorageError*>(&error)) {
        log.error("%s %s: storage: %s", request.getMethod(), request.getURI(),
                  std::string(error.what()));
        return ApiError(503, "The service is temporarily unavailable; try again")
            .header("Retry-After", "1");
    }
    log.error("%s %s: %s", request.getMethod(), request.getURI(), std::string(error.what()));
    return ApiError(500, "Internal server error");
}

}  // namespace lodestone::api
