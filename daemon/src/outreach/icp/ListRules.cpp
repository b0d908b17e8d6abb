#include <algorithm>
#include <functional>

#include "domain/Text.hpp"
#include "outreach/icp/CriterionRules.hpp"
#include "outreach/icp/Text.hpp"
#include "outreach/icp/Vocabulary.hpp"

namespace lodestone::outreach::icp {
namespace {

using Outcome = CriterionOutcome;
using KeyOf = std::function<std::string(const std::string&)>;

// A fact that should be one of a list: "seniority Director is one of vp, director".
// `path` names the fact in the profile.
CriterionResult scoreMembership(const std::string& criterion, const std::string& noun,
                                const NamesCriterion& rule, const ProspectProfile& profile,
                                const std::optional<std::string>& fact, const std::string& path,
                                const KeyOf& keyOf, const ScoringContext& context) {
    std::string list = domain::joined(rule.names);
    auto result = [&](Outcome outcome, const std::string& reason) {
        return basedOn(judged(criterion, rule.weight, outcome, reason, context), profile,
                       fact ? std::vector{path} : std::vector<std::string>{});
    };
    if (!fact) return result(Outcome::Unknown, "no " + noun + " known; wanted one of " + list);
    std::string key = keyOf(*fact);
    bool listed = std::any_of(rule.names.begin(), rule.names.end(),
                              [&](const std::string& name) { return keyOf(name) == key; });
    return result(listed ? Outcome::Match : Outcome::Miss,
                  described(profile, path, noun + " " + *fact) +
                      (listed ? " is one of " : " is not one of ") + list);
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
        return scoreMembership("fundingStage", "latest funding round", rule, profile,
                               profile.fundingRound, fact_path::kFundingRound, fundingStageKey,
                               context);
    }
    return scoreMembership("fundingStage", "funding stage", rule, profile, profile.fundingStage,
                           fact_path::kFundingStage, fundingStageKey, context);
}

CriterionResult scoreTechnologies(const TechnologyCriterion& rule, const ProspectProfile& profile,
                                  const ScoringContext& context) {
    std::string list = domain::joined(rule.any);
    std::string needed = std::to_string(rule.minMatches);
    const std::string& path = fact_path::kTechnologies;
    auto result = [&](Outcome outcome, const std::string& reason, double share = 0) {
        return basedOn(judged("technologies", rule.weight, outcome, reason, context, share),
                       profile,
                       profile.technologies ? std::vector{path} : std::vector<std::string>{});
    };
    if (!profile.technologies) {
        return result(Outcome::Unknown, "no technologies known; wanted " + needed + " of " + list);
    }
    if (profile.technologies->empty()) {
        return result(Outcome::Miss, described(profile, path, "technology list is empty") +
                                         "; wanted " + needed + " of " + list);
    }
    std::vector<std::string> matched;
    for (const auto& wanted : rule.any) {
        if (uses(*profile.technologies, wanted)) matched.push_back(wanted);
    }
    int matches = static_cast<int>(matched.size());
    if (matches == 0) {
        return result(
            Outcome::Miss,
            described(profile, path, "technologies " + domain::joined(*profile.technologies)) +
                " include none of " + list);
    }
    std::string reason = described(profile, path, "technologies") + " include " +
                         domain::joined(matched) + ": " + std::to_string(matches) + " of the " +
                         needed + " wanted from " + list;
    if (matches >= rule.minMatches) return result(Outcome::Match, reason);
    return result(Outcome::Partial, reason, static_cast<double>(matches) / rule.minMatches);
}

CriterionResult scoreTitleKeywords(const NamesCriterion& rule, const ProspectProfile& profile,
                                   const ScoringContext& context) {
    std::string list = domain::joined(rule.names);
    const std::string& path = fact_path::kTitle;
    auto result = [&](Outcome outcome, const std::string& reason) {
        return basedOn(judged("titleKeywords", rule.weight, outcome, reason, context), profile,
                       profile.title ? std::vector{path} : std::vector<std::string>{});
    };
    if (!profile.title) return result(Outcome::Unknown, "no title known; wanted one of " + list);
    std::string subject = described(profile, path, "title " + *profile.title);
    for (const auto& keyword : rule.names) {
        if (containsPhrase(*profile.title, keyword)) {
            return result(Outcome::Match, subject + " contains " + keyword);
        }
    }
    return result(Outcome::Miss, subject + " contains none of " + list);
}

CriterionResult scoreSeniority(const NamesCriterion& rule, const ProspectProfile& profile,
                               const ScoringContext& context) {
    const auto keyOf = [&context](const std::string& text) {
        return seniorityKey(context.vocabulary, text);
    };
    return scoreMembership("seniority", "seniority", rule, profile, profile.seniority,
                           fact_path::kSeniority, keyOf, context);
}

CriterionResult scoreDepartment(const NamesCriterion& rule, const ProspectProfile& profile,
                                const ScoringContext& context) {
    const auto keyOf = [&context](const std::string& text) {
        return departmentKey(context.vocabulary, text);
    };
    return scoreMembership("department", "department", rule, profile, profile.department,
                           fact_path::kDepartment, keyOf, context);
}

}  // namespace lodestone::outreach::icp
