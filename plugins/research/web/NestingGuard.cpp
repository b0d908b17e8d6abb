#include "NestingGuard.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "Text.hpp"

namespace lodestone::research_web {
namespace {

constexpr std::array<std::string_view, 14> kVoid = {"area",  "base",   "br",    "col",  "embed",
                                                    "hr",    "img",    "input", "link", "meta",
                                                    "param", "source", "track", "wbr"};
// Their contents are text up to their own end tag.
constexpr std::array<std::string_view, 9> kRawText = {
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript"};
// An end tag does not reach past these to close an element opened before them.
constexpr std::array<std::string_view, 11> kScopeBoundaries = {
    "applet",  "caption", "html",     "table", "td",  "th",
    "marquee", "object",  "template", "svg",   "math"};
// A start tag of one of these closes its open twin (<p>a<p>b), unless a boundary lies between.
constexpr std::array<std::string_view, 16> kImpliedEnd = {
    "p",  "li",    "dt",    "dd",    "option", "optgroup", "tr", "td",
    "th", "thead", "tbody", "tfoot", "rb",     "rt",       "rp", "rtc"};

template <std::size_t N>
bool oneOf(const std::string& name, const std::array<std::string_view, N>& names) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

bool isNameChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == ':' || c == '_';
}

// Pops to and including the open `name`, if no scope boundary lies above it.
void close(std::vector<std::string>& open, const std::string& name) {
    for (std::size_t i = open.size(); i > 0; --i) {
        if (open[i - 1] == name) {
            open.resize(i - 1);
            return;
        }
        if (oneOf(open[i - 1], kScopeBoundaries)) return;
    }
}

// The end of the tag starting at `at` ('<'), past its quoted attribute values.
std::size_t tagEnd(std::string_view html, std::size_t at) {
    char quote = 0;
    for (std::size_t i = at + 1; i < html.size(); ++i) {
        const char c = html[i];
        if (quote != 0) {
            if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '>') {
            return i + 1;
        }
    }
    return html.size();
}

}  // namespace

std::size_t nestingCut(std::string_view html, std::size_t maxDepth) {
    std::vector<std::string> open;
    std::size_t at = 0;
    while ((at = html.find('<', at)) != std::string_view::npos) {
        if (html.substr(at, 4) == "<!--") {
            const std::size_t end = html.find("-->", at + 4);
            at = end == std::string_view::npos ? html.size() : end + 3;
            continue;
        }
        const bool endTag = at + 1 < html.size() && html[at + 1] == '/';
        std::size_t nameAt = at + (endTag ? 2 : 1);
        std::size_t nameEnd = nameAt;
        while (nameEnd < html.size() && isNameChar(html[nameEnd])) ++nameEnd;
        if (nameEnd == nameAt) {  // "<!DOCTYPE", "<?xml", a lone '<'
            at = nameAt == at + 1 && at + 1 < html.size() &&
                         (html[at + 1] == '!' || html[at + 1] == '?')
                     ? tagEnd(html, at)
                     : at + 1;
            continue;
        }
        const std::string name = lowerAscii(html.substr(nameAt, nameEnd - nameAt));
        const std::size_t end = tagEnd(html, at);
        if (endTag) {
            close(open, name);
            at = end;
            continue;
        }
        if (oneOf(name, kRawText)) {
            // Skips to "</name", as the tokenizer does for raw text.
            const std::string closing = "</" + name;
            std::size_t found = end;
            while ((found = html.find("</", found)) != std::string_view::npos &&
                   !equalsIgnoreCase(html.substr(found, closing.size()), closing)) {
                found += 2;
            }
            at = found == std::string_view::npos ? html.size() : found;
            continue;
        }
        if (oneOf(name, kVoid)) {
            at = end;
            continue;
        }
        if (oneOf(name, kImpliedEnd)) close(open, name);
        if (open.size() >= maxDepth) return at;
        open.push_back(name);
        at = end;
    }
    return html.size();
}

}  // namespace lodestone::research_web
