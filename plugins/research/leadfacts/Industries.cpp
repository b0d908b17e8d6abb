#include "Industries.hpp"

#include <vector>

#include "Inference.hpp"
#include "LeadVocabulary.hpp"
#include "Text.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::research_basic {
namespace {

// Minor words stay lower case inside a title-cased name.
bool isMinorWord(const std::string& word) {
    return word == "and" || word == "of" || word == "for" || word == "the" || word == "&";
}

std::string titleCase(const std::string& text) {
    std::string result;
    std::string word;
    const auto flush = [&] {
        if (word.empty()) return;
        const std::string lower = lowerAscii(word);
        if (!result.empty() && isMinorWord(lower)) {
            result += lower;
        } else if (word == lower) {
            result += capitalise(word);
        } else {
            result += word;  // already has capitals the writer chose ("B2B", "IoT")
        }
        word.clear();
    };
    for (char c : text) {
        if (c == ' ') {
            flush();
            if (!result.empty() && result.back() != ' ') result += ' ';
        } else {
            word += c;
        }
    }
    flush();
    return result;
}

}  // namespace

std::string normaliseIndustry(const LeadVocabulary& vocab, std::string_view text) {
    const std::string trimmed = trim(text);
    if (trimmed.empty()) return "";
    // Hyphens join words ("e-commerce", "non-profit"): drop them before splitting.
    std::string joined;
    for (char c : trimmed) {
        if (c != '-') joined += c;
    }
    const auto tokens = words(joined);

    // The first synonym found (leftmost in the text) decides, so "Healthcare SaaS" is Healthcare
    // and "Software for healthcare" is Software: the leading word is usually the market.
    const std::string* best = nullptr;
    std::size_t bestStart = tokens.size();
    std::size_t bestLength = 0;
    for (const auto& industry : vocab.source().industries) {
        for (const auto& phrase : industry.synonyms) {
            const std::size_t start = findPhrase(tokens, {phrase.c_str()});
            const std::size_t length = words(phrase).size();
            if (start < bestStart ||
                (start == bestStart && start < tokens.size() && length > bestLength)) {
                best = &industry.name;
                bestStart = start;
                bestLength = length;
            }
        }
    }
    if (best != nullptr) return *best;
    // Else the words that name an industry in a company's name, in the four languages
    // ("Versicherungen", "Immobilier", "Online-Glücksspiel"), before a name outside the table.
    if (auto inferred = inferIndustry(vocab, {{"industry", trimmed, Clue::Kind::Name}})) {
        return inferred->value;
    }
    return titleCase(trimmed);
}

}  // namespace lodestone::research_basic
