#include "domain/Urls.hpp"

#include <Poco/Exception.h>
#include <Poco/URI.h>

namespace lodestone::domain {

bool isHttpUrl(const std::string& text) {
    try {
        Poco::URI uri(text);
        return (uri.getScheme() == "http" || uri.getScheme() == "https") && !uri.getHost().empty();
    } catch (const Poco::Exception&) {
        return false;
    }
}

bool isHttpOrigin(const std::string& text) {
    if (!isHttpUrl(text)) return false;
    Poco::URI uri(text);
    return (uri.getPath().empty() || uri.getPath() == "/") && uri.getRawQuery().empty() &&
           uri.getFragment().empty() && uri.getUserInfo().empty();
}

std::string withoutTrailingSlash(std::string url) {
    while (url.ends_with('/')) url.pop_back();
    return url;
}

}  // namespace lodestone::domain
