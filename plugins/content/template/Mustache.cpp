#include "Mustache.hpp"

#include <lodestone/plugin.hpp>

namespace lodestone::content_template {
namespace {

using Template = kainjow::mustache::mustache;

// "Unclosed tag at 5" -> "settings.content.template.title: unclosed tag at 5"
[[noreturn]] void fail(const TemplateText& text, std::string message) {
    if (!message.empty() && message[0] >= 'A' && message[0] <= 'Z') {
        message[0] = static_cast<char>(message[0] - 'A' + 'a');
    }
    throw InputError(text.field + ": " + message);
}

Template compile(const TemplateText& text) {
    Template tmpl(text.source);
    if (!tmpl.is_valid()) fail(text, tmpl.error_message());
    tmpl.set_custom_escape([](const std::string& s) { return s; });
    return tmpl;
}

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

}  // namespace

void checkSyntax(const TemplateText& text) {
    compile(text);
}

std::string render(const TemplateText& text, const MustacheData& data) {
    Template tmpl = compile(text);
    std::string result = tmpl.render(data);
    if (!tmpl.is_valid()) fail(text, tmpl.error_message());
    return result;
}

std::string tidyBody(const std::string& text) {
    std::string result;
    std::string line;
    int blankLines = 0;
    const auto flushLine = [&] {
        while (!line.empty() && isSpace(line.back())) line.pop_back();
        if (line.empty()) {
            ++blankLines;
        } else {
            if (!result.empty()) result += blankLines > 0 ? "\n\n" : "\n";
            result += line;
            blankLines = 0;
        }
        line.clear();
    };
    for (char c : text) {
        if (c == '\n') {
            flushLine();
        } else {
            line += c;
        }
    }
    flushLine();
    // Leading indentation of the first line is trimmed too; later lines keep theirs.
    std::size_t start = 0;
    while (start < result.size() && isSpace(result[start])) ++start;
    return result.substr(start);
}

std::string tidyLine(const std::string& text) {
    std::string result;
    bool space = false;
    for (char c : text) {
        if (isSpace(c) || c == '\n') {
            space = !result.empty();
        } else {
            if (space) result += ' ';
            result += c;
            space = false;
        }
    }
    return result;
}

}  // namespace lodestone::content_template
