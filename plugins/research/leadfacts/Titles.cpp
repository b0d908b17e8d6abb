#include "Titles.hpp"

#include <stdexcept>
#include <vector>

#include "LeadVocabulary.hpp"
#include "Text.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::research_basic {
namespace {

using Term = TitleWord;
using Rule = TitleRule;

bool matchesWord(const Term& term, const std::string& wanted, const std::string& word) {
    if (term.anyStart && term.anyEnd) return word.find(wanted) != std::string::npos;
    if (term.anyStart) return word.ends_with(wanted);
    if (term.anyEnd) return word.starts_with(wanted);
    return word == wanted;
}

bool listed(const std::vector<std::string>& list, const std::string& word) {
    for (const auto& entry : list) {
        if (entry == word) return true;
    }
    return false;
}

bool found(const Term& term, const std::vector<std::string>& tokens) {
    const std::size_t n = term.words.size();
    for (std::size_t start = 0; n > 0 && start + n <= tokens.size(); ++start) {
        bool all = true;
        for (std::size_t i = 0; i < n && all; ++i) {
            // A wildcard applies to a one-word entry only: compounds are single words.
            all = n == 1 ? matchesWord(term, term.words[0], tokens[start])
                         : term.words[i] == tokens[start + i];
        }
        if (!all) continue;
        if (start + n < tokens.size() && listed(term.notBefore, tokens[start + n])) continue;
        if (start > 0 && listed(term.notAfter, tokens[start - 1])) continue;
        return true;
    }
    return false;
}

Term termOf(const vocabulary::TitleTerm& written) {
    Term term;
    std::string text = written.words;
    if (text.starts_with('*')) {
        term.anyStart = true;
        text.erase(0, 1);
    }
    if (text.ends_with('*')) {
        term.anyEnd = true;
        text.pop_back();
    }
    term.words = titleWords(text);
    term.notBefore = titleWords(written.notBefore);
    term.notAfter = titleWords(written.notAfter);
    if (term.words.empty()) throw std::runtime_error("vocabulary: an empty title word");
    return term;
}

std::vector<Term> termsOf(const std::vector<vocabulary::TitleTerm>& written) {
    std::vector<Term> terms;
    for (const auto& term : written) terms.push_back(termOf(term));
    return terms;
}

const std::string* firstMatch(const std::vector<Rule>& rules,
                              const std::vector<std::string>& tokens) {
    for (const auto& rule : rules) {
        for (const auto& term : rule.terms) {
            if (found(term, tokens)) return &rule.value;
        }
    }
    return nullptr;
}

// The accented letters of the four languages, with their plain form ("ß" is "ss").
struct Fold {
    const char* from;
    const char* to;
};
const Fold kFolds[] = {
    {"\xC3\xA0", "a"},  {"\xC3\xA1", "a"},  {"\xC3\xA2", "a"},  {"\xC3\xA3", "a"},
    {"\xC3\xA4", "a"},  {"\xC3\xA5", "a"},  {"\xC3\x80", "a"},  {"\xC3\x81", "a"},
    {"\xC3\x82", "a"},  {"\xC3\x83", "a"},  {"\xC3\x84", "a"},  {"\xC3\x85", "a"},
    {"\xC3\xA6", "ae"}, {"\xC3\x86", "ae"}, {"\xC3\xA7", "c"},  {"\xC3\x87", "c"},
    {"\xC3\xA8", "e"},  {"\xC3\xA9", "e"},  {"\xC3\xAA", "e"},  {"\xC3\xAB", "e"},
    {"\xC3\x88", "e"},  {"\xC3\x89", "e"},  {"\xC3\x8A", "e"},  {"\xC3\x8B", "e"},
    {"\xC3\xAC", "i"},  {"\xC3\xAD", "i"},  {"\xC3\xAE", "i"},  {"\xC3\xAF", "i"},
    {"\xC3\x8C", "i"},  {"\xC3\x8D", "i"},  {"\xC3\x8E", "i"},  {"\xC3\x8F", "i"},
    {"\xC3\xB1", "n"},  {"\xC3\x91", "n"},  {"\xC3\xB2", "o"},  {"\xC3\xB3", "o"},
    {"\xC3\xB4", "o"},  {"\xC3\xB5", "o"},  {"\xC3\xB6", "o"},  {"\xC3\xB8", "o"},
    {"\xC3\x92", "o"},  {"\xC3\x93", "o"},  {"\xC3\x94", "o"},  {"\xC3\x95", "o"},
    {"\xC3\x96", "o"},  {"\xC3\x98", "o"},  {"\xC5\x93", "oe"}, {"\xC5\x92", "oe"},
    {"\xC3\xB9", "u"},  {"\xC3\xBA", "u"},  {"\xC3\xBB", "u"},  {"\xC3\xBC", "u"},
    {"\xC3\x99", "u"},  {"\xC3\x9A", "u"},  {"\xC3\x9B", "u"},  {"\xC3\x9C", "u"},
    {"\xC3\xBD", "y"},  {"\xC3\xBF", "y"},  {"\xC3\x9D", "y"},  {"\xC3\x9F", "ss"},
};

}  // namespace

// A department's words are listed by language; all of them count, whatever the title's. A
// department without words of the kind asked for makes no rule.
TitleRules titleRulesOf(const vocabulary::Vocabulary& written) {
    TitleRules rules;
    for (const auto& rule : written.seniorityTitleWords) {
        rules.seniority.push_back({rule.level, termsOf(rule.words)});
    }
    for (const auto& department : written.departments) {
        if (!department.titleWords.empty()) {
            rules.departments.push_back({department.key, termsOf(department.titleWords)});
        }
        if (!department.fallbackWords.empty()) {
            rules.fallback.push_back({department.key, termsOf(department.fallbackWords)});
        }
    }
    return rules;
}

std::vector<std::string> titleWords(std::string_view text) {
    std::string plain;
    plain.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        bool folded = false;
        for (const auto& fold : kFolds) {
            if (text.substr(i).starts_with(fold.from)) {
                plain += fold.to;
                i += 2;  // every `from` is two bytes
                folded = true;
                break;
            }
        }
        if (!folded) plain += text[i++];
    }
    return words(plain);
}

std::string seniorityFromTitle(const LeadVocabulary& vocab, std::string_view title) {
    const auto tokens = titleWords(title);
    if (tokens.empty()) return "unknown";
    const std::string* match = firstMatch(vocab.titles().seniority, tokens);
    return match != nullptr ? *match : "individual_contributor";
}

std::optional<std::string> departmentFromTitle(const LeadVocabulary& vocab,
                                               std::string_view title) {
    const auto tokens = titleWords(title);
    const std::string* best = nullptr;
    std::size_t bestLength = 0;
    const TitleRules& rules = vocab.titles();
    for (const auto& rule : rules.departments) {
        for (const auto& term : rule.terms) {
            if (term.words.size() > bestLength && found(term, tokens)) {
                best = &rule.value;
                bestLength = term.words.size();
            }
        }
    }
    if (best == nullptr) best = firstMatch(rules.fallback, tokens);
    if (best == nullptr) return std::nullopt;
    return *best;
}

std::string seniorityLabel(const LeadVocabulary& vocab, std::string_view seniority) {
    return vocabulary::seniorityLabel(vocab.source(), seniority);
}

std::string departmentLabel(const LeadVocabulary& vocab, std::string_view department) {
    return vocabulary::departmentLabel(vocab.source(), department);
}

}  // namespace lodestone::research_basic
