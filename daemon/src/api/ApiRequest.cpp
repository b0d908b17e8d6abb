#include "api/ApiRequest.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/URI.h>

#include "api/ApiError.hpp"
#include "api/JsonResponse.hpp"

namespace lodestone::api {

std::optional<std::string> ApiRequest::queryParameter(const std::string& name) const {
    Poco::URI::QueryParameters parameters;
    try {
        parameters = Poco::URI(target).getQueryParameters();
    } catch (const Poco::SyntaxException&) {
        throw ApiError(400, "The query string is not valid: a % must start an escape such as %20");
    }
    std::optional<std::string> found;
    for (auto& [key, value] : parameters) {
        if (key != name) continue;
        // Which one a client meant is a guess either way (first? last? both?), and proxies and
        // frameworks guess differently: refused, so the answer is never a list filtered by a
        // value the client did not mean.
        if (found) {
            Poco::JSON::Array::Ptr invalid = new Poco::JSON::Array;
            invalid->add(name);
            ApiError error(400,
                           "Query parameter " + name + " is given more than once; give it once");
            error.with("invalidFields", invalid);
            throw error;
        }
        found = std::move(value);
    }
    return found;
}

std::string ApiResponse::json() const {
    return body ? jsonText(*body) : text;
}

}  // namespace lodestone::api
