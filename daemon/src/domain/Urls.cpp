#include "domain/Urls.hpp"

#include <Poco/Exception.h>
#include <Poco/URI.h>

#include "domain/InputText.hpp"

namespace lodestone::domain {
namespace {

// The authority as written ("ann@acme.io:8080"), empty when there is no "//".
std::string_view rawAuthority(std::string_view url) {
    const std::size_t start = url.find("//");
    if (start == std::string_view::npos) return {};
    const std::size_t end = url.find_first_of("/?#", start + 2);
    return url.substr(start + 2, end == std::string_view::npos ? end : end - start - 2);
}

// The port as written after the host ("8080", "0", "x"), empty when none is given.
std::string_view rawPort(std::string_view authority) {
    const std::size_t bracket = authority.rfind(']');
    const std::size_t colon = authority.rfind(':');
    if (colon == std::string_view::npos || (bracket != std::string_view::npos && colon < bracket)) {
        return {};
    }
    return authority.substr(colon + 1);
}

bool isPortNumber(std::string_view text) {
    if (text.size() > 5 || text.find_first_not_of("0123456789") != std::string_view::npos) {
        return false;
    }
    const int port = std::stoi(std::string(text));
    return port >= 1 && port <= 65535;
}

}  // namespace

const char* const kHttpUrlRule =
    "an absolute http:// or https:// URL with a host, without a user name or password, and "
    "without whitespace or control characters (percent-encode them, e.g. %20)";

std::optional<std::string> httpUrlProblem(std::string_view text) {
    // Poco::URI drops control characters without a word ("https://ac\x01me.io" parses as
    // acme.io) and keeps spaces in the host and path, so such text would be stored, linked or
    // called as a URL other than the one shown: it is refused before it is parsed.
    if (auto flaw = characterFlaw(text); flaw != CharacterFlaw::None) return describe(flaw);
    if (text.empty()) return "is empty";
    // User info and the port are judged as written, before Poco reads them: it drops an empty
    // user info ("http://@acme.io/") and words a bad port as a syntax error.
    const std::string_view authority = rawAuthority(text);
    if (authority.find('@') != std::string_view::npos) return "has a user name or password";
    const std::string_view port = rawPort(authority);
    if (!port.empty() && !isPortNumber(port)) {
        return "has a port that is not a number from 1 to 65535";
    }
    Poco::URI uri;
    try {
        uri = Poco::URI(std::string(text));
    } catch (const Poco::Exception&) {
        // Poco's message may quote the path, which the reason must not repeat.
        return "is not a valid URL (a malformed host or %-escape)";
    }
    const std::string& scheme = uri.getScheme();
    if (scheme.empty()) return "has no scheme; it must start with http:// or https://";
    if (scheme != "http" && scheme != "https") {
        return "uses " + scheme + ":, not http:// or https://";
    }
    if (uri.getHost().empty()) return "has no host";
    return std::nullopt;
}

bool isHttpUrl(const std::string& text) {
    return !httpUrlProblem(text);
}

bool isHttpOrigin(const std::string& text) {
    if (!isHttpUrl(text)) return false;
    Poco::URI uri(text);
    return (uri.getPath().empty() || uri.getPath() == "/") && uri.getRawQuery().empty() &&
           uri.getFragment().empty();
}

std::string hostOf(const std::string& url) {
    try {
        return Poco::URI(url).getHost();
    } catch (const Poco::Exception&) {
        return "";
    }
}

std::string withoutTrailingSlash(std::string url) {
    while (url.ends_with('/')) url.pop_back();
    return url;
}

}  // namespace lodestone::domain
