#pragma once

#include <Poco/JSON/Object.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
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

struct Route {
    std::string method;
    std::string pattern;  // "/api/projects/{projectId}/generate"
    RouteGroup group = RouteGroup::Status;
    bool readsBody = false;  // POST routes whose body is a JSON object
    Handler handler;
    // A read of a few rows that never waits for anything else: answered on the HTTP front's
    // loop thread (http::FrontOptions::answersInline) rather than handed to a worker.
    bool quickRead = false;
};

// The table of /api routes: maps a method and path to a route, with `{name}` segments captured
// as parameters. Filled once at start-up (add*Routes); RequestHandlerFactory consults it for
// every /api request.
class RouteTable {
  public:
    struct Match {
        const Route* route = nullptr;
        std::map<std::string, std::string> params;
        std::vector<std::string> allowedMethods;  // the path exists but not for this method
        // The template the path fits ("/api/projects/{projectId}/generate"), whether or not
        // for this method; empty when it fits none.
        std::string pattern;
    };

    void add(Route route);
    // `path` is the path alone (see pathOf); segments are percent-decoded after matching. HEAD
    // is served by the path's GET route, as HTTP requires.
    Match match(const std::string& method, const std::string& path) const;

    // True when `method` and `requestTarget` reach a quickRead route.
    bool answersInline(const std::string& method, const std::string& requestTarget) const;

    // The path of a request target: without the query string, and without the scheme and
    // authority of an absolute-form target ("http://host:port/api/…").
    static std::string pathOf(const std::string& requestTarget);

  private:
    struct Compiled {
        Route route;
        std::vector<std::string> segments;
    };
    std::vector<Compiled> routes_;
};

}  // namespace lodestone::api
