#include "routing/RouteTable.hpp"

#include <Poco/URI.h>

#include <algorithm>
#include <array>
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

// A path's segments, as views into it: a path of up to kInline segments is split without
// allocating.
class RouteTable::PathSegments {
  public:
    explicit PathSegments(std::string_view path) {
        // Paths start with '/'; each further '/' starts a segment.
        for (std::size_t start = 1;;) {
            const std::size_t end = std::min(path.find('/', start), path.size());
            add(path.substr(start, end - start));
            if (end == path.size()) break;
            start = end + 1;
        }
    }
    PathSegments(const PathSegments&) = delete;
    PathSegments& operator=(const PathSegments&) = delete;

    std::size_t size() const { return count_; }
    std::string_view operator[](std::size_t i) const {
        return count_ > kInline ? more_[i] : inline_[i];
    }

  private:
    static constexpr std::size_t kInline = 16;

    void add(std::string_view segment) {
        if (count_ < kInline) {
            inline_[count_++] = segment;
            return;
        }
        if (count_ == kInline) more_.assign(inline_.begin(), inline_.end());
        more_.push_back(segment);
        ++count_;
    }

    std::array<std::string_view, kInline> inline_;
    std::vector<std::string_view> more_;
    std::size_t count_ = 0;
};

bool RouteTable::fits(const Row& row, const PathSegments& segments,
                      std::map<std::string, std::string>* params) {
    if (row.segments.size() != segments.size()) return false;
    std::map<std::string, std::string> captured;
    std::string decoded;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const Segment& want = row.segments[i];
        const std::string_view got = segments[i];
        if (!want.parameter) {
            if (want.text != got) return false;
            continue;
        }
        if (got.empty()) return false;
        // A segment without a %-escape is its own decoding.
        std::string_view value = got;
        if (got.find('%') != std::string_view::npos) {
            decoded.clear();
            try {
                Poco::URI::decode(std::string(got), decoded);
            } catch (const Poco::SyntaxException&) {
                return false;  // a malformed %-escape names nothing: 404
            }
            value = decoded;
        }
        if (want.shape && !want.shape(value)) return false;
        if (params) captured[want.text] = std::string(value);
    }
    if (params) *params = std::move(captured);
    return true;
}

const RouteTable::Row* RouteTable::routeFor(std::string_view method, const PathSegments& segments,
                                            std::map<std::string, std::string>* params) const {
    for (const auto& row : rows_) {
        if (row.route.method == method && fits(row, segments, params)) return &row;
    }
    return nullptr;
}

Match RouteTable::match(std::string_view method, std::string_view path) const {
    Match match;
    if (path.empty() || path.front() != '/') return match;
    const PathSegments segments(path);
    // The route is the first row for the method that the path fits; only without one do the
    // other methods' rows matter (what the path takes, for a 405).
    if (const Row* row = routeFor(method == "HEAD" ? "GET" : method, segments, &match.params)) {
        match.route = match.path = &row->route;
        return match;
    }
    auto allow = [&](const std::string& name) {
        if (std::find(match.allowedMethods.begin(), match.allowedMethods.end(), name) ==
            match.allowedMethods.end()) {
            match.allowedMethods.push_back(name);
        }
    };
    for (const auto& row : rows_) {
        if (!fits(row, segments, nullptr)) continue;
        if (!match.path) match.path = &row.route;
        allow(row.route.method);
        if (row.route.method == "GET") allow("HEAD");
    }
    return match;
}

bool RouteTable::answersInline(std::string_view method, std::string_view requestTarget) const {
    if (method != "GET" && method != "HEAD") return false;
    const std::string_view path = pathIn(requestTarget);
    if (path.empty() || path.front() != '/') return false;
    const Row* row = routeFor("GET", PathSegments(path), nullptr);
    return row && row->route.quickRead;
}

const Route* RouteTable::takingLargeBody(std::string_view method,
                                         std::string_view requestTarget) const {
    const std::string_view path = pathIn(requestTarget);
    if (path.empty() || path.front() != '/') return nullptr;
    const Row* row = routeFor(method, PathSegments(path), nullptr);
    return row && row->route.maxBodyBytes > 0 ? &row->route : nullptr;
}

std::string pathOf(const std::string& requestTarget) {
    return std::string(pathIn(requestTarget));
}

std::string_view pathIn(std::string_view requestTarget) {
    std::string_view path = requestTarget.substr(0, requestTarget.find('?'));
    if (auto scheme = path.find("://"); scheme != std::string_view::npos && path.front() != '/') {
        auto slash = path.find('/', scheme + 3);
        path = slash == std::string_view::npos ? std::string_view("/") : path.substr(slash);
    }
    return path;
}

}  // namespace lodestone::routing
