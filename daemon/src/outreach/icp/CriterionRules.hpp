#pragma once

#include <string>
#include <vector>

#include "domain/Time.hpp"
#include "outreach/icp/IcpCriteria.hpp"
#include "outreach/icp/IcpScore.hpp"
#include "outreach/icp/ProspectProfile.hpp"

namespace lodestone::vocabulary {
struct Vocabulary;
}  // namespace lodestone::vocabulary

// One function per criterion, each judging one prospect fact against one rule.
namespace lodestone::outreach::icp {

// The share of the weight a partial earns when nothing measures how partial it is.
inline constexpr double kHalfCredit = 0.5;

struct ScoringContext {
    double unknownCredit;
    domain::Timestamp now;
    // The words seniorities and departments are folded with: those the daemon loaded.
    const vocabulary::Vocabulary& vocabulary;
};

// A result whose credit follows from the outcome (Match 1, Miss and Excluded 0, Unknown the
// context's unknown credit); Partial takes `partialCredit`.
CriterionResult judged(const std::string& criterion, double weight, CriterionOutcome outcome,
                       std::string reason, const ScoringContext& context,
                       double partialCredit = kHalfCredit);

// `text`, naming a fact, followed by how the fact was inferred when it was: "industry Gambling
// (inferred from company name: \"Lucky Spin Casinos\")". Inferred facts are guesses an operator
// should see in the reason itself; where the others came from is in the result's basis.
std::string described(const ProspectProfile& profile, const std::string& path, std::string text);

// `result` with the source of the facts at `paths` as its basis: the least certain evidence among
// them and their sources, distinct, joined by "; ". No paths: no basis (nothing was known).
CriterionResult basedOn(CriterionResult result, const ProspectProfile& profile,
                        const std::vector<std::string>& paths);

// Company (CompanyRules.cpp).
CriterionResult scoreIndustry(const IndustryCriterion& rule, const ProspectProfile& profile,
                              const ScoringContext& context);
CriterionResult scoreEmployees(const BoundsCriterion& rule, const ProspectProfile& profile,
                               const ScoringContext& context);
CriterionResult scoreRevenue(const BoundsCriterion& rule, const ProspectProfile& profile,
                             const ScoringContext& context);
CriterionResult scoreLocation(const LocationCriterion& rule, const ProspectProfile& profile,
                              const ScoringContext& context);

// Company facts compared with lists (ListRules.cpp).
CriterionResult scoreFundingStage(const NamesCriterion& rule, const ProspectProfile& profile,
                                  const ScoringContext& context);
CriterionResult scoreTechnologies(const TechnologyCriterion& rule, const ProspectProfile& profile,
                                  const ScoringContext& context);

// Person (ListRules.cpp).
CriterionResult scoreTitleKeywords(const NamesCriterion& rule, const ProspectProfile& profile,
                                   const ScoringContext& context);
CriterionResult scoreSeniority(const NamesCriterion& rule, const ProspectProfile& profile,
                               const ScoringContext& context);
CriterionResult scoreDepartment(const NamesCriterion& rule, const ProspectProfile& profile,
                                const ScoringContext& context);

// Signals (SignalRules.cpp).
CriterionResult scoreRecentFunding(const RecentFundingCriterion& rule,
                                   const ProspectProfile& profile, const ScoringContext& context);
CriterionResult scoreHiring(const HiringCriterion& rule, const ProspectProfile& profile,
                            const ScoringContext& context);
CriterionResult scoreLeadershipChange(const LeadershipCriterion& rule,
                                      const ProspectProfile& profile,
                                      const ScoringContext& context);
CriterionResult scoreEmployeeGrowth(const GrowthCriterion& rule, const ProspectProfile& profile,
                                    const ScoringContext& context);
CriterionResult scoreRevenueGrowth(const GrowthCriterion& rule, const ProspectProfile& profile,
                                   const ScoringContext& context);

}  // namespace lodestone::outreach::icp
