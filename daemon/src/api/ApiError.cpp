#include "api/ApiError.hpp"

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

}  // namespace lodestone::api
