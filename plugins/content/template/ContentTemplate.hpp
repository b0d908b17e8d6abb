// A lead-magnet template: Mustache texts for the title, subtitle, sections and call to action,
// with conditions choosing sections by who the lead is. The built-in default and a project's
// own template (settings.content.template) share this shape.
#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lodestone::content_template {

// One Mustache source and where it came from, so errors name the field
// ("settings.content.template.sections[2].body").
struct TemplateText {
    std::string source;
    std::string field;
};

// Every facet listed must match (AND); within a facet, any listed value matches (OR). Facets:
// industry, sizeCategory, seniority, department. "unknown" matches a facet the research left
// out. No facets: always matches.
struct Condition {
    std::vector<std::pair<std::string, std::vector<std::string>>> facets;
};

struct TemplateSection {
    TemplateText heading;
    TemplateText body;
    Condition when;
};

struct CallToAction {
    TemplateText text;
    TemplateText url;
};

struct ContentTemplate {
    TemplateText title;
    TemplateText subtitle;
    std::vector<TemplateSection> sections;
    std::optional<CallToAction> callToAction;  // nothing: the document has none
};

// The facet names a condition may use.
inline constexpr const char* kFacets[] = {"industry", "sizeCategory", "seniority", "department"};

// The template used when a project has none; also fills keys a project template leaves out.
const ContentTemplate& builtInTemplate();

// settings.content.template, checked: keys, types and Mustache syntax. Keys it leaves out
// (title, subtitle, sections, callToAction) come from `fallback`. Throws lodestone::InputError
// naming the offending field.
ContentTemplate parseProjectTemplate(const Poco::Dynamic::Var& value,
                                     const ContentTemplate& fallback);

}  // namespace lodestone::content_template
