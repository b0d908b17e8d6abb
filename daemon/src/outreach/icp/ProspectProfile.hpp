#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <string>
#include <vector>

namespace lodestone::outreach {

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
};

// `lead`: the stored Add Lead body (companyName, title, company{...}, contact{...}).
// `research`: the research plugin's output ({"person": {...}, "company": {...}}), may be null.
// When the lead has a `company` object (even an empty one: the client chose to supply company
// data, which also skips automatic enrichment), company facts come only from it; otherwise from
// research (industry, and sizeBand as the employee range). Person facts: the lead's title,
// contact.seniority and contact.department win; research's person.title, seniority and department
// fill the gaps ("unknown" seniority is no seniority). Values of the wrong type are ignored; a
// numeric text in employeeCount or revenue is read as the range text.
ProspectProfile profileOf(const Poco::JSON::Object& lead, const Poco::JSON::Object::Ptr& research);

}  // namespace lodestone::outreach
