#include "IndustryTerms.hpp"

#include <yaml-cpp/yaml.h>

#include <stdexcept>

#include "Titles.hpp"
#include "embedded/industryVocabulary.hpp"

namespace lodestone::research_basic {
namespace {

IndustryTerm termOf(std::string text) {
    IndustryTerm term;
    if (text.starts_with('*')) {
        term.anyStart = true;
        text.erase(0, 1);
    }
    if (text.ends_with('*')) {
        term.anyEnd = true;
        text.pop_back();
    }
    term.words = titleWords(text);
    if (term.words.empty()) throw std::runtime_error("industry-words.yaml: an empty word");
    if (term.words.size() > 1 && (term.anyStart || term.anyEnd)) {
        throw std::runtime_error("industry-words.yaml: a wildcard on a phrase: " + text);
    }
    return term;
}

std::vector<IndustryTerm> termsOf(const YAML::Node& list) {
    std::vector<IndustryTerm> terms;
    for (const auto& entry : list) terms.push_back(termOf(entry.as<std::string>()));
    return terms;
}

std::vector<IndustryTerms> load() {
    const YAML::Node root = YAML::Load(std::string(industryVocabulary("industry-words.yaml")));
    std::vector<IndustryTerms> terms;
    for (const auto& entry : root["industries"]) {
        terms.push_back({entry["name"].as<std::string>(), termsOf(entry["anywhere"]),
                         termsOf(entry["inNames"]),
                         entry["outranks"] && entry["outranks"].as<bool>()});
    }
    return terms;
}

}  // namespace

const std::vector<IndustryTerms>& industryTerms() {
    static const std::vector<IndustryTerms> loaded = load();
    return loaded;
}

}  // namespace lodestone::research_basic
