#include <algorithm>
#include <cctype>
#include <chrono>

#include "domain/JsonDocument.hpp"
#include "domain/Text.hpp"
#include "outreach/icp/CriterionRules.hpp"
#include "outreach/icp/Text.hpp"
#include "outreach/icp/Vocabulary.hpp"

namespace lodestone::outreach::icp {
namespace {

using Outcome = CriterionOutcome;

// Months since year 0 of "YYYY-MM" (a day or time after it is ignored), or nothing.
std::optional<int> monthIndexOf(const std::string& date) {
    auto digits = [&](std::size_t from, std::size_t count) {
        if (date.size() < from + count) return false;
        return std::all_of(date.begin() + from, date.begin() + from + count,
                           [](unsigned char c) { return std::isdigit(c) != 0; });
    };
    if (!digits(0, 4) || date.size() < 7 || date[4] != '-' || !digits(5, 2)) return std::nullopt;
    if (date.size() > 7 && date[7] != '-' && date[7] != 'T') return std::nullopt;
    int year = std::stoi(date.substr(0, 4));
    int month = std::stoi(date.substr(5, 2));
    if (month < 1 || month > 12) return std::nullopt;
    return year * 12 + month - 1;
}

int monthIndexOf(domain::Timestamp now) {
    using namespace std::chrono;
    auto day = floor<days>(sys_time<milliseconds>(milliseconds(now)));
    year_month_day date{day};
    return static_cast<int>(date.year()) * 12 + static_cast<int>(unsigned(date.month())) - 1;
}

std::string percent(double fraction) {
    return formatNumber(fraction * 100) + "%";
}

CriterionResult scoreGrowth(const std::string& criterion, const std::string& noun,
                            const GrowthCriterion& rule, const ProspectProfile& profile,
                            std::optional<double> growth, const std::string& path,
                            const ScoringContext& context) {
    std::string bar = percent(rule.above);
    if (!growth) {
        return judged(criterion, rule.weight, Outcome::Unknown,
                      "no " + noun + " figure known; wanted above " + bar, context);
    }
    bool above = *growth > rule.above;
    return basedOn(judged(criterion, rule.weight, above ? Outcome::Match : Outcome::Miss,
                          described(profile, path, noun + " " + percent(*growth)) +
                              (above ? " is above " : " is not above ") + bar,
                          context),
                   profile, {path});
}

bool overlaps(const vocabulary::Vocabulary& vocabulary, const std::vector<std::string>& wanted,
              const std::vector<std::string>& listed) {
    return std::any_of(wanted.begin(), wanted.end(), [&](const std::string& department) {
        return std::any_of(listed.begin(), listed.end(), [&](const std::string& other) {
            return departmentKey(vocabulary, other) == departmentKey(vocabulary, department);
        });
    });
}

std::string hiringText(const HiringFacts& facts) {
    std::string text = "hiring";
    if (facts.openRoles) {
        text += ' ';
        text += formatNumber(*facts.openRoles);
        text += *facts.openRoles == 1 ? " open role" : " open roles";
    }
    if (facts.departments && !facts.departments->empty()) {
        text += " in ";
        text += domain::joined(*facts.departments);
    }
    return text;
}

}  // namespace

CriterionResult scoreRecentFunding(const RecentFundingCriterion& rule,
                                   const ProspectProfile& profile, const ScoringContext& context) {
    std::string window = std::to_string(rule.withinMonths) + " months";
    const std::string& path = fact_path::kFundingDate;
    auto result = [&](Outcome outcome, const std::string& reason) {
        return basedOn(judged("recentFunding", rule.weight, outcome, reason, context), profile,
                       profile.fundingDate ? std::vector{path} : std::vector<std::string>{});
    };
    if (!profile.fundingDate) {
        return result(Outcome::Unknown, "no funding date known; wanted funding within " + window);
    }
    auto funded = monthIndexOf(*profile.fundingDate);
    if (!funded) {
        return result(Outcome::Unknown,
                      described(profile, path,
                                "funding date " + domain::describeJsonValue(*profile.fundingDate)) +
                          " is not YYYY-MM");
    }
    // A date in the current month or later (announced ahead) is as recent as it gets.
    int age = std::max(0, monthIndexOf(context.now) - *funded);
    std::string subject =
        described(profile, path, "latest funding " + profile.fundingDate->substr(0, 7)) + " is " +
        std::to_string(age) + (age == 1 ? " month" : " months") + " old";
    if (age <= rule.withinMonths) return result(Outcome::Match, subject + ", within " + window);
    return result(Outcome::Miss, subject + ", older than " + window);
}

CriterionResult scoreHiring(const HiringCriterion& rule, const ProspectProfile& profile,
                            const ScoringContext& context) {
    std::string wanted = "at least " + std::to_string(rule.minOpenRoles) +
                         (rule.minOpenRoles == 1 ? " open role" : " open roles");
    if (!rule.departments.empty()) wanted += " in " + domain::joined(rule.departments);
    const std::string& path = fact_path::kHiring;
    auto result = [&](Outcome outcome, const std::string& reason) {
        return basedOn(judged("hiring", rule.weight, outcome, reason, context), profile,
                       profile.hiring ? std::vector{path} : std::vector<std::string>{});
    };
    if (!profile.hiring) {
        return result(Outcome::Unknown, "no hiring signals known; wanted " + wanted);
    }
    const HiringFacts& facts = *profile.hiring;
    bool listsDepartments = facts.departments && !facts.departments->empty();
    bool notHiring = facts.isHiring == false ||
                     (facts.isHiring != true && facts.openRoles && *facts.openRoles <= 0);
    if (notHiring) {
        return result(Outcome::Miss, described(profile, path, "not hiring") + "; wanted " + wanted);
    }
    bool hiring =
        facts.isHiring == true || (facts.openRoles && *facts.openRoles > 0) || listsDepartments;
    if (!hiring) {
        return result(Outcome::Unknown,
                      "hiring signals do not say whether it is hiring; wanted " + wanted);
    }
    // Hiring at all means at least one open role.
    bool enoughRoles =
        facts.openRoles ? *facts.openRoles >= rule.minOpenRoles : rule.minOpenRoles <= 1;
    bool rightDepartments =
        rule.departments.empty() ||
        (listsDepartments && overlaps(context.vocabulary, rule.departments, *facts.departments));
    std::string reason = described(profile, path, hiringText(facts)) + "; wanted " + wanted;
    return result(enoughRoles && rightDepartments ? Outcome::Match : Outcome::Partial, reason);
}

CriterionResult scoreLeadershipChange(const LeadershipCriterion& rule,
                                      const ProspectProfile& profile,
                                      const ScoringContext& context) {
    struct Flag {
        bool wanted;
        std::optional<bool> fact;
        const char* name;
        const std::string& path;
    };
    const Flag flags[] = {{rule.newCeo, profile.newCeo, "CEO", fact_path::kNewCeo},
                          {rule.newCro, profile.newCro, "CRO", fact_path::kNewCro}};
    std::vector<std::string> wanted, changed, changedPaths, knownPaths;
    bool allKnown = true;
    for (const auto& flag : flags) {
        if (!flag.wanted) continue;
        wanted.push_back(flag.name);
        if (flag.fact == true) {
            changed.push_back(flag.name);
            changedPaths.push_back(flag.path);
        }
        if (flag.fact) knownPaths.push_back(flag.path);
        allKnown = allKnown && flag.fact.has_value();
    }
    std::string wantedText = "a new " + domain::joined(wanted, " or ");
    auto result = [&](Outcome outcome, const std::string& reason,
                      const std::vector<std::string>& paths) {
        return basedOn(judged("leadershipChange", rule.weight, outcome, reason, context), profile,
                       paths);
    };
    if (!changed.empty()) {
        return result(Outcome::Match,
                      described(profile, changedPaths.front(),
                                "has a new " + domain::joined(changed, " and ")),
                      changedPaths);
    }
    if (allKnown) {
        return result(Outcome::Miss,
                      described(profile, knownPaths.front(),
                                "no " + domain::joined(wanted, " or ") + " change"),
                      knownPaths);
    }
    return result(Outcome::Unknown, "no leadership change data; wanted " + wantedText, {});
}

CriterionResult scoreEmployeeGrowth(const GrowthCriterion& rule, const ProspectProfile& profile,
                                    const ScoringContext& context) {
    return scoreGrowth("employeeGrowth", "employee growth", rule, profile, profile.employeeGrowth,
                       fact_path::kEmployeeGrowth, context);
}

CriterionResult scoreRevenueGrowth(const GrowthCriterion& rule, const ProspectProfile& profile,
                                   const ScoringContext& context) {
    return scoreGrowth("revenueGrowth", "revenue growth", rule, profile, profile.revenueGrowth,
                       fact_path::kRevenueGrowth, context);
}

}  // namespace lodestone::outreach::icp
