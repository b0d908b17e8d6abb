#include "domain/Urls.hpp"

#include <Poco/Exception.h>
#include <Poco/TextIterator.h>
#include <Poco/URI.h>
#include <Poco/UTF8Encoding.h>
#include <Poco/Unicode.h>

namespace lodestone::domain {
namespace {

// Poco::URI drops control characters without a word ("https://ac\x01me.io" parses as acme.io)
// and keeps spaces in the host and path, so such text would be stored, linked or called as a
// URL other than the one shown. No client, operator or plugin means it as a URL: it is refused
// before it is parsed.
bool isPrintableWithoutSpaces(const std::string& text) {
    Poco::UTF8Encoding utf8;
    for (Poco::TextIterator it(text, utf8), end(text); it != end; ++it) {
        const int character = *it;
        if (character < 0) return false;  // not UTF-8
        Poco::Unicode::CharacterProperties properties;
        Poco::Unicode::properties(character, properties);
        if (properties.category == Poco::Unicode::UCP_SEPARATOR ||
            properties.type == Poco::Unicode::UCP_CONTROL) {
            return false;
        }
    }
    return true;
}

}  // namespace

bool isHttpUrl(const std::string& text) {
    if (!isPrintableWithoutSpaces(text)) return false;
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
