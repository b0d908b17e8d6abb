#include "api/RouteTable.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/URI.h>

#include <algorithm>

#include "api/ApiError.hpp"
#include "api/JsonResponse.hpp"

namespace lodestone::api {
namespace {

std::vector<std::string> splitPath(const std::string& path) {
    std::vector<std::string> segments;
    std::size_t start = 1;  // paths start with '/'
    while (start <= path.size()) {
        std::size_t end = path.find('/', start);
        if (end == std::string::npos) end = path.size();
        segments.push_back(path.substr(start, end - start));
        start = end + 1;
    }
    return segments;
}

bool isParameter(const std::string& segment) {
    return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}

// Fills `params` when `segments` fit `pattern`.
bool fits(const std::vector<std::string>& pattern, const std::vector<std::string>& segments,
          std::map<std::string, std::string>& params) {
    if (pattern.size() != segments.size()) return false;
    std::map<std::string, std::string> captured;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (isParameter(pattern[i])) {
            if (segments[i].empty()) return false;
            std::string decoded;
            try {
                Poco::URI::decode(segments[i], decoded);
            } catch (const Poco::SyntaxException&) {
                return false;  // a malformed %-escape names nothing: 404
            }
            captured[pattern[i].substr(1, pattern[i].size() - 2)] = decoded;
        } else if (pattern[i] != segments[i]) {
            return false;
        }
    }
    params = std::move(captured);
    return true;
}

}  // namespace

void RouteTable::add(Route route) {
    auto segments = splitPath(route.pattern);
    routes_.push_back({std::move(route), std::move(segments)});
}

RouteTable::Match RouteTable::match(const std::string& method, const std::string& path) const {
    Match match;
    if (path.empty() || path.front() != '/') return match;
    const std::string& wanted = method == "HEAD" ? std::string("GET") : method;
    auto segments = splitPath(path);
    auto allow = [&](const std::string& name) {
        if (std::find(match.allowedMethods.begin(), match.allowedMethods.end(), name) ==
            match.allowedMethods.end()) {
            match.allowedMethods.push_back(name);
        }
    };
    for (const auto& compiled : routes_) {
        std::map<std::string, std::string> params;
        if (!fits(compiled.segments, segments, params)) continue;
        if (match.pattern.empty()) match.pattern = compiled.route.pattern;
        if (compiled.route.method == wanted) {
            match.route = &compiled.route;
            match.pattern = compiled.route.pattern;
            match.params = std::move(params);
            match.allowedMethods.clear();
            return match;
        }
        allow(compiled.route.method);
        if (compiled.route.method == "GET") allow("HEAD");
    }
    return match;
}

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

std::string RouteTable::pathOf(const std::string& requestTarget) {
    std::string path = requestTarget.substr(0, requestTarget.find('?'));
    if (auto scheme = path.find("://"); scheme != std::string::npos && path.front() != '/') {
        auto slash = path.find('/', scheme + 3);
        path = slash == std::string::npos ? "/" : path.substr(slash);
    }
    return path;
}

bool RouteTable::answersInline(const std::string& method, const std::string& requestTarget) const {
    if (method != "GET" && method != "HEAD") return false;
    const auto found = match(method, pathOf(requestTarget));
    return found.route && found.route->quickRead;
}

std::string ApiResponse::json() const {
    return body ? jsonText(*body) : text;
}

}  // namespace lodestone::api
