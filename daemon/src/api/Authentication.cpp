#include "api/Authentication.hpp"

#include <Poco/String.h>

#include "api/ApiError.hpp"

namespace lodestone::api {
namespace {

// RFC 6750: a 401 for a bearer-token API names the scheme (and, for a bad token, the error).
ApiError unauthorized(const std::string& message, bool badToken) {
    ApiError error(401, message);
    error.header("WWW-Authenticate", badToken ? R"(Bearer realm="lodestone", error="invalid_token")"
                                              : R"(Bearer realm="lodestone")");
    return error;
}

bool isTokenChar(char c) {
    // RFC 6750 b64token characters.
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_' ||
           c == '~' || c == '+' || c == '/' || c == '=';
}

}  // namespace

domain::ApiKey authenticate(const Poco::Net::HTTPServerRequest& request, auth::ApiKeyCache& keys) {
    if (!request.has("Authorization")) {
        throw unauthorized("Missing Authorization header; send 'Authorization: Bearer <API key>'",
                           false);
    }
    const std::string& header = request.get("Authorization");
    constexpr std::string_view kScheme = "bearer ";
    bool schemeOk = header.size() > kScheme.size() &&
                    Poco::icompare(header.substr(0, kScheme.size()), std::string(kScheme)) == 0;
    // RFC 7235 allows more than one space after the scheme.
    std::string token = schemeOk ? Poco::trimLeft(header.substr(kScheme.size())) : "";
    if (!schemeOk || token.empty() || !std::all_of(token.begin(), token.end(), isTokenChar)) {
        throw unauthorized("Malformed Authorization header; expected 'Bearer <API key>'", false);
    }
    auto check = keys.check(token);
    switch (check.status) {
        case auth::KeyStatus::Valid:
            return *check.key;
        case auth::KeyStatus::Revoked:
            throw unauthorized("API key has been revoked", true);
        case auth::KeyStatus::Expired:
            throw unauthorized("API key has expired", true);
        case auth::KeyStatus::Unknown:
            break;
    }
    throw unauthorized("Invalid API key", true);
}

}  // namespace lodestone::api
