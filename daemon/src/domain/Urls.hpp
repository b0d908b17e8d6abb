#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace lodestone::domain {

// The one URL rule of Lodestone (docs/api.md, "Input validation"), for every URL a client, an
// operator or a plugin supplies, and for every URL the outbound client calls: an absolute
// http:// or https:// URL with a host, in well-formed UTF-8, with no whitespace or control
// character anywhere (InputText.hpp), no user info ("https://ann:pw@acme.io" carries a
// password; "https://acme.io@evil.example" is a disguise), and a port, when given, from 1 to
// 65535. Length limits differ by field and are the caller's.
//
// Why `text` breaks the rule, as the end of a sentence naming the URL ("webhook URL has no
// host"), or nothing when it follows it. The reason never repeats the URL, whose path or query
// may hold a secret token.
std::optional<std::string> httpUrlProblem(std::string_view text);
bool isHttpUrl(const std::string& text);

// The rule in words, for messages: "an absolute http:// or https:// URL with a host, ...".
extern const char* const kHttpUrlRule;

// An http(s) origin: scheme, host and optional port, nothing after it but an optional "/" (no
// path, query or fragment). What a project's lead-magnet host must be, since its leads are
// served at /<leadId> on it. An origin is an http(s) URL, so the rule above applies.
bool isHttpOrigin(const std::string& text);

// The host of a URL that follows the rule, as Poco::URI reads it (an IPv6 literal without its
// brackets); empty when there is none.
std::string hostOf(const std::string& url);

// `url` without trailing slashes.
std::string withoutTrailingSlash(std::string url);

}  // namespace lodestone::domain
