#include "Urls.hpp"

#include <Poco/Exception.h>
#include <Poco/URI.h>

#include "Text.hpp"

namespace lodestone::research_web {
namespace {

constexpr std::size_t kLongestUrl = 2048;

bool isHostName(std::string_view host) {
    if (host.empty() || host.size() > 253) return false;
    std::size_t labels = 0;
    std::size_t start = 0;
    bool lastAllDigits = false;
    while (start <= host.size()) {
        std::size_t end = host.find('.', start);
        if (end == std::string_view::npos) end = host.size();
        const std::string_view label = host.substr(start, end - start);
        if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') {
            return false;
        }
        lastAllDigits = true;
        for (char c : label) {
            const bool digit = c >= '0' && c <= '9';
            if (!digit && !(c >= 'a' && c <= 'z') && c != '-') return false;
            lastAllDigits = lastAllDigits && digit;
        }
        ++labels;
        start = end + 1;
    }
    return labels >= 2 && !lastAllDigits;
}

}  // namespace

std::optional<std::string> resolveUrl(const std::string& base, std::string_view href) {
    const std::string trimmed = trim(href);
    if (trimmed.empty() || trimmed.size() > kLongestUrl) return std::nullopt;
    for (char c : trimmed) {
        if (static_cast<unsigned char>(c) < 0x20) return std::nullopt;
    }
    try {
        Poco::URI uri(base);
        uri.resolve(trimmed);
        const std::string scheme = uri.getScheme();
        if ((scheme != "http" && scheme != "https") || uri.getHost().empty()) return std::nullopt;
        if (!uri.getUserInfo().empty()) return std::nullopt;
        uri.setFragment("");
        std::string url = uri.toString();
        if (url.size() > kLongestUrl) return std::nullopt;
        return url;
    } catch (const Poco::Exception&) {
        return std::nullopt;
    }
}

std::string hostOf(const std::string& url) {
    try {
        return lowerAscii(Poco::URI(url).getHost());
    } catch (const Poco::Exception&) {
        return "";
    }
}

std::string pathOf(const std::string& url) {
    try {
        const std::string path = Poco::URI(url).getPath();
        return path.empty() ? "/" : path;
    } catch (const Poco::Exception&) {
        return "";
    }
}

bool sameSite(const std::string& host, const std::string& siteHost, const std::string& domain) {
    if (host.empty()) return false;
    const auto bare = [](const std::string& name) {
        return name.starts_with("www.") ? name.substr(4) : name;
    };
    if (bare(host) == bare(siteHost)) return true;
    return !domain.empty() && (host == domain || host.ends_with("." + domain));
}

std::optional<std::string> companyDomain(std::string_view text) {
    std::string host = lowerAscii(trim(text));
    if (const auto scheme = host.find("://"); scheme != std::string::npos) {
        host = host.substr(scheme + 3);
    }
    host = host.substr(0, host.find_first_of("/?#"));
    if (const auto at = host.rfind('@'); at != std::string::npos) host = host.substr(at + 1);
    host = host.substr(0, host.find(':'));
    while (!host.empty() && host.back() == '.') host.pop_back();
    if (host.starts_with("www.")) host = host.substr(4);
    if (!isHostName(host)) return std::nullopt;
    return host;
}

}  // namespace lodestone::research_web
