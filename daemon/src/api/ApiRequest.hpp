#pragma once

#include <Poco/JSON/Object.h>

#include <functional>
#include <map>
#include <optional>
#include <string>

#include "domain/Records.hpp"

namespace lodestone::api {

class IdempotencyScope;

// Which rate limit a route counts against (limits.*_per_minute).
enum class RouteGroup { Generate, Status, CampaignLeads };

// What a handler gets: the matched path parameters, the caller's API key and, for routes that
// take one, the body as a JSON object.
struct ApiRequest {
    std::string method;
    std::string path;
    std::map<std::string, std::string> params;
    std::string target;  // the request target as received, query string included
    domain::ApiKey key;
    Poco::JSON::Object::Ptr body;
    IdempotencyScope* idempotency = nullptr;  // set on a POST that sent an Idempotency-Key
    bool replayed = false;                    // the response is one stored under that key

    const std::string& param(const std::string& name) const { return params.at(name); }
    // A query string parameter, decoded; nothing when absent. Every route that reads query
    // parameters reads them here, so each rule holds for all of them: a name given twice is a
    // 400 naming it (with invalidFields), a malformed %-escape a 400 too (ApiError). Parsed
    // when asked, since few routes take any; parameters no route asks for are ignored.
    std::optional<std::string> queryParameter(const std::string& name) const;
};

// A handler's answer: its body as an object, or, on the hot routes (a job's status, a create),
// as JSON text written directly (domain::JsonWriter), which spares building the object.
struct ApiResponse {
    int status = 200;
    Poco::JSON::Object::Ptr body;
    std::string text = {};  // used when `body` is null

    // The body as the JSON text sent.
    std::string json() const;
};

using Handler = std::function<ApiResponse(ApiRequest&)>;

}  // namespace lodestone::api
