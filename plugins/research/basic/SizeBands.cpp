#include "SizeBands.hpp"

#include <cstdint>
#include <vector>

#include "Text.hpp"

namespace lodestone::research_basic {
namespace {

struct Band {
    std::int64_t upTo;  // inclusive
    const char* name;
    const char* category;
};

const Band kBands[] = {
    {10, "1-10", "micro"},
    {50, "11-50", "small"},
    {200, "51-200", "mid_market"},
    {500, "201-500", "mid_market"},
    {1000, "501-1000", "mid_market"},
    {5000, "1001-5000", "enterprise"},
    {10000, "5001-10000", "enterprise"},
    {INT64_MAX, "10000+", "enterprise"},
};

struct SizeWord {
    const char* phrase;
    const char* category;
};

// Checked in order; the first found wins, so "very small" is micro before "small" is tried.
const SizeWord kSizeWords[] = {
    {"micro", "micro"},
    {"solo", "micro"},
    {"freelance", "micro"},
    {"freelancer", "micro"},
    {"self employed", "micro"},
    {"sole trader", "micro"},
    {"very small", "micro"},
    {"small", "small"},
    {"smb", "small"},
    {"startup", "small"},
    {"start up", "small"},
    {"medium", "mid_market"},
    {"mid size", "mid_market"},
    {"midsize", "mid_market"},
    {"mid sized", "mid_market"},
    {"mid market", "mid_market"},
    {"midmarket", "mid_market"},
    {"sme", "mid_market"},
    {"large", "enterprise"},
    {"enterprise", "enterprise"},
    {"corporate", "enterprise"},
    {"corporation", "enterprise"},
};

struct Number {
    std::int64_t value;
    std::size_t end;  // just past it in the text, suffix included
};

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// How many digits follow position `at`.
std::size_t digitsFrom(const std::string& text, std::size_t at) {
    std::size_t end = at;
    while (end < text.size() && isDigit(text[end])) ++end;
    return end - at;
}

// The numbers in `text`, left to right: "1,000" and "1.000" (thousands separators), "1.5k",
// "2m".
std::vector<Number> numbersIn(const std::string& text) {
    std::vector<Number> numbers;
    std::size_t i = 0;
    while (i < text.size()) {
        if (!isDigit(text[i])) {
            ++i;
            continue;
        }
        double value = 0;
        double scale = 0;  // non-zero once past a decimal point
        for (; i < text.size(); ++i) {
            const char c = text[i];
            if (isDigit(c)) {
                if (scale == 0) {
                    value = value * 10 + (c - '0');
                } else {
                    scale /= 10;
                    value += (c - '0') * scale;
                }
            } else if ((c == ',' || c == '.') && scale == 0 && digitsFrom(text, i + 1) == 3) {
                continue;  // a thousands separator
            } else if (c == '.' && scale == 0 && digitsFrom(text, i + 1) > 0) {
                scale = 1;
            } else {
                break;
            }
        }
        if (i < text.size() && (text[i] == 'k' || text[i] == 'm')) {
            const bool wordEnds = i + 1 == text.size() || words(text.substr(i + 1, 1)).empty();
            if (wordEnds) {
                value *= text[i] == 'k' ? 1000 : 1000000;
                ++i;
            }
        }
        numbers.push_back({static_cast<std::int64_t>(value + 0.5), i});
    }
    return numbers;
}

const Band& bandFor(std::int64_t headcount) {
    for (const auto& band : kBands) {
        if (headcount <= band.upTo) return band;
    }
    return kBands[std::size(kBands) - 1];
}

bool startsWithAny(const std::string& text, std::initializer_list<const char*> prefixes) {
    for (const char* prefix : prefixes) {
        if (text.starts_with(prefix)) return true;
    }
    return false;
}

}  // namespace

std::optional<CompanySize> parseCompanySize(std::string_view raw) {
    const std::string text = toLower(trim(raw));
    const auto numbers = numbersIn(text);
    if (numbers.empty()) {
        const auto tokens = words(text);
        for (const auto& word : kSizeWords) {
            if (containsPhrase(tokens, {word.phrase}))
                return CompanySize{std::nullopt, word.category};
        }
        return std::nullopt;
    }

    std::int64_t headcount = numbers[0].value;
    if (numbers.size() >= 2) {
        // A range: the band holding its upper end ("1,000-5,000" is 1001-5000).
        headcount = std::max(numbers[0].value, numbers[1].value);
    } else {
        const std::string after = trim(text.substr(numbers[0].end));
        const std::string before = trim(text.substr(0, text.find_first_of("0123456789")));
        if (after.starts_with("+") || startsWithAny(before, {">", "over", "more than", "above"})) {
            ++headcount;  // "500+" is more than 500
        } else if (startsWithAny(before, {"<", "under", "less than", "fewer than", "below"})) {
            --headcount;
        }
    }
    if (headcount < 1) return std::nullopt;
    const Band& band = bandFor(headcount);
    return CompanySize{band.name, band.category};
}

std::string sizeCategoryLabel(std::string_view category) {
    if (category == "mid_market") return "mid-market";
    return std::string(category);
}

}  // namespace lodestone::research_basic
