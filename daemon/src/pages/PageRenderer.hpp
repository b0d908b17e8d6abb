#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "domain/Jobs.hpp"
#include "domain/Records.hpp"

namespace lodestone::pages {

// A page template an operator supplied cannot be used (a syntax error, or unescaped tags).
class InvalidPageTemplate : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Refuses a page template that does not parse or that prints anything unescaped ({{{x}}},
// {{&x}}): lead and plugin values always reach a page HTML-escaped.
void checkPageTemplate(const std::string& text);

// The project's page template (settings.page.template), or the built-in one.
std::string pageTemplateOf(const domain::Project& project);

// What finalization knows beside the content: when the page is prepared, and the tracked
// calendar link its call to action should use.
struct PageContext {
    domain::Timestamp preparedAt = 0;  // 0: the page shows no date
    // "/b/{token}": the lead's calendar link (BookingLinkHandler), on whichever host serves the
    // page. Set, it replaces the content's own call-to-action URL.
    std::optional<std::string> bookingPath;
};

// Renders the finished lead magnet from the content step's output. Every value is HTML-escaped;
// a call to action links to the booking path, else only to an http(s) URL; body text becomes
// paragraphs at blank lines. The project's settings give the language, sender and brand.
std::string renderLeadMagnet(const Poco::JSON::Object& content, const domain::Lead& lead,
                             const domain::Project& project, const PageContext& context = {});

// The page shown while the job runs (refreshing itself), and when it failed or does not exist.
std::string renderPreparing(const domain::Job& job);
std::string renderFailed();
std::string renderNotFound();
// A built-in page that shows no values ("unsubscribe.mustache").
std::string renderBuiltInPage(std::string_view name);

// A file of templates/ by its name there ("lead-magnet.mustache", "page.css"): the built-in
// pages, compiled in by lodestone_embed (CMakeLists.txt), which defines this. Throws
// std::out_of_range for any other name.
std::string_view templates(std::string_view path);

}  // namespace lodestone::pages
