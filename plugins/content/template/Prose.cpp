#include "Prose.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>

#include "Scripts.hpp"

namespace lodestone::content_template {
namespace {

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool isWordByte(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return std::isalnum(byte) != 0 || byte >= 0x80;
}

std::string withThousands(long long whole) {
    std::string digits = std::to_string(whole < 0 ? -whole : whole);
    std::string result;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) result += ',';
        result += digits[i];
    }
    return whole < 0 ? "-" + result : result;
}

}  // namespace

std::string trimmed(const std::string& text) {
    std::size_t begin = 0;
    std::size_t end = text.size();
    while (begin < end && isSpace(text[begin])) ++begin;
    while (end > begin && isSpace(text[end - 1])) --end;
    return text.substr(begin, end - begin);
}

std::string oneLine(const std::string& text) {
    std::string result;
    bool space = false;
    for (char c : text) {
        if (isSpace(c)) {
            space = !result.empty();
            continue;
        }
        if (space) result += ' ';
        result += c;
        space = false;
    }
    return result;
}

std::string shortened(const std::string& text, std::size_t limit) {
    if (text.size() <= limit) return text;
    std::size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    const std::size_t space = text.rfind(' ', cut);
    if (space != std::string::npos && space > limit / 2) cut = space;
    std::string result = text.substr(0, cut);
    while (!result.empty() && (isSpace(result.back()) || result.back() == ',')) result.pop_back();
    return result + "…";
}

std::string capitalised(std::string text) {
    if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') {
        text[0] = static_cast<char>(text[0] - 'a' + 'A');
    }
    return text;
}

std::string uncapitalised(std::string text) {
    if (text.size() > 1 && text[0] >= 'A' && text[0] <= 'Z' &&
        !(text[1] >= 'A' && text[1] <= 'Z')) {
        text[0] = static_cast<char>(text[0] - 'A' + 'a');
    }
    return text;
}

std::string possessive(const std::string& name) {
    if (name.empty()) return name;
    return name + (name.back() == 's' || name.back() == 'S' ? "'" : "'s");
}

std::string grouped(double value, int decimals) {
    const double scale = std::pow(10.0, decimals);
    const double rounded = std::round(value * scale) / scale;
    const auto whole = static_cast<long long>(rounded);
    std::string result = withThousands(whole);
    const double fraction = std::fabs(rounded - static_cast<double>(whole));
    if (decimals > 0 && fraction * scale >= 0.5) {
        char digits[32];
        std::snprintf(digits, sizeof digits, "%.*f", decimals, fraction);
        std::string tail = std::string(digits).substr(1);  // ".25"
        while (!tail.empty() && tail.back() == '0') tail.pop_back();
        if (tail != ".") result += tail;
    }
    return result;
}

std::string money(double value, const std::string& currency) {
    if (std::fabs(value) >= 10'000'000.0) return currency + grouped(value / 1'000'000.0, 1) + "M";
    return currency + grouped(value, std::fabs(value) < 100.0 ? 2 : 0);
}

std::string withoutDoubledArticles(const std::string& text) {
    std::string result;
    std::size_t at = 0;
    while (at < text.size()) {
        const bool wordStart = at == 0 || !isWordByte(text[at - 1]);
        if (wordStart && at + 8 <= text.size() && lowerAscii(text.substr(at, 4)) == "the " &&
            lowerAscii(text.substr(at + 4, 4)) == "the " && text[at + 4] == 'T') {
            at += 4;  // drop ours, keep the name's own "The"
            continue;
        }
        result += text[at++];
    }
    return result;
}

std::string isolatedIfRightToLeft(const std::string& text) {
    if (!isRightToLeft(scriptOf(text))) return text;
    return "\u2068" + text + "\u2069";
}

}  // namespace lodestone::content_template
