#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "outreach/icp/ProspectProfile.hpp"

namespace lodestone::outreach {

enum class CriterionOutcome { Match, Partial, Miss, Unknown, Excluded };

// "match", "partial", "miss", "unknown", "excluded".
std::string_view toString(CriterionOutcome outcome);

// How one criterion went for one prospect.
struct CriterionResult {
    // "industry", "employees", "revenue", "location", "fundingStage", "technologies",
    // "titleKeywords", "seniority", "department", "recentFunding", "hiring", "leadershipChange",
    // "employeeGrowth", "revenueGrowth".
    std::string criterion;
    double weight = 1;
    CriterionOutcome outcome = CriterionOutcome::Unknown;
    double credit = 0;   // 0..1 of the weight earned
    std::string reason;  // names the prospect's value and the rule
    // Where the value judged came from; nothing when no value was known. Several values (the
    // locations of a miss) give the least certain evidence and all their sources.
    std::optional<FactSource> basis;
};

struct IcpScore {
    int score = 0;  // 0-100, rounded
    int threshold = 50;
    bool qualified = false;                  // score >= threshold and not excluded
    std::optional<std::string> excludedBy;   // the reason when an exclusion knocked it out
    std::vector<CriterionResult> breakdown;  // in criteria order (docs/icp.md)
    std::vector<std::string> reasons;        // summary: verdict, top matches and misses, unknowns

    // {"score", "threshold", "qualified", "excludedBy" (null when none), "breakdown":
    // [{"criterion", "weight", "outcome", "credit", "reason", "evidence", "source"}],
    // "reasons": [...]}, keys in that order; credit rounded to 3 decimals; evidence and source
    // null when no value was known.
    Poco::JSON::Object::Ptr toJson() const;
};

}  // namespace lodestone::outreach
