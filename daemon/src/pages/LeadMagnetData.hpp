#pragma once

#include <Poco/JSON/Object.h>

#include <kainjow/mustache.hpp>

#include "domain/Jobs.hpp"
#include "domain/Records.hpp"
#include "pages/PageRenderer.hpp"

namespace lodestone::pages {

// What a lead-magnet page template is rendered with (docs/api.md, The page template): the
// content step's title, subtitle, sections and call to action, the reader and the sender, the
// date, the language and the brand. Values are plain text; the template escapes them.
kainjow::mustache::data leadMagnetData(const Poco::JSON::Object& content, const domain::Lead& lead,
                                       const domain::Project& project, const PageContext& context);

// "24 November 2025" and "2025-11-24" for a time in epoch milliseconds, in UTC.
std::pair<std::string, std::string> pageDate(domain::Timestamp millis);

// The text for a meta description: `text` with whitespace collapsed, cut at a word to at most
// 160 bytes with "…".
std::string descriptionOf(const std::string& text);

// "#fff" or "#111", whichever reads better on `hexColor` ("#2653d9", "#ffd"): white text on a
// light accent colour would be unreadable.
std::string textColorOn(const std::string& hexColor);

}  // namespace lodestone::pages
