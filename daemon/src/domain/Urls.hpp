#pragma once

#include <string>
#include <string_view>

namespace lodestone::domain {

// An absolute http:// or https:// URL with a host.
bool isHttpUrl(const std::string& text);

// An http(s) origin: scheme, host and optional port, nothing after it but an optional "/" (no
// path, query, fragment or user info). What a project's lead-magnet host must be, since its
// leads are served at /<leadId> on it.
bool isHttpOrigin(const std::string& text);

// `url` without trailing slashes.
std::string withoutTrailingSlash(std::string url);

}  // namespace lodestone::domain
