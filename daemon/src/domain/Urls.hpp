#pragma once

#include <string>
#include <string_view>

namespace lodestone::domain {

// The one URL rule of Lodestone (docs/api.md, "URL rule"), for every URL a client, an operator
// or a plugin supplies: an absolute http:// or https:// URL with a host, in well-formed UTF-8,
// with no whitespace or control character anywhere (no Unicode separator, no U+0000-U+001F,
// no U+007F-U+009F). User info ("https://ann@acme.io") is allowed. Length limits differ by
// field and are the caller's.
bool isHttpUrl(const std::string& text);

// An http(s) origin: scheme, host and optional port, nothing after it but an optional "/" (no
// path, query, fragment or user info). What a project's lead-magnet host must be, since its
// leads are served at /<leadId> on it. An origin is an http(s) URL, so the rule above applies.
bool isHttpOrigin(const std::string& text);

// `url` without trailing slashes.
std::string withoutTrailingSlash(std::string url);

}  // namespace lodestone::domain
