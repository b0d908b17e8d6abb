// Inferring what the lead does not say, from what it does: the company's industry from its name,
// domain, the client's notes and the job title; its size band from a head count in the notes or
// a self-employed title. Every inference names the words it rests on.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace lodestone::research_basic {

class LeadVocabulary;

// A text research-basic may infer from, and how loosely it uses words.
struct Clue {
    enum class Kind {
        Name,    // a company's name: industry words of names and of prose count
        Domain,  // a company's registrable domain: as a name, and words run together count
        Notes,   // the client's notes: only phrases that name an industry wherever they are
        Title,   // a job title: as notes, and working alone gives a size
    };
    std::string label;  // "company name", "domain", "notes", "title"
    std::string text;
    Kind kind;
};

struct Inference {
    std::string value;                // "Gambling", "11-50"
    std::string source;               // `company name: "Lucky Spin Casinos"; notes: "…"`
    std::vector<std::string> labels;  // the clues it rests on: "company name", "notes"
};

// The industry the clues name (IndustryTerms.hpp): in each clue the leftmost phrase decides (the
// longer at the same place); across clues the industry most of them name, a tie going to the one
// named by the earlier clue. Nothing when no clue names one.
std::optional<Inference> inferIndustry(const LeadVocabulary& vocab, const std::vector<Clue>& clues);

// A size band from the first clue that gives one: a head count ("a 40-person agency", "team of
// 12", "about 1,200 employees"; a range counts by its upper end) or, in a title, working alone
// ("Freelance Designer": 1-10).
std::optional<Inference> inferSizeBand(const LeadVocabulary& vocab, const std::vector<Clue>& clues);

}  // namespace lodestone::research_basic
