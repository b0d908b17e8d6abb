#pragma once

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPServerRequest.h>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace lodestone::routing {

// Who may use a route. The table carries it to the surface that serves the route, which checks
// it: the API its key, a calendar hook its signature, the dashboard its session and role.
struct Access {
    enum class Kind {
        Public,     // no credentials: probes, /metrics, lead-magnet pages, signing in
        ApiKey,     // Authorization: Bearer <API key>
        Signature,  // a body signed with the campaign's intake secret
        Session,    // a signed-in dashboard operator
        Admin,      // a signed-in admin of the operator's organisation
    };
    Kind kind = Kind::Public;
    // Admin: what only an admin manages there ("API keys"), which a refusal names.
    std::string manages = {};
};

struct Match;

// Makes the handler of a request to the row `match` found.
using Handler = std::function<Poco::Net::HTTPRequestHandler*(
    const Poco::Net::HTTPServerRequest& request, const Match& match)>;

// One row of the table.
struct Route {
    std::string method;  // HEAD is served by the path's GET
    // "/api/projects/{projectId}/generate": `{name}` takes any non-empty segment, `{name:kind}`
    // one that looks like an id of that kind (lead, project), each percent-decoded.
    std::string pattern;
    Access access;
    Handler handler;
    // A read of a few rows that never waits for anything else: answered on the HTTP front's
    // loop thread (http::FrontOptions::answersInline) rather than handed to a worker.
    bool quickRead = false;
    // What requests are counted under (lodestone_http_requests_total): a template, never the
    // path itself, so that the series stay as few as the routes. Empty: the pattern, without
    // its parameters' kinds ("/{leadId}").
    std::string label = {};
    // A route that takes a file (a CSV import): the most bytes its body may have, past
    // server.max_body_bytes, and the setting that says so. The front keeps such a body in a
    // temporary file as it arrives, never whole in memory. 0: server.max_body_bytes applies.
    std::int64_t maxBodyBytes = 0;
    std::string maxBodySetting = {};
};

// The label of a request no route takes.
inline constexpr const char* kUnmatched = "unmatched";

// What the table found for a method and path.
struct Match {
    const Route* route = nullptr;  // the row for this method, if any
    const Route* path = nullptr;   // the first row the path fits, for any method; none: 404
    std::map<std::string, std::string> params;  // the route's parameters
    std::vector<std::string> allowedMethods;    // no route, but a path: what it takes (405)

    const std::string& param(const std::string& name) const { return params.at(name); }
    // The path's route template, even for a method it does not take; else "unmatched".
    std::string label() const { return path ? path->label : kUnmatched; }
};

// Every route of a listener, matched in the order added: filled once at start-up, then only
// read (matches point into it).
class RouteTable {
  public:
    // Throws std::invalid_argument for a parameter of a kind the table does not know.
    void add(Route route);
    void add(std::vector<Route> routes);

    // `path` is the path alone (pathOf).
    Match match(std::string_view method, std::string_view path) const;
    // True when `method` and `requestTarget` reach a quickRead route.
    bool answersInline(std::string_view method, std::string_view requestTarget) const;
    // The route `method` and `requestTarget` reach when it takes a large body (maxBodyBytes);
    // none otherwise.
    const Route* takingLargeBody(std::string_view method, std::string_view requestTarget) const;

  private:
    struct Segment {
        std::string text;  // a literal, or the parameter's name
        bool parameter = false;
        bool (*shape)(std::string_view) = nullptr;  // what a parameter must look like
    };
    struct Row {
        Route route;
        std::vector<Segment> segments;
    };
    class PathSegments;
    // `params` none: whether the row fits, without keeping its parameters.
    static bool fits(const Row& row, const PathSegments& segments,
                     std::map<std::string, std::string>* params);
    // The first row for `method` that `segments` fits, if any.
    const Row* routeFor(std::string_view method, const PathSegments& segments,
                        std::map<std::string, std::string>* params) const;

    std::vector<Row> rows_;
};

// The path of a request target: without the query string, and without the scheme and authority
// of an absolute-form target ("http://host:port/api/…").
std::string pathOf(const std::string& requestTarget);
// The same, in `requestTarget`'s own bytes.
std::string_view pathIn(std::string_view requestTarget);

}  // namespace lodestone::routing
