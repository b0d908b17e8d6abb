// URLs as a crawl meets them: links resolved against their page, hosts compared to the site's.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace lodestone::research_web {

// `href` resolved against `base`, without its #fragment; nothing unless the result is an
// absolute http(s) URL with a host (mailto:, javascript:, garbage and very long links give
// nothing).
std::optional<std::string> resolveUrl(const std::string& base, std::string_view href);

// The URL's host in lower case ("" when it has none).
std::string hostOf(const std::string& url);

// The URL's path, "/" when empty ("" when the URL does not parse).
std::string pathOf(const std::string& url);

// Whether `host` belongs to the site at `siteHost` whose company domain is `domain`: the same
// host, its www. twin, or a name under the company's domain (careers.acme.example).
bool sameSite(const std::string& host, const std::string& siteHost, const std::string& domain);

// A company domain from what a lead says ("https://www.Acme.example/about" -> "acme.example"):
// lower case; scheme, user, port, path and "www." dropped. Nothing unless it is a host name:
// letters, digits and '-' in two or more labels, the last not all digits (no IP addresses).
std::optional<std::string> companyDomain(std::string_view text);

}  // namespace lodestone::research_web
