#include "outreach/icp/Ranges.hpp"

#include <Poco/String.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <string_view>

#include "outreach/icp/Text.hpp"

namespace lodestone::outreach::icp {
namespace {

constexpr std::size_t kMaxDigits = 20;

struct Amount {
    double value = 0;
    double multiplier = 1;
    bool scaled = false;  // had a suffix of its own
};

bool isLetter(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) != 0;
}
bool isDigit(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// A cursor over lowercased text.
class Cursor {
  public:
    explicit Cursor(std::string text) : text_(std::move(text)) {}

    void skipSpaces() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) {
            ++pos_;
        }
    }
    // Consumes `token` when it comes next; a token ending in a letter must end a word.
    bool take(std::string_view token) {
        if (text_.compare(pos_, token.size(), token) != 0) return false;
        std::size_t end = pos_ + token.size();
        if (isLetter(token.back()) && end < text_.size() && isLetter(text_[end])) return false;
        pos_ = end;
        return true;
    }
    char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
    std::string rest() const { return text_.substr(pos_); }

    std::optional<Amount> amount() {
        skipSpaces();
        for (std::string_view sign : {"$", "\xe2\x82\xac", "\xc2\xa3"}) {
            if (take(sign)) break;
        }
        skipSpaces();
        if (!isDigit(peek())) return std::nullopt;
        std::string digits;
        while (isDigit(peek()) || peek() == ',') {
            if (peek() != ',') digits += peek();
            ++pos_;
        }
        if (peek() == '.' && pos_ + 1 < text_.size() && isDigit(text_[pos_ + 1])) {
            digits += text_[pos_++];
            while (isDigit(peek())) digits += text_[pos_++];
        }
        // Longer than any real count or amount; also keeps stod() within range.
        if (digits.size() > kMaxDigits) return std::nullopt;
        Amount amount{std::stod(digits)};
        std::size_t beforeSuffix = pos_;
        skipSpaces();
        static constexpr std::array<std::pair<std::string_view, double>, 10> kSuffixes{{
            {"thousand", 1e3},
            {"million", 1e6},
            {"billion", 1e9},
            {"trillion", 1e12},
            {"mm", 1e6},
            {"bn", 1e9},
            {"k", 1e3},
            {"m", 1e6},
            {"b", 1e9},
            {"t", 1e12},
        }};
        for (const auto& [suffix, multiplier] : kSuffixes) {
            if (take(suffix)) {
                amount.multiplier = multiplier;
                amount.scaled = true;
                return amount;
            }
        }
        pos_ = beforeSuffix;
        return amount;
    }

  private:
    std::string text_;
    std::size_t pos_ = 0;
};

bool takeAny(Cursor& cursor, std::initializer_list<std::string_view> tokens) {
    cursor.skipSpaces();
    for (auto token : tokens) {
        if (cursor.take(token)) return true;
    }
    return false;
}

// Words that may follow a range without changing it.
bool onlyUnitWords(const std::string& rest) {
    static const std::set<std::string> kUnits{
        "employee", "employees", "people",  "staff",  "headcount", "person", "usd", "eur",  "gbp",
        "dollars",  "arr",       "revenue", "annual", "annually",  "per",    "a",   "year", "yr"};
    if (std::any_of(rest.begin(), rest.end(), isDigit)) return false;
    auto words = wordsOf(rest);
    return std::all_of(words.begin(), words.end(),
                       [](const std::string& word) { return kUnits.contains(word); });
}

}  // namespace

std::optional<NumberRange> parseRange(const std::string& text) {
    Cursor cursor(Poco::toLower(Poco::trim(text)));
    bool below = takeAny(cursor, {"<=", "<", "under", "up to", "less than", "fewer than"});
    bool above = !below && takeAny(cursor, {">=", ">", "over", "more than", "above"});
    auto first = cursor.amount();
    if (!first) return std::nullopt;
    NumberRange range;
    if (below || above) {
        double value = first->value * first->multiplier;
        range = below ? NumberRange{0, value} : NumberRange{value, std::nullopt};
    } else if (takeAny(cursor, {"+", "or more"})) {
        range = NumberRange{first->value * first->multiplier, std::nullopt};
    } else if (takeAny(cursor, {"-", "\xe2\x80\x93", "\xe2\x80\x94", "to"})) {
        auto second = cursor.amount();
        if (!second) return std::nullopt;
        double firstMultiplier = first->scaled ? first->multiplier : second->multiplier;
        range = NumberRange{first->value * firstMultiplier, second->value * second->multiplier};
    } else {
        double value = first->value * first->multiplier;
        range = NumberRange{value, value};
    }
    if (!onlyUnitWords(cursor.rest())) return std::nullopt;
    if (range.high && *range.high < range.low) return std::nullopt;
    return range;
}

RangeComparison compareRange(const NumberRange& range, std::optional<double> min,
                             std::optional<double> max) {
    double lowBound = min.value_or(0);
    bool belowMin = range.high && *range.high < lowBound;
    bool aboveMax = max && range.low > *max;
    if (belowMin || aboveMax) return {RangeFit::Outside, std::nullopt};
    bool lowInside = range.low >= lowBound;
    bool highInside = !max || (range.high && *range.high <= *max);
    if (lowInside && highInside) return {RangeFit::Inside, std::nullopt};
    if (!range.high) return {RangeFit::Overlaps, std::nullopt};
    double overlapLow = std::max(range.low, lowBound);
    double overlapHigh = max ? std::min(*range.high, *max) : *range.high;
    double share = (overlapHigh - overlapLow + 1) / (*range.high - range.low + 1);
    return {RangeFit::Overlaps, share};
}

}  // namespace lodestone::outreach::icp
