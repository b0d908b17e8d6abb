// Rendering template texts with kainjow::mustache, as plain text.
#pragma once

#include <kainjow/mustache.hpp>
#include <string>

#include "ContentTemplate.hpp"

namespace lodestone::content_template {

using MustacheData = kainjow::mustache::data;

// Throws lodestone::InputError "<field>: <problem>" when the text is not valid Mustache.
void checkSyntax(const TemplateText& text);

// Renders without HTML escaping: the output is plain text and the page renderer escapes it.
// Throws lodestone::InputError naming the field on a syntax or rendering error.
std::string render(const TemplateText& text, const MustacheData& data);

// Whitespace tidied after conditional parts dropped out: trimmed, trailing spaces removed from
// lines, at most one blank line in a row.
std::string tidyBody(const std::string& text);
// Trimmed, with every run of whitespace (newlines included) as one space.
std::string tidyLine(const std::string& text);

}  // namespace lodestone::content_template
