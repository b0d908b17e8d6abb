#include <algorithm>
#include <functional>

#include "outreach/icp/CriterionRules.hpp"
#include "outreach/icp/Text.hpp"
#include "outreach/icp/Vocabulary.hpp"

namespace lodestone::outreach::icp {
namespace {

using Outcome = CriterionOutcome;
using KeyOf = std::function<std::string(const std::string&)>;

// A fact that should be one of a list: "seniority Director is one of vp, director".
CriterionResult scoreMembership(const std::string& criterion, const std::string& noun,
                                const NamesCriterion& rule, const std::optional<std::string>& fact,
                                const KeyOf& keyOf, const ScoringContext& context) {
    std::string list = joined(rule.names);
    auto result = [&](Outcome outcome, const std::string& reason) {
        return judged(criterion, rule.weight, outcome, reason, context);
    };
    if (!fact) return result(Outcome::Unknown, "no " + noun + " known; wanted one of " + list);
    std::string key = keyOf(*fact);
    bool listed = std::any_of(rule.names.begin(), rule.names.end(),
                              [&](const std::string& name) { return keyOf(name) == key; });
    return result(listed ? Outcome::Match : Outcome::Miss,
                  noun + " " + *fact + (listed ? " is one of " : " is not one of ") + list);
}

// A listed technology is used when a prospect technology is it or names it ("Salesforce" in
// "Salesforce Sales Cloud").
bool uses(const std::vector<std::string>& technologies, const std::string& wanted) {
    return std::any_of(technologies.begin(), technologies.end(), [&](const std::string& used) {
        return nameKey(used) == nameKey(wanted) || containsPhrase(used, wanted);
    });
}

}  // namespace

CriterionResult scoreFundingStage(const NamesCriterion& rule, const ProspectProfile& profile,
                                  const ScoringContext& context) {
    if (!profile.fundingStage && profile.fundingRound) {
        return scoreMembership("fundingStage", "latest funding round", rule, profile.fundingRound,
                               fundingStageKey, context);
    }
    return scoreMembership("fundingStage", "funding stage", rule, profile.fundingStage,
                           fundingStageKey, context);
}

CriterionResult scoreTechnologies(const TechnologyCriterion& rule, const ProspectProfile& profile,
                                  const ScoringContext& context) {
    std::string list = joined(rule.any);
    std::string needed = std::to_string(rule.minMatches);
    auto result = [&](Outcome outcome, const std::string& reason, double share = 0) {
        return judged("technologies", rule.weight, outcome, reason, context, share);
    };
    if (!profile.technologies) {
        return result(Outcome::Unknown, "no technologies known; wanted " + needed + " of " + list);
    }
    if (profile.technologies->empty()) {
        return result(Outcome::Miss, "technology list is empty; wanted " + needed + " of " + list);
    }
    std::vector<std::string> matched;
    for (const auto& wanted : rule.any) {
        if (uses(*profile.technologies, wanted)) matched.push_back(wanted);
    }
    int matches = static_cast<int>(matched.size());
    if (matches == 0) {
        return result(Outcome::Miss,
                      "technologies " + joined(*profile.technologies) + " include none of " + list);
    }
    std::string reason = "technologies include " + joined(matched) + ": " +
                         std::to_string(matches) + " of the " + needed + " wanted from " + list;
    if (matches >= rule.minMatches) return result(Outcome::Match, reason);
    return result(Outcome::Partial, reason, static_cast<double>(matches) / rule.minMatches);
}

CriterionResult scoreTitleKeywords(const NamesCriterion& rule, const ProspectProfile& profile,
                                   const ScoringContext& context) {
    std::string list = joined(rule.names);
    auto result = [&](Outcome outcome, const std::string& reason) {
        return judged("titleKeywords", rule.weight, outcome, reason, context);
    };
    if (!profile.title) return result(Outcome::Unknown, "no title known; wanted one of " + list);
    std::string subject = "title " + *profile.title;
    for (const auto& keyword : rule.names) {
        if (containsPhrase(*profile.title, keyword)) {
            return result(Outcome::Match, subject + " contains " + keyword);
        }
    }
    return result(Outcome::Miss, subject + " contains none of " + list);
}

CriterionResult scoreSeniority(const NamesCriterion& rule, const ProspectProfile& profile,
                               const ScoringContext& context) {
    return scoreMembership("seniority", "seniority", rule, profile.seniority, seniorityKey,
                           context);
}

CriterionResult scoreDepartment(const NamesCriterion& rule, const ProspectProfile& profile,
                                const ScoringContext& context) {
    return scoreMembership("department", "department", rule, profile.department, departmentKey,
                           context);
}

}  // namespace lodestone::outreach::icp
