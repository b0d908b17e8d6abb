#pragma once

#include <string_view>

// The built-in HTML of the public pages, as Mustache templates. Every {{value}} is HTML-escaped
// when rendered; none of these uses unescaped tags.
namespace lodestone::pages::templates {

// A finished lead magnet: title, subtitle, sections of paragraphs, a call to action.
extern const std::string_view kLeadMagnet;
// While the job runs: refreshes itself every few seconds.
extern const std::string_view kPreparing;
// When generation failed for good.
extern const std::string_view kFailed;
// For an id that names no lead.
extern const std::string_view kNotFound;
// The unsubscribe link: asks, then confirms (or says that a POST did not ask).
extern const std::string_view kUnsubscribe;
extern const std::string_view kUnsubscribed;
extern const std::string_view kUnsubscribeRefused;

}  // namespace lodestone::pages::templates
