#pragma once

#include <Poco/JSON/Object.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lodestone::outreach {

// How scoring knows a fact (docs/icp.md): the client sent it, research read it from a source
// (a web page), or research deduced it (an industry from the company's name).
enum class Evidence { Client, Research, Inferred };

// "client", "research", "inferred".
std::string_view toString(Evidence evidence);

// Where one fact came from: for the client's facts the Add Lead field ("company.industry"); for
// research's, what its evidence map says (a page URL, or the field and words it came from).
struct FactSource {
    Evidence evidence = Evidence::Client;
    std::string source;
};

// What a company says about its hiring (company.signals.hiringSignals).
struct HiringFacts {
    std::optional<bool> isHiring{};
    std::optional<double> openRoles{};
    std::optional<std::vector<std::string>> departments{};
};

// What scoring knows about a prospect. Every fact is optional: a missing one makes the criteria
// that need it "unknown". Strings are trimmed and never empty. The `{}` initialisers let callers
// write designated initialisers naming only the facts they have.
struct ProspectProfile {
    // Company.
    std::optional<std::string> industry{};
    std::optional<std::string> subIndustry{};
    std::optional<double> employeeCount{};
    std::optional<std::string> employeeRange{};  // "51-200"; also research's sizeBand
    std::optional<double> revenue{};
    std::optional<std::string> revenueRange{};  // "$1M-$10M"
    std::optional<std::string> companyCountry{};
    std::optional<std::string> companyRegion{};
    std::optional<std::string> headquarters{};
    std::optional<std::string> fundingStage{};
    std::optional<std::vector<std::string>> technologies{};  // an empty list is known: none
    // Company signals.
    std::optional<std::string> fundingDate{};   // signals.recentFunding.date, "YYYY-MM"
    std::optional<std::string> fundingRound{};  // signals.recentFunding.round
    std::optional<HiringFacts> hiring{};
    std::optional<bool> newCeo{};
    std::optional<bool> newCro{};
    std::optional<double> employeeGrowth{};  // fraction: 0.2 is 20%
    std::optional<double> revenueGrowth{};
    // Person.
    std::optional<std::string> title{};
    std::optional<std::string> seniority{};
    std::optional<std::string> department{};
    std::optional<std::string> contactCountry{};
    // Where each known fact came from, by its Add Lead path ("company.industry",
    // "company.signals.hiringSignals", "contact.seniority", "title"; fact_path below).
    std::map<std::string, FactSource> sources{};

    // The recorded source of the fact at `path`; a fact without one was sent by the client, so
    // tests and callers that build a profile by hand need not say so.
    FactSource sourceOf(const std::string& path) const;
};

// The Add Lead paths of the profile's facts, which name them in `sources` and in research's
// evidence map.
namespace fact_path {
inline const std::string kIndustry = "company.industry";
inline const std::string kSubIndustry = "company.subIndustry";
inline const std::string kEmployeeCount = "company.employeeCount";
inline const std::string kEmployeeRange = "company.employeeRange";
inline const std::string kRevenue = "company.revenue";
inline const std::string kRevenueRange = "company.revenueRange";
inline const std::string kCompanyCountry = "company.country";
inline const std::string kCompanyRegion = "company.region";
inline const std::string kHeadquarters = "company.headquarters";
inline const std::string kFundingStage = "company.fundingStage";
inline const std::string kTechnologies = "company.technologies";
inline const std::string kFundingDate = "company.signals.recentFunding.date";
inline const std::string kFundingRound = "company.signals.recentFunding.round";
inline const std::string kHiring = "company.signals.hiringSignals";
inline const std::string kNewCeo = "company.signals.leadershipChanges.newCeo";
inline const std::string kNewCro = "company.signals.leadershipChanges.newCro";
inline const std::string kEmployeeGrowth = "company.signals.growthIndicators.employeeGrowth";
inline const std::string kRevenueGrowth = "company.signals.growthIndicators.revenueGrowth";
inline const std::string kTitle = "title";
inline const std::string kSeniority = "contact.seniority";
inline const std::string kDepartment = "contact.department";
inline const std::string kContactCountry = "contact.country";
}  // namespace fact_path

// `lead`: the stored Add Lead body (companyName, title, company{...}, contact{...}).
// `research`: the research plugin's output (docs/plugins.md), may be null.
// When the lead has a `company` object (even an empty one: the client chose to supply company
// data, which also skips automatic enrichment), company facts come only from it; otherwise from
// research: its `profile.company` (in the Add Lead shape), then the older company.industry and
// company.sizeBand (as the employee range). Person facts: the lead's title, contact.seniority,
// contact.department and contact.country win; research's profile.contact, then person.title,
// seniority and department fill the gaps ("unknown" seniority is no seniority). Every fact's
// source is recorded: the client's field, or research's evidence map entry for the value (a value
// without one counts as researched). Values of the wrong type are ignored; a numeric text in
// employeeCount or revenue is read as the range text.
ProspectProfile profileOf(const Poco::JSON::Object& lead, const Poco::JSON::Object::Ptr& research);

}  // namespace lodestone::outreach
