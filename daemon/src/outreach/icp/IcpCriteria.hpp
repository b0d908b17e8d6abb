#pragma once

#include <optional>
#include <string>
#include <vector>

#include "outreach/icp/IcpError.hpp"

namespace lodestone::outreach {

// One entry of an industries list: "Software" (any of its sub-industries) or
// "Financial Services/Payments" (that sub-industry only). Both parts as written, trimmed.
struct IndustryEntry {
    std::string industry;
    std::optional<std::string> subIndustry;
    std::string text;  // the entry as written, for reasons
};

struct IndustryCriterion {
    std::vector<IndustryEntry> include;  // empty: any industry not excluded
    std::vector<IndustryEntry> exclude;  // knockouts
    double weight = 1;
};

// employees and revenue: either bound may be open.
struct BoundsCriterion {
    std::optional<double> min;
    std::optional<double> max;
    double weight = 1;
};

struct LocationCriterion {
    std::vector<std::string> countries;
    std::vector<std::string> regions;
    double weight = 1;
};

// funding_stages, seniority, departments (include) and title_keywords (any).
struct NamesCriterion {
    std::vector<std::string> names;
    double weight = 1;
};

struct TechnologyCriterion {
    std::vector<std::string> any;
    int minMatches = 1;
    double weight = 1;
};

struct RecentFundingCriterion {
    int withinMonths = 12;
    double weight = 1;
};

struct HiringCriterion {
    std::vector<std::string> departments;  // empty: any department
    int minOpenRoles = 1;
    double weight = 1;
};

struct LeadershipCriterion {
    bool newCeo = false;
    bool newCro = false;
    double weight = 1;
};

struct GrowthCriterion {
    double above = 0;
    double weight = 1;
};

// Every criterion a campaign may set; an unset one is not scored at all.
struct IcpCriterionSet {
    std::optional<IndustryCriterion> industries;
    std::optional<BoundsCriterion> employees;
    std::optional<BoundsCriterion> revenue;
    std::optional<LocationCriterion> locations;
    std::optional<NamesCriterion> fundingStages;
    std::optional<TechnologyCriterion> technologies;
    std::optional<NamesCriterion> titleKeywords;
    std::optional<NamesCriterion> seniority;
    std::optional<NamesCriterion> departments;
    std::optional<RecentFundingCriterion> recentFunding;
    std::optional<HiringCriterion> hiring;
    std::optional<LeadershipCriterion> leadershipChange;
    std::optional<GrowthCriterion> employeeGrowth;
    std::optional<GrowthCriterion> revenueGrowth;
};

inline constexpr int kDefaultThreshold = 50;
inline constexpr double kDefaultUnknownCredit = 0.5;

// A campaign's ICP document, checked (format: docs/icp.md).
class IcpCriteria {
  public:
    // Parses the JSON text of the ICP document. Throws IcpError, naming the path of the bad value,
    // for text that is not a JSON mapping, unknown keys (listing the valid ones), wrong types,
    // min > max, negative weights, threshold outside 0-100, unknown_credit outside 0-1, empty
    // lists, and criteria that set nothing to compare.
    static IcpCriteria parse(const std::string& json);
    // A campaign without criteria: every prospect qualifies.
    static IcpCriteria none();

    bool empty() const;
    int threshold() const { return threshold_; }
    double unknownCredit() const { return unknownCredit_; }
    const IcpCriterionSet& criteria() const { return criteria_; }

  private:
    int threshold_ = kDefaultThreshold;
    double unknownCredit_ = kDefaultUnknownCredit;
    IcpCriterionSet criteria_;
};

}  // namespace lodestone::outreach
