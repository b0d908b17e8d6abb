#include <algorithm>
#include <cmath>
#include <functional>

#include "outreach/icp/CriterionRules.hpp"
#include "outreach/icp/DocumentReader.hpp"
#include "outreach/icp/Locations.hpp"
#include "outreach/icp/Ranges.hpp"
#include "outreach/icp/Text.hpp"

namespace lodestone::outreach::icp {
namespace {

using Outcome = CriterionOutcome;

Outcome entryFit(const IndustryEntry& entry, const ProspectProfile& profile) {
    auto same = [](const std::optional<std::string>& fact, const std::string& name) {
        return fact && nameKey(*fact) == nameKey(name);
    };
    if (!entry.subIndustry) {
        // A plain entry also names a sub-industry: "Gambling" excludes Entertainment/Gambling.
        bool named =
            same(profile.industry, entry.industry) || same(profile.subIndustry, entry.industry);
        return named ? Outcome::Match : Outcome::Miss;
    }
    bool industry = same(profile.industry, entry.industry);
    bool sub = same(profile.subIndustry, *entry.subIndustry);
    if (industry && sub) return Outcome::Match;
    if ((industry && !profile.subIndustry) || (sub && !profile.industry)) return Outcome::Partial;
    return Outcome::Miss;
}

std::string entriesText(const std::vector<IndustryEntry>& entries) {
    std::vector<std::string> texts;
    for (const auto& entry : entries) texts.push_back(entry.text);
    return joined(texts);
}

std::string industryText(const ProspectProfile& profile) {
    std::string text = profile.industry.value_or("unknown");
    if (profile.subIndustry) text += " (" + *profile.subIndustry + ")";
    return text;
}

std::string boundsText(const BoundsCriterion& rule, const std::function<std::string(double)>& f) {
    if (!rule.max) return f(rule.min.value_or(0)) + "+";
    return f(rule.min.value_or(0)) + "-" + f(*rule.max);
}

CriterionResult scoreQuantity(const std::string& criterion, const std::string& noun,
                              const std::string& rangeNoun, const BoundsCriterion& rule,
                              std::optional<double> number,
                              const std::optional<std::string>& rangeText,
                              const std::function<std::string(double)>& format,
                              const ScoringContext& context) {
    std::string bounds = boundsText(rule, format);
    auto result = [&](Outcome outcome, const std::string& reason, double share = kHalfCredit) {
        return judged(criterion, rule.weight, outcome, reason, context, share);
    };
    if (number) {
        bool inside = *number >= rule.min.value_or(0) && (!rule.max || *number <= *rule.max);
        return result(
            inside ? Outcome::Match : Outcome::Miss,
            noun + " " + format(*number) + (inside ? " is within " : " is outside ") + bounds);
    }
    if (!rangeText) return result(Outcome::Unknown, "no " + noun + " or " + rangeNoun + " known");
    auto range = parseRange(*rangeText);
    std::string subject = rangeNoun + " " + *rangeText;
    if (!range) {
        return result(Outcome::Unknown,
                      rangeNoun + " " + describe(*rangeText) + " could not be read as a range");
    }
    auto comparison = compareRange(*range, rule.min, rule.max);
    switch (comparison.fit) {
        case RangeFit::Inside:
            return result(Outcome::Match, subject + " is within " + bounds);
        case RangeFit::Outside:
            return result(Outcome::Miss, subject + " is outside " + bounds);
        case RangeFit::Overlaps:
            break;
    }
    if (!comparison.share) return result(Outcome::Partial, subject + " overlaps " + bounds);
    std::string percent = formatNumber(std::round(*comparison.share * 100));
    return result(Outcome::Partial,
                  subject + " overlaps " + bounds + " (" + percent + "% of the range inside)",
                  *comparison.share);
}

std::string formatCount(double value) {
    return formatNumber(value);
}

struct LocationFact {
    std::string label;  // "company country Germany"
    PlaceFit fit;
};

std::vector<LocationFact> locationFacts(const LocationTargets& targets,
                                        const ProspectProfile& profile) {
    std::vector<LocationFact> facts;
    if (profile.companyCountry) {
        facts.push_back({"company country " + *profile.companyCountry,
                         targets.country(*profile.companyCountry)});
    }
    if (profile.companyRegion) {
        facts.push_back(
            {"company region " + *profile.companyRegion, targets.region(*profile.companyRegion)});
    }
    if (profile.contactCountry) {
        facts.push_back({"contact country " + *profile.contactCountry,
                         targets.country(*profile.contactCountry)});
    }
    // An address counts only through the countries it names; "Springfield" tells nothing.
    if (profile.headquarters) {
        for (const auto& country : targets.countriesIn(*profile.headquarters)) {
            facts.push_back({"headquarters " + *profile.headquarters, targets.country(country)});
        }
    }
    return facts;
}

}  // namespace

CriterionResult scoreIndustry(const IndustryCriterion& rule, const ProspectProfile& profile,
                              const ScoringContext& context) {
    auto result = [&](Outcome outcome, const std::string& reason) {
        return judged("industry", rule.weight, outcome, reason, context);
    };
    if (!profile.industry && !profile.subIndustry) {
        return result(Outcome::Unknown,
                      "no industry known; wanted " + (rule.include.empty()
                                                          ? "none of " + entriesText(rule.exclude)
                                                          : entriesText(rule.include)));
    }
    std::string subject = "industry " + industryText(profile);
    for (const auto& entry : rule.exclude) {
        if (entryFit(entry, profile) == Outcome::Match) {
            return result(Outcome::Excluded, subject + " is excluded by " + entry.text);
        }
    }
    if (rule.include.empty()) {
        return result(Outcome::Match,
                      subject + " is not among the excluded " + entriesText(rule.exclude));
    }
    const IndustryEntry* partial = nullptr;
    for (const auto& entry : rule.include) {
        auto fit = entryFit(entry, profile);
        if (fit == Outcome::Match)
            return result(Outcome::Match, subject + " matches " + entry.text);
        if (fit == Outcome::Partial && !partial) partial = &entry;
    }
    if (partial) {
        std::string missing = profile.subIndustry ? "industry" : "sub-industry";
        return result(Outcome::Partial,
                      subject + " may match " + partial->text + ": its " + missing + " is unknown");
    }
    return result(Outcome::Miss, subject + " is not among " + entriesText(rule.include));
}

CriterionResult scoreEmployees(const BoundsCriterion& rule, const ProspectProfile& profile,
                               const ScoringContext& context) {
    return scoreQuantity("employees", "employee count", "employee range", rule,
                         profile.employeeCount, profile.employeeRange, formatCount, context);
}

CriterionResult scoreRevenue(const BoundsCriterion& rule, const ProspectProfile& profile,
                             const ScoringContext& context) {
    return scoreQuantity("revenue", "revenue", "revenue range", rule, profile.revenue,
                         profile.revenueRange, formatMoney, context);
}

CriterionResult scoreLocation(const LocationCriterion& rule, const ProspectProfile& profile,
                              const ScoringContext& context) {
    std::vector<std::string> wanted = rule.countries;
    wanted.insert(wanted.end(), rule.regions.begin(), rule.regions.end());
    std::string target = joined(wanted);
    auto result = [&](Outcome outcome, const std::string& reason) {
        return judged("location", rule.weight, outcome, reason, context);
    };
    auto facts = locationFacts(LocationTargets(rule), profile);
    if (facts.empty()) {
        std::string why = profile.headquarters
                              ? "headquarters " + *profile.headquarters + " names no known country"
                              : "no company or contact location known";
        return result(Outcome::Unknown, why + "; wanted " + target);
    }
    for (const auto& fact : facts) {
        if (fact.fit == PlaceFit::Match) {
            return result(Outcome::Match, fact.label + " is within " + target);
        }
    }
    for (const auto& fact : facts) {
        if (fact.fit == PlaceFit::Partial) {
            return result(Outcome::Partial, fact.label + " is partly within " + target);
        }
    }
    std::vector<std::string> labels;
    for (const auto& fact : facts) {
        if (std::find(labels.begin(), labels.end(), fact.label) == labels.end()) {
            labels.push_back(fact.label);
        }
    }
    return result(Outcome::Miss,
                  joined(labels) + (labels.size() == 1 ? " is" : " are") + " outside " + target);
}

}  // namespace lodestone::outreach::icp
