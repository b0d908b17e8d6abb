// A project's lead-magnet template: Mustache texts for the title, subtitle, sections and call to
// action, with conditions choosing sections by who the lead is.
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

// A project's own template (settings.content.template). Each key it leaves out comes from the
// built-in document written for the reader.
struct ContentTemplate {
    std::optional<TemplateText> title;
    std::optional<TemplateText> subtitle;
    std::optional<std::vector<TemplateSection>> sections;
    // Not given: the built-in call to action; given as null: none; else this one.
    std::optional<std::optional<CallToAction>> callToAction;
};

// The facet names a condition may use.
inline constexpr const char* kFacets[] = {"industry", "sizeCategory", "seniority", "department"};

// settings.content.template, checked: keys, types and Mustache syntax. Throws
// lodestone::InputError naming the offending field.
ContentTemplate parseProjectTemplate(const Poco::Dynamic::Var& value);

}  // namespace lodestone::content_template
