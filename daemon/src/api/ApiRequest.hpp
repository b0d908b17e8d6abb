#pragma once

#include <Poco/JSON/Object.h>

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

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
    // For a route that streams its body (ApiRoute::streamsBody): the request's body, unread,
    // with its Content-Type. Read it in pieces: it may be larger than memory (the front kept it
    // in a temporary file).
    std::istream* bodyStream = nullptr;
    std::string bodyType;
    std::optional<std::int64_t> bodyLength;   // Content-Length, when the request sent one
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
// as JSON text written directly (domain::JsonWriter), which spares building the object; or, for
// a download (a CSV export), written piece by piece by `stream` with `contentType`: the front
// keeps a large body in a temporary file rather than memory, and sends it once it is whole (a
// failure part-way is a 500, never a truncated file).
struct ApiResponse {
    int status = 200;
    Poco::JSON::Object::Ptr body;
    std::string text = {};  // used when `body` is null
    std::function<void(std::ostream&)> stream = {};
    std::string contentType = {};
    std::vector<std::pair<std::string, std::string>> headers = {};  // e.g. Content-Disposition

    // The body as the JSON text sent.
    std::string json() const;
};

using Handler = std::function<ApiResponse(ApiRequest&)>;

}  // namespace lodestone::api
