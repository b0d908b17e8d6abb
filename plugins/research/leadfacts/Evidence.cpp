#include "Evidence.hpp"

#include <algorithm>

#include "Text.hpp"

namespace lodestone::research_basic {
namespace {

constexpr const char* kEllipsis = "\xE2\x80\xA6";
// A quoted source shows the whole text up to this length, else this many words either side of
// the words it quotes: enough to read them in context.
constexpr std::size_t kWholeText = 80;
constexpr std::size_t kWordsAround = 4;

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

std::string oneLine(std::string_view text) {
    std::string result;
    for (char c : trim(text)) {
        if (!isSpace(c)) {
            result += c;
        } else if (result.back() != ' ') {
            result += ' ';
        }
    }
    return result;
}

// Not inside a UTF-8 sequence: a cut there would leave half a character.
std::size_t characterStart(std::string_view text, std::size_t at) {
    while (at > 0 && at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) {
        --at;
    }
    return at;
}

}  // namespace

const char* evidenceName(Evidence evidence) {
    switch (evidence) {
        case Evidence::Client:
            return "client";
        case Evidence::Research:
            return "research";
        case Evidence::Inferred:
            return "inferred";
    }
    return "research";
}

std::string quotedSource(std::string_view label, std::string_view text, std::size_t begin,
                         std::size_t end) {
    const std::string prefix = std::string(label) + ": \"";
    if (oneLine(text).size() <= kWholeText) return prefix + oneLine(text) + "\"";
    const auto spans = wordsAt(text);
    if (spans.empty()) return prefix + excerpt(text, kWholeText) + "\"";
    std::size_t first = 0;
    while (first < spans.size() && spans[first].end <= begin) ++first;
    std::size_t last = first;
    while (last + 1 < spans.size() && spans[last + 1].begin < end) ++last;
    const std::size_t from = first > kWordsAround ? first - kWordsAround : 0;
    const std::size_t to = std::min(spans.size() - 1, last + kWordsAround);
    std::string quoted = oneLine(text.substr(spans[from].begin, spans[to].end - spans[from].begin));
    if (from > 0) quoted = std::string(kEllipsis) + quoted;
    if (to + 1 < spans.size()) quoted += kEllipsis;
    return prefix + quoted + "\"";
}

std::string excerpt(std::string_view text, std::size_t limit) {
    const std::string line = oneLine(text);
    if (line.size() <= limit) return line;
    std::size_t cut = line.rfind(' ', limit);
    if (cut == std::string::npos || cut < limit / 2) cut = characterStart(line, limit);
    return trim(line.substr(0, cut)) + kEllipsis;
}

}  // namespace lodestone::research_basic
