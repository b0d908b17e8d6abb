#include "outreach/icp/IcpCriteria.hpp"

#include <Poco/String.h>

#include "domain/JsonDocument.hpp"
#include "outreach/icp/Text.hpp"

namespace lodestone::outreach {
namespace {

using domain::MappingFields;

// Criteria nest three levels; the bound keeps a hostile document from exhausting the parser.
// A key the document names must hold a value: only `criteria:` and `signals:` may be left empty.
constexpr domain::DocumentOptions kDocument{32, domain::NullValue::Wrong};

// A rule the reader cannot check alone; parse() reports it like the reader's own problems.
[[noreturn]] void fail(const std::string& path, const std::string& problem) {
    throw domain::DocumentProblem(path, problem);
}

// Bounds no real criterion needs to exceed; they keep arithmetic on them safe.
constexpr int kMaxMonths = 1200;
constexpr int kMaxCount = 1'000'000;
constexpr double kMaxWeight = 1'000'000;

double readWeight(const MappingFields& reader) {
    return reader
        .number("weight", "a non-negative number (at most 1000000)",
                [](double n) { return n >= 0 && n <= kMaxWeight; })
        .value_or(1.0);
}

std::vector<std::string> requiredNames(const MappingFields& reader, const std::string& key,
                                       const std::string& example) {
    auto names = reader.names(key);
    if (!names) fail(reader.path(), "set " + key + ", e.g. " + key + ": " + example);
    return *names;
}

std::vector<IndustryEntry> industryEntries(const MappingFields& reader, const std::string& key) {
    std::vector<IndustryEntry> entries;
    auto names = reader.names(key);
    if (!names) return entries;
    for (std::size_t i = 0; i < names->size(); ++i) {
        const std::string& text = (*names)[i];
        IndustryEntry entry{text, std::nullopt, text};
        auto slash = text.find('/');
        if (slash != std::string::npos) {
            entry.industry = Poco::trim(text.substr(0, slash));
            std::string sub = Poco::trim(text.substr(slash + 1));
            if (entry.industry.empty() || sub.empty() || sub.find('/') != std::string::npos) {
                fail(reader.pathOf(key) + "[" + std::to_string(i) + "]",
                     "expected \"Industry\" or \"Industry/Sub-industry\", got " +
                         domain::describeJsonValue(text));
            }
            entry.subIndustry = sub;
        }
        entries.push_back(entry);
    }
    return entries;
}

IndustryCriterion readIndustries(const MappingFields& reader) {
    reader.allowOnly({"include", "exclude", "weight"});
    IndustryCriterion criterion{industryEntries(reader, "include"),
                                industryEntries(reader, "exclude"), readWeight(reader)};
    if (criterion.include.empty() && criterion.exclude.empty()) {
        fail(reader.path(), "set include or exclude, e.g. include: [Software]");
    }
    return criterion;
}

BoundsCriterion readBounds(const MappingFields& reader, const std::string& example) {
    reader.allowOnly({"min", "max", "weight"});
    auto nonNegative = [](double n) { return n >= 0; };
    BoundsCriterion criterion{reader.number("min", "a non-negative number", nonNegative),
                              reader.number("max", "a non-negative number", nonNegative),
                              readWeight(reader)};
    if (!criterion.min && !criterion.max) {
        fail(reader.path(), "set min, max or both, e.g. " + example);
    }
    if (criterion.min && criterion.max && *criterion.min > *criterion.max) {
        fail(reader.path(), "min " + icp::formatNumber(*criterion.min) + " is greater than max " +
                                icp::formatNumber(*criterion.max));
    }
    return criterion;
}

LocationCriterion readLocations(const MappingFields& reader) {
    reader.allowOnly({"countries", "regions", "weight"});
    LocationCriterion criterion{reader.names("countries").value_or(std::vector<std::string>{}),
                                reader.names("regions").value_or(std::vector<std::string>{}),
                                readWeight(reader)};
    if (criterion.countries.empty() && criterion.regions.empty()) {
        fail(reader.path(), "set countries, regions or both, e.g. countries: [US]");
    }
    return criterion;
}

NamesCriterion readNames(const MappingFields& reader, const std::string& key,
                         const std::string& example) {
    reader.allowOnly({key, "weight"});
    return NamesCriterion{requiredNames(reader, key, example), readWeight(reader)};
}

TechnologyCriterion readTechnologies(const MappingFields& reader) {
    reader.allowOnly({"any", "min_matches", "weight"});
    TechnologyCriterion criterion;
    criterion.any = requiredNames(reader, "any", "[Salesforce, HubSpot]");
    int listed = static_cast<int>(criterion.any.size());
    criterion.minMatches =
        static_cast<int>(reader
                             .integer("min_matches", 1, listed,
                                      "a whole number from 1 to the " + std::to_string(listed) +
                                          " technologies listed")
                             .value_or(1));
    criterion.weight = readWeight(reader);
    return criterion;
}

RecentFundingCriterion readRecentFunding(const MappingFields& reader) {
    reader.allowOnly({"within_months", "weight"});
    RecentFundingCriterion criterion;
    criterion.withinMonths = static_cast<int>(
        reader.integer("within_months", 0, kMaxMonths, "a whole number of months from 0 to 1200")
            .value_or(criterion.withinMonths));
    criterion.weight = readWeight(reader);
    return criterion;
}

HiringCriterion readHiring(const MappingFields& reader) {
    reader.allowOnly({"departments", "min_open_roles", "weight"});
    HiringCriterion criterion;
    criterion.departments = reader.names("departments").value_or(std::vector<std::string>{});
    criterion.minOpenRoles = static_cast<int>(
        reader.integer("min_open_roles", 1, kMaxCount).value_or(criterion.minOpenRoles));
    criterion.weight = readWeight(reader);
    return criterion;
}

LeadershipCriterion readLeadership(const MappingFields& reader) {
    reader.allowOnly({"new_ceo", "new_cro", "weight"});
    LeadershipCriterion criterion{reader.boolean("new_ceo").value_or(false),
                                  reader.boolean("new_cro").value_or(false), readWeight(reader)};
    if (!criterion.newCeo && !criterion.newCro) {
        fail(reader.path(), "set new_ceo: true, new_cro: true or both");
    }
    return criterion;
}

GrowthCriterion readGrowth(const MappingFields& reader) {
    reader.allowOnly({"above", "weight"});
    auto above =
        reader.number("above", "a number (a fraction: 0.2 is 20%)", [](double) { return true; });
    if (!above) fail(reader.path(), "set above, e.g. above: 0.2 (growth above 20%)");
    return GrowthCriterion{*above, readWeight(reader)};
}

void readSignals(const MappingFields& reader, IcpCriterionSet& set) {
    reader.allowOnly(
        {"recent_funding", "hiring", "leadership_change", "employee_growth", "revenue_growth"});
    if (auto m = reader.mapping("recent_funding")) set.recentFunding = readRecentFunding(*m);
    if (auto m = reader.mapping("hiring")) set.hiring = readHiring(*m);
    if (auto m = reader.mapping("leadership_change")) set.leadershipChange = readLeadership(*m);
    if (auto m = reader.mapping("employee_growth")) set.employeeGrowth = readGrowth(*m);
    if (auto m = reader.mapping("revenue_growth")) set.revenueGrowth = readGrowth(*m);
}

IcpCriterionSet readCriteria(const MappingFields& reader) {
    reader.allowOnly({"industries", "employees", "revenue", "locations", "funding_stages",
                      "technologies", "title_keywords", "seniority", "departments", "signals"});
    IcpCriterionSet set;
    if (auto m = reader.mapping("industries")) set.industries = readIndustries(*m);
    if (auto m = reader.mapping("employees")) set.employees = readBounds(*m, "min: 50");
    if (auto m = reader.mapping("revenue")) set.revenue = readBounds(*m, "min: 1000000");
    if (auto m = reader.mapping("locations")) set.locations = readLocations(*m);
    if (auto m = reader.mapping("funding_stages")) {
        set.fundingStages = readNames(*m, "include", "[Seed, Series A]");
    }
    if (auto m = reader.mapping("technologies")) set.technologies = readTechnologies(*m);
    if (auto m = reader.mapping("title_keywords")) {
        set.titleKeywords = readNames(*m, "any", "[VP, Head, Director]");
    }
    if (auto m = reader.mapping("seniority")) {
        set.seniority = readNames(*m, "include", "[vp, director, c_level]");
    }
    if (auto m = reader.mapping("departments")) {
        set.departments = readNames(*m, "include", "[sales, marketing]");
    }
    if (auto m = reader.mappingOrEmpty("signals")) readSignals(*m, set);
    return set;
}

}  // namespace

IcpCriteria IcpCriteria::parse(const std::string& json) {
    try {
        auto root = domain::readJsonDocument(json, kDocument);
        root.allowOnly({"threshold", "unknown_credit", "criteria"});
        IcpCriteria criteria;
        criteria.threshold_ =
            static_cast<int>(root.integer("threshold", 0, 100).value_or(kDefaultThreshold));
        criteria.unknownCredit_ = root.number("unknown_credit", "a number from 0 to 1",
                                              [](double n) { return n >= 0 && n <= 1; })
                                      .value_or(kDefaultUnknownCredit);
        if (auto m = root.mappingOrEmpty("criteria")) criteria.criteria_ = readCriteria(*m);
        return criteria;
    } catch (const domain::DocumentProblem& e) {
        throw IcpError(e.path(), e.problem());
    }
}

IcpCriteria IcpCriteria::none() {
    return IcpCriteria();
}

bool IcpCriteria::empty() const {
    const auto& c = criteria_;
    return !c.industries && !c.employees && !c.revenue && !c.locations && !c.fundingStages &&
           !c.technologies && !c.titleKeywords && !c.seniority && !c.departments &&
           !c.recentFunding && !c.hiring && !c.leadershipChange && !c.employeeGrowth &&
           !c.revenueGrowth;
}

}  // namespace lodestone::outreach
