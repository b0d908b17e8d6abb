#pragma once

#include <string>

namespace lodestone::vocabulary {
struct Vocabulary;
}  // namespace lodestone::vocabulary

// The words operators and clients use for the same seniority or department, reduced to one key
// each so that "C-Level", "c level" and "executive" compare equal.
namespace lodestone::outreach::icp {

// tokenKey() of `text`, folded to the key of the seniority it is the key or an alias of in
// `vocabulary` (vocabulary.yaml: c_level, cxo, founder, owner, ... -> executive; svp -> vp; jr ->
// entry). Anything else as is.
std::string seniorityKey(const vocabulary::Vocabulary& vocabulary, const std::string& text);

// tokenKey() of `text`, folded likewise by the vocabulary's departments (hr, human_resources ->
// people; purchasing, sourcing -> procurement; security, infosec -> it). Anything else as is.
std::string departmentKey(const vocabulary::Vocabulary& vocabulary, const std::string& text);

// nameKey() of the industry `text` names in `vocabulary`, by its name or one of its synonyms
// ("iGaming", "Online casino" -> "gambling"); of `text` itself when it names none.
std::string industryKey(const vocabulary::Vocabulary& vocabulary, const std::string& text);
// industryKey() of the parent of the industry `text` names ("Higher Education" -> "education");
// "" when it names none or that one has no parent.
std::string industryParentKey(const vocabulary::Vocabulary& vocabulary, const std::string& text);

// tokenKey(): "Series-A", "series a" and "series_a" are one stage.
std::string fundingStageKey(const std::string& text);

}  // namespace lodestone::outreach::icp
