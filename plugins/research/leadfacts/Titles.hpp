// Seniority and department from a free-text job title, by whole-word rules whose words are data
// (the vocabulary's seniorityTitleWords and departments, vocabulary.yaml): English, French, German
// and Spanish.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lodestone::vocabulary {
struct TitleTerm;
struct Vocabulary;
}  // namespace lodestone::vocabulary

namespace lodestone::research_basic {

class LeadVocabulary;

// One title word or phrase of the vocabulary (vocabulary.yaml), folded as titles are.
struct TitleWord {
    std::vector<std::string> words;
    bool anyStart = false;  // "*leiter": any word ending so
    bool anyEnd = false;    // "vertrieb*": any word starting so
    std::vector<std::string> notBefore;
    std::vector<std::string> notAfter;
};

struct TitleRule {
    std::string value;  // the seniority or department
    std::vector<TitleWord> terms;
};

// The vocabulary's title words, folded once when a LeadVocabulary is made rather than at each
// title read.
struct TitleRules {
    std::vector<TitleRule> seniority;    // first match wins
    std::vector<TitleRule> departments;  // longest match wins, then the first listed
    std::vector<TitleRule> fallback;     // first match wins, when no department matched
};

// Throws std::runtime_error for an empty title word.
TitleRules titleRulesOf(const vocabulary::Vocabulary& written);

// "executive", "vp", "head", "director", "manager", "senior", "entry" or
// "individual_contributor"; "unknown" for a blank title.
std::string seniorityFromTitle(const LeadVocabulary& vocab, std::string_view title);

// "engineering", "sales", "marketing", "finance", "people", "operations", "product", "design",
// "customer_success", "legal", "data", "it", "procurement", "admissions" or "executive"; nothing
// when the title names none.
std::optional<std::string> departmentFromTitle(const LeadVocabulary& vocab, std::string_view title);

// A title's words as the rules read them: lower case, accents dropped ("Geschäftsführer" is
// "geschaftsfuhrer", "ß" is "ss"), so that a title matches however it was typed.
std::vector<std::string> titleWords(std::string_view text);

// For facts: "VP", "head-of-function", "individual-contributor", …
std::string seniorityLabel(const LeadVocabulary& vocab, std::string_view seniority);
// For facts: "Engineering", "Customer Success", "IT", …
std::string departmentLabel(const LeadVocabulary& vocab, std::string_view department);

}  // namespace lodestone::research_basic
