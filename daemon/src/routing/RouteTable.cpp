#include "routing/RouteTable.hpp"

#include <Poco/URI.h>

#include <algorithm>
#include <stdexcept>

#include "domain/Ids.hpp"

namespace lodestone::routing {
namespace {

// The kinds a `{name:kind}` parameter may have.
constexpr std::pair<std::string_view, bool (*)(std::string_view)> kShapes[] = {
    {"lead", [](std::string_view id) { return domain::looksLikeId(domain::IdKind::Lead, id); }},
    {"project",
     [](std::string_view id) { return domain::looksLikeId(domain::IdKind::Project, id); }},
};

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

}  // namespace

void RouteTable::add(Route route) {
    Row row;
    std::string label;
    for (auto& text : splitPath(route.pattern)) {
        Segment segment;
        segment.parameter = text.size() > 2 && text.front() == '{' && text.back() == '}';
        if (!segment.parameter) {
            label += "/" + text;
            segment.text = std::move(text);
            row.segments.push_back(std::move(segment));
            continue;
        }
        segment.text = text.substr(1, text.size() - 2);
        if (auto colon = segment.text.find(':'); colon != std::string::npos) {
            const std::string kind = segment.text.substr(colon + 1);
            const auto* shape =
                std::find_if(std::begin(kShapes), std::end(kShapes),
                             [&](const auto& known) { return known.first == kind; });
            if (shape == std::end(kShapes)) {
                throw std::invalid_argument("route " + route.pattern +
                                            ": no parameter kind named " + kind);
            }
            segment.shape = shape->second;
            segment.text.erase(colon);
        }
        label += "/{" + segment.text + "}";
        row.segments.push_back(std::move(segment));
    }
    if (route.label.empty()) route.label = label;
    row.route = std::move(route);
    rows_.push_back(std::move(row));
}

void RouteTable::add(std::vector<Route> routes) {
    for (auto& route : routes) add(std::move(route));
}

bool RouteTable::fits(const Row& row, const std::vector<std::string>& segments,
                      std::map<std::string, std::string>& params) {
    if (row.segments.size() != segments.size()) return false;
    std::map<std::string, std::string> captured;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const Segment& want = row.segments[i];
        if (!want.parameter) {
            if (want.text != segments[i]) return false;
            continue;
        }
        if (segments[i].empty()) return false;
        std::string decoded;
        try {
            Poco::URI::decode(segments[i], decoded);
        } catch (const Poco::SyntaxException&) {
            return false;  // a malformed %-escape names nothing: 404
        }
        if (want.shape && !want.shape(decoded)) return false;
        captured[want.text] = std::move(decoded);
    }
    params = std::move(captured);
    return true;
}

Match RouteTable::match(const std::string& method, const std::string& path) const {
    Match match;
    if (path.empty() || path.front() != '/') return match;
    const std::string& wanted = method == "HEAD" ? std::string("GET") : method;
    const auto segments = splitPath(path);
    auto allow = [&](const std::string& name) {
        if (std::find(match.allowedMethods.begin(), match.allowedMethods.end(), name) ==
            match.allowedMethods.end()) {
            match.allowedMethods.push_back(name);
        }
    };
    for (const auto& row : rows_) {
        std::map<std::string, std::string> params;
        if (!fits(row, segments, params)) continue;
        if (!match.path) match.path = &row.route;
        if (row.route.method == wanted) {
            match.route = match.path = &row.route;
            match.params = std::move(params);
            match.allowedMethods.clear();
            return match;
        }
        allow(row.route.method);
        if (row.route.method == "GET") allow("HEAD");
    }
    return match;
}

bool RouteTable::answersInline(const std::string& method, const std::string& requestTarget) const {
    if (method != "GET" && method != "HEAD") return false;
    const auto found = match(method, pathOf(requestTarget));
    return found.route && found.route->quickRead;
}

std::string pathOf(const std::string& requestTarget) {
    std::string path = requestTarget.substr(0, requestTarget.find('?'));
    if (auto scheme = path.find("://"); scheme != std::string::npos && path.front() != '/') {
        auto slash = path.find('/', scheme + 3);
        path = slash == std::string::npos ? "/" : path.substr(slash);
    }
    return path;
}

}  // namespace lodestone::routing
