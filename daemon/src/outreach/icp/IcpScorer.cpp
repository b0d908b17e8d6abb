#include "outreach/icp/IcpScorer.hpp"

#include <algorithm>
#include <cmath>

#include "domain/Text.hpp"
#include "outreach/icp/CriterionRules.hpp"

namespace lodestone::outreach {
namespace icp {

CriterionResult judged(const std::string& criterion, double weight, CriterionOutcome outcome,
                       std::string reason, const ScoringContext& context, double partialCredit) {
    double credit = 0;
    switch (outcome) {
        case CriterionOutcome::Match:
            credit = 1;
            break;
        case CriterionOutcome::Partial:
            credit = std::clamp(partialCredit, 0.0, 1.0);
            break;
        case CriterionOutcome::Unknown:
            credit = context.unknownCredit;
            break;
        case CriterionOutcome::Miss:
        case CriterionOutcome::Excluded:
            break;
    }
    return CriterionResult{criterion, weight, outcome, credit, std::move(reason), std::nullopt};
}

std::string described(const ProspectProfile& profile, const std::string& path, std::string text) {
    const FactSource source = profile.sourceOf(path);
    if (source.evidence == Evidence::Inferred) text += " (inferred from " + source.source + ")";
    return text;
}

CriterionResult basedOn(CriterionResult result, const ProspectProfile& profile,
                        const std::vector<std::string>& paths) {
    std::vector<std::string> sources;
    for (const auto& path : paths) {
        FactSource source = profile.sourceOf(path);
        // Client, research, inferred: later is less certain.
        if (!result.basis || source.evidence > result.basis->evidence) {
            if (!result.basis) result.basis = FactSource{};
            result.basis->evidence = source.evidence;
        }
        if (std::find(sources.begin(), sources.end(), source.source) == sources.end()) {
            sources.push_back(std::move(source.source));
        }
    }
    if (result.basis) result.basis->source = domain::joined(sources, "; ");
    return result;
}

}  // namespace icp

namespace {

using icp::ScoringContext;

const std::string kNoCriteria = "the campaign has no ICP criteria: every prospect qualifies";
// Enough lines to explain a verdict at a glance; the breakdown has the rest.
constexpr std::size_t kSummaryLines = 3;

std::vector<CriterionResult> judgeAll(const IcpCriterionSet& set, const ProspectProfile& profile,
                                      const ScoringContext& context) {
    std::vector<CriterionResult> results;
    auto add = [&](const auto& criterion, auto score) {
        if (criterion) results.push_back(score(*criterion, profile, context));
    };
    add(set.industries, icp::scoreIndustry);
    add(set.employees, icp::scoreEmployees);
    add(set.revenue, icp::scoreRevenue);
    add(set.locations, icp::scoreLocation);
    add(set.fundingStages, icp::scoreFundingStage);
    add(set.technologies, icp::scoreTechnologies);
    add(set.titleKeywords, icp::scoreTitleKeywords);
    add(set.seniority, icp::scoreSeniority);
    add(set.departments, icp::scoreDepartment);
    add(set.recentFunding, icp::scoreRecentFunding);
    add(set.hiring, icp::scoreHiring);
    add(set.leadershipChange, icp::scoreLeadershipChange);
    add(set.employeeGrowth, icp::scoreEmployeeGrowth);
    add(set.revenueGrowth, icp::scoreRevenueGrowth);
    return results;
}

// The results with `outcomes`, heaviest first (ties in criteria order), at most kSummaryLines.
std::vector<const CriterionResult*> strongest(const std::vector<CriterionResult>& results,
                                              std::initializer_list<CriterionOutcome> outcomes,
                                              bool byEarned) {
    std::vector<const CriterionResult*> picked;
    for (const auto& result : results) {
        bool wanted = std::find(outcomes.begin(), outcomes.end(), result.outcome) != outcomes.end();
        if (wanted && result.weight > 0) picked.push_back(&result);
    }
    auto size = [byEarned](const CriterionResult* r) {
        return byEarned ? r->weight * r->credit : r->weight;
    };
    std::stable_sort(picked.begin(), picked.end(),
                     [&](const auto* a, const auto* b) { return size(a) > size(b); });
    if (picked.size() > kSummaryLines) picked.resize(kSummaryLines);
    return picked;
}

std::vector<std::string> summary(const IcpScore& score) {
    if (score.excludedBy) return {"excluded: " + *score.excludedBy};
    std::vector<std::string> lines{
        "score " + std::to_string(score.score) +
        (score.qualified ? " meets the threshold " : " is below the threshold ") +
        std::to_string(score.threshold)};
    const auto& results = score.breakdown;
    using O = CriterionOutcome;
    for (const auto* r : strongest(results, {O::Match, O::Partial}, true)) {
        lines.push_back(std::string(toString(r->outcome)) + ": " + r->reason);
    }
    for (const auto* r : strongest(results, {O::Miss}, false)) {
        lines.push_back("miss: " + r->reason);
    }
    std::vector<std::string> unknown;
    for (const auto& r : results) {
        if (r.outcome == O::Unknown && r.weight > 0) unknown.push_back(r.criterion);
    }
    if (!unknown.empty()) lines.push_back("unknown: " + domain::joined(unknown));
    return lines;
}

}  // namespace

IcpScore scoreProspect(const IcpCriteria& criteria, const ProspectProfile& profile,
                       domain::Timestamp now, const vocabulary::Vocabulary& vocabulary) {
    IcpScore score;
    score.threshold = criteria.threshold();
    if (criteria.empty()) {
        score.score = 100;
        score.qualified = true;
        score.reasons = {kNoCriteria};
        return score;
    }
    ScoringContext context{criteria.unknownCredit(), now, vocabulary};
    score.breakdown = judgeAll(criteria.criteria(), profile, context);
    double total = 0;
    double earned = 0;
    for (const auto& result : score.breakdown) {
        total += result.weight;
        earned += result.weight * result.credit;
        if (result.outcome == CriterionOutcome::Excluded && !score.excludedBy) {
            score.excludedBy = result.reason;
        }
    }
    // With every weight 0 nothing is scored, as if there were no criteria; exclusions still apply.
    score.score = total > 0 ? static_cast<int>(std::lround(100 * earned / total)) : 100;
    score.score = std::clamp(score.score, 0, 100);
    if (score.excludedBy) score.score = 0;
    score.qualified = !score.excludedBy && score.score >= score.threshold;
    score.reasons = summary(score);
    return score;
}

}  // namespace lodestone::outreach
