#include "SizeBands.hpp"

#include <cstdint>
#include <optional>
#include <vector>

#include "LeadVocabulary.hpp"
#include "Text.hpp"
#include "Titles.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::research_basic {
namespace {

struct Number {
    std::int64_t value;
    std::size_t begin;
    std::size_t end;  // just past it in the text, suffix included
};

// Words right after a number that make it a head count ("40-person", "200 employees",
// "150 Mitarbeiter", "480 salariés", "unos 150 empleados"), folded as titleWords() folds them.
const char* const kHeadcountNouns[] = {
    "employees",      "employee",         "staff",        "headcount",   "fte",
    "ftes",           "workers",          "person",       "strong",      "mitarbeiter",
    "mitarbeitende",  "mitarbeiterinnen", "beschaftigte", "angestellte", "salaries",
    "collaborateurs", "collaboratrices",  "employes",     "empleados",   "empleadas",
    "trabajadores",   "colaboradores"};
// People, in the four languages: a head count only with a verb of working right after ("85
// people work at", "480 personas trabajan") or a lead before ("we are 300 people", "une équipe
// de 150 personnes"); "met 2 people" says nothing of the company.
const char* const kPeopleNouns[] = {"people", "personnes", "personas", "personen"};
const char* const kWorkVerbs[] = {"work", "working", "travaillent", "trabajan", "arbeiten"};
// Words right before one ("team of 12", "employs 300", "un equipo de 150").
const char* const kHeadcountLeads[] = {
    "team of",   "headcount of", "headcount",    "employs", "employing",
    "staff of",  "workforce of", "workforce is", "team is", "equipe de",
    "equipo de", "team von",     "beschaftigt",  "emploie", "emplea"};
// Leads that count only before a word of people: "we are 300 people", not "we are 20 years old".
const char* const kPeopleLeads[] = {"we are", "nous sommes", "wir sind", "somos"};

template <std::size_t N>
bool isAnyOf(const std::string& word, const char* const (&list)[N]) {
    for (const char* entry : list) {
        if (word == entry) return true;
    }
    return false;
}

// The words of a text as titleWords() folds them ("Salariés" is "salaries"), where they stand.
std::vector<WordAt> foldedWordsAt(std::string_view text) {
    auto spans = wordsAt(text);
    for (auto& span : spans) {
        const auto plain = titleWords(span.word);
        if (!plain.empty()) span.word = plain.front();
    }
    return spans;
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// How many digits follow position `at`.
std::size_t digitsFrom(const std::string& text, std::size_t at) {
    std::size_t end = at;
    while (end < text.size() && isDigit(text[end])) ++end;
    return end - at;
}

// Whether text[begin, at) is a number whose first group has at most three digits, so that a space
// at `at` can separate thousands: "2 500" is one number, "2019 500" two.
bool isGroupedSoFar(const std::string& text, std::size_t begin, std::size_t at) {
    std::size_t first = 0;
    while (begin + first < at && isDigit(text[begin + first])) ++first;
    return first >= 1 && first <= 3;
}

// Words that may stand beside the numbers of a company size without making it something else.
const char* const kSizeFillers[] = {"between",
                                    "and",
                                    "to",
                                    "about",
                                    "around",
                                    "approx",
                                    "approximately",
                                    "roughly",
                                    "circa",
                                    "ca",
                                    "c",
                                    "over",
                                    "more",
                                    "than",
                                    "above",
                                    "under",
                                    "less",
                                    "fewer",
                                    "below",
                                    "up",
                                    "employees",
                                    "employee",
                                    "staff",
                                    "people",
                                    "persons",
                                    "person",
                                    "fte",
                                    "ftes",
                                    "headcount",
                                    "heads",
                                    "plus",
                                    "mitarbeiter",
                                    "mitarbeitende",
                                    "empleados",
                                    "salari\xC3\xA9s",
                                    "salaries",
                                    "\xE2\x80\x93",
                                    "\xE2\x80\x94"};

// Whether every word beside the numbers is one of kSizeFillers.
bool onlySizeWords(const std::string& text, const std::vector<Number>& numbers) {
    std::string rest = text;
    for (const auto& number : numbers) {
        for (std::size_t i = number.begin; i < number.end; ++i) rest[i] = ' ';
    }
    for (const auto& word : words(rest)) {
        bool known = false;
        for (const char* filler : kSizeFillers) known = known || word == filler;
        if (!known) return false;
    }
    return true;
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
        const std::size_t begin = i;
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
            } else if (c == ' ' && scale == 0 && digitsFrom(text, i + 1) == 3 && i - begin <= 7 &&
                       isGroupedSoFar(text, begin, i)) {
                continue;  // "2 500", as French and German write it
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
        numbers.push_back({static_cast<std::int64_t>(value + 0.5), begin, i});
    }
    return numbers;
}

// The band of the vocabulary (vocabulary.yaml) a head count of at least 1 falls in.
CompanySize sizeIn(const LeadVocabulary& vocab, std::int64_t headcount) {
    // Never nullptr: the vocabulary's bands start at 1 and the last is open-ended.
    const auto* band = vocabulary::sizeBandOf(vocab.source(), headcount);
    return CompanySize{band->label, band->sizeCategory, std::nullopt};
}

// The size category the first size word of the text names ("very small" is micro before "small"
// is tried: the vocabulary lists them in the order they are tried).
std::optional<std::string> categoryNamedIn(const LeadVocabulary& vocab,
                                           const std::vector<std::string>& tokens) {
    for (const auto& category : vocab.source().sizeCategories) {
        for (const auto& word : category.words) {
            if (containsPhrase(tokens, {word.c_str()})) return category.key;
        }
    }
    return std::nullopt;
}

bool startsWithAny(const std::string& text, std::initializer_list<const char*> prefixes) {
    for (const char* prefix : prefixes) {
        if (text.starts_with(prefix)) return true;
    }
    return false;
}

}  // namespace

std::optional<CompanySize> parseCompanySize(const LeadVocabulary& vocab, std::string_view raw) {
    // A no-break space (U+00A0, U+202F) separates thousands like a space. Copied rather than
    // replaced in place: GCC 12's optimiser reads string::replace here as an overlapping memcpy
    // (-Wrestrict), a false alarm that -Werror makes fatal.
    const std::string lowered = lowerAscii(trim(raw));
    std::string text;
    text.reserve(lowered.size());
    for (std::size_t at = 0; at < lowered.size();) {
        const std::string_view rest = std::string_view(lowered).substr(at);
        if (rest.starts_with("\xC2\xA0") || rest.starts_with("\xE2\x80\xAF")) {
            text.push_back(' ');
            at += rest.starts_with("\xC2\xA0") ? 2 : 3;
        } else {
            text.push_back(lowered[at++]);
        }
    }
    const auto numbers = numbersIn(text);
    if (numbers.empty()) {
        const auto category = categoryNamedIn(vocab, words(text));
        if (!category) return std::nullopt;
        return CompanySize{std::nullopt, *category, std::nullopt};
    }

    if (numbers.size() > 2 || !onlySizeWords(text, numbers)) return std::nullopt;
    std::int64_t headcount = numbers[0].value;
    bool exact = false;
    if (numbers.size() == 2) {
        // A range: the band holding its upper end ("1,000-5,000" is 1001-5000).
        headcount = std::max(numbers[0].value, numbers[1].value);
    } else {
        const std::string after = trim(text.substr(numbers[0].end));
        const std::string before = trim(text.substr(0, text.find_first_of("0123456789")));
        if (after.starts_with("+") || startsWithAny(before, {">", "over", "more than", "above"})) {
            ++headcount;  // "500+" is more than 500
        } else if (startsWithAny(before, {"<", "under", "less than", "fewer than", "below"})) {
            --headcount;
        } else if (!startsWithAny(before, {"up to"})) {
            exact = true;  // "2500", and "about 300" as the client rounded it
        }
    }
    if (headcount < 1) return std::nullopt;
    CompanySize size = sizeIn(vocab, headcount);
    if (exact) size.headcount = headcount;
    return size;
}

std::optional<CompanySize> sizeOfHeadcount(const LeadVocabulary& vocab, std::int64_t headcount) {
    if (headcount < 1) return std::nullopt;
    return sizeIn(vocab, headcount);
}

std::optional<HeadcountMention> headcountIn(const LeadVocabulary& vocab, std::string_view raw) {
    const std::string text = lowerAscii(raw);
    const auto numbers = numbersIn(text);
    for (std::size_t n = 0; n < numbers.size(); ++n) {
        const Number& number = numbers[n];
        std::size_t begin = number.begin;
        std::size_t end = number.end;
        bool counts = false;
        // The word after it, past a hyphen: "40-person", "200 employees".
        std::size_t at = number.end;
        while (at < text.size() && (text[at] == ' ' || text[at] == '-')) ++at;
        const auto after = foldedWordsAt(text.substr(at));
        const auto before = foldedWordsAt(text.substr(0, number.begin));
        const bool adjacent = !after.empty() && after[0].begin == 0;
        const auto leadStart = [&](const char* const* leads,
                                   std::size_t count) -> std::optional<std::size_t> {
            for (std::size_t l = 0; l < count; ++l) {
                const auto leadWords = words(leads[l]);
                if (before.size() < leadWords.size()) continue;
                const std::size_t first = before.size() - leadWords.size();
                bool same = true;
                for (std::size_t w = 0; w < leadWords.size(); ++w) {
                    same = same && before[first + w].word == leadWords[w];
                }
                if (same) return before[first].begin;
            }
            return std::nullopt;
        };
        for (const char* noun : kHeadcountNouns) {
            if (adjacent && after[0].word == noun) {
                counts = true;
                end = at + after[0].end;
            }
        }
        for (const char* noun : kPeopleNouns) {
            if (counts || !adjacent || after[0].word != noun) continue;
            const bool working = after.size() > 1 && isAnyOf(after[1].word, kWorkVerbs);
            const auto lead = leadStart(kPeopleLeads, std::size(kPeopleLeads));
            if (working || lead) {
                counts = true;
                end = at + after[working ? 1 : 0].end;
                if (lead) begin = *lead;
            }
        }
        // The words before it: "team of 12".
        if (!counts) {
            if (const auto lead = leadStart(kHeadcountLeads, std::size(kHeadcountLeads))) {
                counts = true;
                begin = *lead;
            }
        }
        if (!counts) continue;
        // "50-100 employees", "50 to 100 staff": the range reads from its lower end.
        if (n > 0 && begin == number.begin) {
            const std::string between =
                trim(text.substr(numbers[n - 1].end, number.begin - numbers[n - 1].end));
            if (between == "-" || between == "to" || between == "\xE2\x80\x93") {
                begin = numbers[n - 1].begin;
            }
        }
        if (auto size = sizeOfHeadcount(vocab, number.value))
            return HeadcountMention{*size, begin, end};
    }
    return std::nullopt;
}

std::string sizeCategoryLabel(const LeadVocabulary& vocab, std::string_view category) {
    return vocabulary::sizeCategoryLabel(vocab.source(), category);
}

}  // namespace lodestone::research_basic
