#include <algorithm>
#include <cmath>
#include <functional>

#include "domain/JsonDocument.hpp"
#include "domain/Text.hpp"
#include "outreach/icp/CriterionRules.hpp"
#include "outreach/icp/Locations.hpp"
#include "outreach/icp/Ranges.hpp"
#include "outreach/icp/Text.hpp"
#include "outreach/icp/Vocabulary.hpp"

namespace lodestone::outreach::icp {
namespace {

using Outcome = CriterionOutcome;

// Industries compare as the vocabulary names them, so that a client's "iGaming" is the Gambling a
// campaign excludes, and an entry takes in the industries under it: "Education" names "Higher
// Education".
Outcome entryFit(const IndustryEntry& entry, const ProspectProfile& profile,
                 const vocabulary::Vocabulary& vocabulary) {
    const std::string wanted = industryKey(vocabulary, entry.industry);
    auto same = [&](const std::optional<std::string>& fact, const std::string& key) {
        return fact && industryKey(vocabulary, *fact) == key;
    };
    auto within = [&](const std::optional<std::string>& fact) {
        return same(fact, wanted) || (fact && industryParentKey(vocabulary, *fact) == wanted);
    };
    if (!entry.subIndustry) {
        // A plain entry also names a sub-industry: "Gambling" excludes Entertainment/Gambling.
        bool named = within(profile.industry) || same(profile.subIndustry, wanted);
        return named ? Outcome::Match : Outcome::Miss;
    }
    bool industry = within(profile.industry);
    bool sub = profile.subIndustry && nameKey(*profile.subIndustry) == nameKey(*entry.subIndustry);
    if (industry && sub) return Outcome::Match;
    if ((industry && !profile.subIndustry) || (sub && !profile.industry)) return Outcome::Partial;
    return Outcome::Miss;
}

std::string entriesText(const std::vector<IndustryEntry>& entries) {
    std::vector<std::string> texts;
    for (const auto& entry : entries) texts.push_back(entry.text);
    return domain::joined(texts);
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

// A count and the range text used without it, each with its path in the profile.
struct Quantity {
    std::string noun;  // "employee count"
    std::optional<double> number;
    const std::string& numberPath;
    std::string rangeNoun;  // "employee range"
    const std::optional<std::string>& rangeText;
    const std::string& rangePath;
};

CriterionResult scoreQuantity(const std::string& criterion, const Quantity& quantity,
                              const BoundsCriterion& rule, const ProspectProfile& profile,
                              const std::function<std::string(double)>& format,
                              const ScoringContext& context) {
    std::string bounds = boundsText(rule, format);
    const auto& number = quantity.number;
    const auto& rangeText = quantity.rangeText;
    const std::string& usedPath = number ? quantity.numberPath : quantity.rangePath;
    auto result = [&](Outcome outcome, const std::string& reason, double share = kHalfCredit) {
        std::vector<std::string> paths;
        if (number || rangeText) paths.push_back(usedPath);
        return basedOn(judged(criterion, rule.weight, outcome, reason, context, share), profile,
                       paths);
    };
    if (number) {
        bool inside = *number >= rule.min.value_or(0) && (!rule.max || *number <= *rule.max);
        return result(inside ? Outcome::Match : Outcome::Miss,
                      described(profile, usedPath, quantity.noun + " " + format(*number)) +
                          (inside ? " is within " : " is outside ") + bounds);
    }
    if (!rangeText) {
        return result(Outcome::Unknown,
                      "no " + quantity.noun + " or " + quantity.rangeNoun + " known");
    }
    auto range = parseRange(*rangeText);
    std::string subject = described(profile, usedPath, quantity.rangeNoun + " " + *rangeText);
    if (!range) {
        return result(Outcome::Unknown,
                      described(profile, usedPath,
                                quantity.rangeNoun + " " + domain::describeJsonValue(*rangeText)) +
                          " could not be read as a range");
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
    const std::string& path;  // in the profile
};

std::vector<LocationFact> locationFacts(const LocationTargets& targets,
                                        const ProspectProfile& profile) {
    std::vector<LocationFact> facts;
    namespace path = fact_path;
    auto label = [&](const std::string& factPath, const std::string& text) {
        return described(profile, factPath, text);
    };
    if (profile.companyCountry) {
        facts.push_back({label(path::kCompanyCountry, "company country " + *profile.companyCountry),
                         targets.country(*profile.companyCountry), path::kCompanyCountry});
    }
    if (profile.companyRegion) {
        facts.push_back({label(path::kCompanyRegion, "company region " + *profile.companyRegion),
                         targets.region(*profile.companyRegion), path::kCompanyRegion});
    }
    if (profile.contactCountry) {
        facts.push_back({label(path::kContactCountry, "contact country " + *profile.contactCountry),
                         targets.country(*profile.contactCountry), path::kContactCountry});
    }
    // An address counts only through the countries it names; "Springfield" tells nothing.
    if (profile.headquarters) {
        for (const auto& country : targets.countriesIn(*profile.headquarters)) {
            facts.push_back({label(path::kHeadquarters, "headquarters " + *profile.headquarters),
                             targets.country(country), path::kHeadquarters});
        }
    }
    return facts;
}

}  // namespace

CriterionResult scoreIndustry(const IndustryCriterion& rule, const ProspectProfile& profile,
                              const ScoringContext& context) {
    std::vector<std::string> paths;
    if (profile.industry) paths.push_back(fact_path::kIndustry);
    if (profile.subIndustry) paths.push_back(fact_path::kSubIndustry);
    auto result = [&](Outcome outcome, const std::string& reason) {
        return basedOn(judged("industry", rule.weight, outcome, reason, context), profile, paths);
    };
    if (!profile.industry && !profile.subIndustry) {
        return result(Outcome::Unknown,
                      "no industry known; wanted " + (rule.include.empty()
                                                          ? "none of " + entriesText(rule.exclude)
                                                          : entriesText(rule.include)));
    }
    std::string subject = described(profile, paths.front(), "industry " + industryText(profile));
    for (const auto& entry : rule.exclude) {
        if (entryFit(entry, profile, context.vocabulary) == Outcome::Match) {
            return result(Outcome::Excluded, subject + " is excluded by " + entry.text);
        }
    }
    if (rule.include.empty()) {
        return result(Outcome::Match,
                      subject + " is not among the excluded " + entriesText(rule.exclude));
    }
    const IndustryEntry* partial = nullptr;
    for (const auto& entry : rule.include) {
        auto fit = entryFit(entry, profile, context.vocabulary);
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
    return scoreQuantity("employees",
                         {"employee count", profile.employeeCount, fact_path::kEmployeeCount,
                          "employee range", profile.employeeRange, fact_path::kEmployeeRange},
                         rule, profile, formatCount, context);
}

CriterionResult scoreRevenue(const BoundsCriterion& rule, const ProspectProfile& profile,
                             const ScoringContext& context) {
    return scoreQuantity("revenue",
                         {"revenue", profile.revenue, fact_path::kRevenue, "revenue range",
                          profile.revenueRange, fact_path::kRevenueRange},
                         rule, profile, formatMoney, context);
}

CriterionResult scoreLocation(const LocationCriterion& rule, const ProspectProfile& profile,
                              const ScoringContext& context) {
    std::vector<std::string> wanted = rule.countries;
    wanted.insert(wanted.end(), rule.regions.begin(), rule.regions.end());
    std::string target = domain::joined(wanted);
    auto result = [&](Outcome outcome, const std::string& reason,
                      const std::vector<std::string>& paths) {
        return basedOn(judged("location", rule.weight, outcome, reason, context), profile, paths);
    };
    auto facts = locationFacts(LocationTargets(rule), profile);
    if (facts.empty()) {
        if (profile.headquarters) {
            return result(Outcome::Unknown,
                          described(profile, fact_path::kHeadquarters,
                                    "headquarters " + *profile.headquarters) +
                              " names no known country; wanted " + target,
                          {fact_path::kHeadquarters});
        }
        return result(Outcome::Unknown, "no company or contact location known; wanted " + target,
                      {});
    }
    // The first fact that is targeted decides, else the first partly targeted.
    for (PlaceFit fit : {PlaceFit::Match, PlaceFit::Partial}) {
        for (const auto& fact : facts) {
            if (fact.fit != fit) continue;
            bool match = fit == PlaceFit::Match;
            return result(match ? Outcome::Match : Outcome::Partial,
                          fact.label + (match ? " is within " : " is partly within ") + target,
                          {fact.path});
        }
    }
    std::vector<std::string> labels;
    std::vector<std::string> paths;
    for (const auto& fact : facts) {
        if (std::find(labels.begin(), labels.end(), fact.label) == labels.end()) {
            labels.push_back(fact.label);
            paths.push_back(fact.path);
        }
    }
    return result(
        Outcome::Miss,
        domain::joined(labels) + (labels.size() == 1 ? " is" : " are") + " outside " + target,
        paths);
}

}  // namespace lodestone::outreach::icp
