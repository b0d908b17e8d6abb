#include "outreach/addlead/FieldRules.hpp"

#include <Poco/Exception.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string_view>

#include "domain/Email.hpp"
#include "domain/HostNames.hpp"
#include "domain/Urls.hpp"
#include "outreach/sequence/Sequence.hpp"

namespace lodestone::outreach {
namespace {

bool isAsciiSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

struct NumberBounds {
    double min;
    std::optional<double> max;
    bool whole;
};

bool validYearMonth(std::string_view text) {
    if (text.size() != 7 || text[4] != '-') return false;
    for (std::size_t i : {0, 1, 2, 3, 5, 6}) {
        if (text[i] < '0' || text[i] > '9') return false;
    }
    int month = (text[5] - '0') * 10 + (text[6] - '0');
    return month >= 1 && month <= 12;
}

// Whole-number bounds print without a decimal point ("1600", not "1600.000000").
std::string formatBound(double bound) {
    std::ostringstream out;
    out << bound;
    return out.str();
}

std::string numberReason(const NumberBounds& bounds) {
    std::string kind = bounds.whole ? "must be a whole number" : "must be a number";
    if (bounds.max) {
        return kind + " from " + formatBound(bounds.min) + " to " + formatBound(*bounds.max);
    }
    return kind + " >= " + formatBound(bounds.min);
}

ValueRule boundedNumber(NumberBounds bounds) {
    return [bounds](const Poco::Dynamic::Var& value) -> std::optional<std::string> {
        // Poco reports booleans as numeric, and a numeric string would convert; neither is a
        // JSON number.
        if (value.isEmpty() || value.isBoolean() || value.isString() || !value.isNumeric()) {
            return numberReason(bounds);
        }
        double x = 0;
        try {
            x = value.convert<double>();
        } catch (const Poco::Exception&) {
            return numberReason(bounds);
        }
        bool ok = std::isfinite(x) && x >= bounds.min && (!bounds.max || x <= *bounds.max) &&
                  (!bounds.whole || std::trunc(x) == x);
        if (!ok) return numberReason(bounds);
        return std::nullopt;
    };
}

}  // namespace

bool isBlank(const std::string& text) {
    return std::all_of(text.begin(), text.end(), isAsciiSpace);
}

std::string tooLongReason(std::size_t maxChars) {
    return "must be at most " + std::to_string(maxChars) + " characters";
}

TextRule plainText(std::size_t maxChars) {
    return [maxChars](const std::string& text) -> std::optional<std::string> {
        if (characterCount(text) > maxChars) return tooLongReason(maxChars);
        return std::nullopt;
    };
}

TextRule httpUrl() {
    return [](const std::string& text) -> std::optional<std::string> {
        if (characterCount(text) > kMaxUrl) return tooLongReason(kMaxUrl);
        if (auto problem = domain::httpUrlProblem(text)) return kMustBeUrl + ": it " + *problem;
        return std::nullopt;
    };
}

TextRule hostName() {
    return [](const std::string& text) -> std::optional<std::string> {
        if (auto problem = domain::hostNameProblem(text)) {
            return kMustBeHostName + ": it " + *problem;
        }
        return std::nullopt;
    };
}

TextRule emailAddress() {
    return [](const std::string& text) -> std::optional<std::string> {
        if (auto problem = domain::emailProblem(text)) return kMustBeEmail + ": it " + *problem;
        return std::nullopt;
    };
}

TextRule yearMonth() {
    return [](const std::string& text) -> std::optional<std::string> {
        if (!validYearMonth(text)) return "must be a year and month as YYYY-MM";
        return std::nullopt;
    };
}

TextRule timeZone() {
    return [](const std::string& text) -> std::optional<std::string> {
        if (!TimeZone::known(text)) return "must be an IANA time zone name such as Europe/Berlin";
        return std::nullopt;
    };
}

ValueRule numberAtLeast(double min) {
    return boundedNumber({min, std::nullopt, false});
}

ValueRule wholeNumberAtLeast(double min) {
    return boundedNumber({min, std::nullopt, true});
}

ValueRule wholeNumberBetween(double min, double max) {
    return boundedNumber({min, max, true});
}

ValueRule boolean() {
    return [](const Poco::Dynamic::Var& value) -> std::optional<std::string> {
        if (value.type() != typeid(bool)) return "must be true or false";
        return std::nullopt;
    };
}

}  // namespace lodestone::outreach
