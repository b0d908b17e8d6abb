#include "outreach/icp/ProspectProfile.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/String.h>

#include <cmath>
#include <functional>
#include <tuple>

#include "outreach/icp/ResearchEvidence.hpp"

namespace lodestone::outreach {
namespace {

using Poco::JSON::Object;

Poco::Dynamic::Var valueOf(const Object* object, const std::string& key) {
    return object && object->has(key) ? object->get(key) : Poco::Dynamic::Var();
}

const Object* objectOf(const Object* object, const std::string& key) {
    auto value = valueOf(object, key);
    if (value.type() != typeid(Object::Ptr)) return nullptr;
    return value.extract<Object::Ptr>().get();
}

std::optional<std::string> textOf(const Object* object, const std::string& key) {
    auto value = valueOf(object, key);
    if (!value.isString()) return std::nullopt;
    std::string text = Poco::trim(value.extract<std::string>());
    if (text.empty()) return std::nullopt;
    return text;
}

std::optional<double> numberOf(const Object* object, const std::string& key) {
    auto value = valueOf(object, key);
    if (value.isEmpty() || value.isBoolean() || !value.isNumeric()) return std::nullopt;
    double number = value.convert<double>();
    if (!std::isfinite(number)) return std::nullopt;
    return number;
}

std::optional<bool> flagOf(const Object* object, const std::string& key) {
    auto value = valueOf(object, key);
    if (value.isEmpty() || !value.isBoolean()) return std::nullopt;
    return value.convert<bool>();
}

std::optional<std::vector<std::string>> textsOf(const Object* object, const std::string& key) {
    auto value = valueOf(object, key);
    if (value.type() != typeid(Poco::JSON::Array::Ptr)) return std::nullopt;
    auto array = value.extract<Poco::JSON::Array::Ptr>();
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < array->size(); ++i) {
        auto element = array->get(static_cast<unsigned>(i));
        if (!element.isString()) continue;
        std::string text = Poco::trim(element.extract<std::string>());
        if (!text.empty()) texts.push_back(text);
    }
    return texts;
}

// A count or amount: the number, else a text kept for range parsing ("120", "51-200"). Returns
// the key the range text came from.
std::string readQuantity(const Object* company, const std::string& numberKey,
                         const std::string& rangeKey, std::optional<double>& number,
                         std::optional<std::string>& range) {
    number = numberOf(company, numberKey);
    range = textOf(company, rangeKey);
    if (!number && !range) {
        range = textOf(company, numberKey);
        return numberKey;
    }
    return rangeKey;
}

void readSignals(const Object* signals, ProspectProfile& profile) {
    const Object* funding = objectOf(signals, "recentFunding");
    profile.fundingDate = textOf(funding, "date");
    profile.fundingRound = textOf(funding, "round");
    if (const Object* hiring = objectOf(signals, "hiringSignals")) {
        profile.hiring = HiringFacts{flagOf(hiring, "isHiring"), numberOf(hiring, "openRoles"),
                                     textsOf(hiring, "departments")};
    }
    const Object* leadership = objectOf(signals, "leadershipChanges");
    profile.newCeo = flagOf(leadership, "newCeo");
    profile.newCro = flagOf(leadership, "newCro");
    const Object* growth = objectOf(signals, "growthIndicators");
    profile.employeeGrowth = numberOf(growth, "employeeGrowth");
    profile.revenueGrowth = numberOf(growth, "revenueGrowth");
}

// Where a value at an Add Lead path came from; `location` is where it was read ("company.industry"
// of the client's body, "profile.company.industry" of research's output).
using SourceOf = std::function<FactSource(const std::string& path, const std::string& location)>;

// The company facts of an object in the Add Lead shape (the client's `company`, or research's
// `profile.company`), each with its source. `prefix` is the object's place in its document.
void readCompany(const Object* company, const std::string& prefix, const SourceOf& sourceOf,
                 ProspectProfile& profile) {
    namespace path = fact_path;
    profile.industry = textOf(company, "industry");
    profile.subIndustry = textOf(company, "subIndustry");
    const std::string employees = readQuantity(company, "employeeCount", "employeeRange",
                                               profile.employeeCount, profile.employeeRange);
    const std::string revenue =
        readQuantity(company, "revenue", "revenueRange", profile.revenue, profile.revenueRange);
    profile.companyCountry = textOf(company, "country");
    profile.companyRegion = textOf(company, "region");
    profile.headquarters = textOf(company, "headquarters");
    profile.fundingStage = textOf(company, "fundingStage");
    profile.technologies = textsOf(company, "technologies");
    readSignals(objectOf(company, "signals"), profile);

    const auto& p = profile;
    const std::pair<const std::string&, bool> known[] = {
        {path::kIndustry, p.industry.has_value()},
        {path::kSubIndustry, p.subIndustry.has_value()},
        {path::kEmployeeCount, p.employeeCount.has_value()},
        {path::kRevenue, p.revenue.has_value()},
        {path::kCompanyCountry, p.companyCountry.has_value()},
        {path::kCompanyRegion, p.companyRegion.has_value()},
        {path::kHeadquarters, p.headquarters.has_value()},
        {path::kFundingStage, p.fundingStage.has_value()},
        {path::kTechnologies, p.technologies.has_value()},
        {path::kFundingDate, p.fundingDate.has_value()},
        {path::kFundingRound, p.fundingRound.has_value()},
        {path::kHiring, p.hiring.has_value()},
        {path::kNewCeo, p.newCeo.has_value()},
        {path::kNewCro, p.newCro.has_value()},
        {path::kEmployeeGrowth, p.employeeGrowth.has_value()},
        {path::kRevenueGrowth, p.revenueGrowth.has_value()},
    };
    for (const auto& [factPath, isKnown] : known) {
        if (isKnown) profile.sources[factPath] = sourceOf(factPath, prefix + factPath);
    }
    // The range text may be a count written as text: its source is then the count's field.
    if (p.employeeRange) {
        profile.sources[path::kEmployeeRange] =
            sourceOf("company." + employees, prefix + "company." + employees);
    }
    if (p.revenueRange) {
        profile.sources[path::kRevenueRange] =
            sourceOf("company." + revenue, prefix + "company." + revenue);
    }
}

// research-basic says "unknown" when it has no title to go on.
std::optional<std::string> knownSeniority(const Object* person) {
    auto seniority = textOf(person, "seniority");
    if (seniority && Poco::icompare(*seniority, "unknown") == 0) return std::nullopt;
    return seniority;
}

// Sets a fact nothing has set yet, with its source.
template <typename T>
void fillGap(ProspectProfile& profile, std::optional<T>& fact, std::optional<T> value,
             const std::string& path, FactSource source) {
    if (fact || !value) return;
    fact = std::move(value);
    profile.sources[path] = std::move(source);
}

FactSource fromClient(const std::string&, const std::string& location) {
    return {Evidence::Client, location};
}

}  // namespace

std::string_view toString(Evidence evidence) {
    switch (evidence) {
        case Evidence::Client:
            return "client";
        case Evidence::Research:
            return "research";
        case Evidence::Inferred:
            return "inferred";
    }
    return "research";
}

FactSource ProspectProfile::sourceOf(const std::string& path) const {
    auto found = sources.find(path);
    if (found != sources.end()) return found->second;
    return {Evidence::Client, path};
}

ProspectProfile profileOf(const Object& lead, const Object::Ptr& research) {
    namespace path = fact_path;
    ProspectProfile profile;
    const Object* researched = research.get();
    const Object* found = objectOf(researched, "profile");
    const ResearchEvidence evidence(objectOf(researched, "evidence"));
    const SourceOf fromResearch = [&](const std::string& factPath, const std::string& location) {
        return evidence.of(factPath, location);
    };
    if (const Object* company = objectOf(&lead, "company")) {
        readCompany(company, "", fromClient, profile);
        // What the client's company data leaves out, research read from the client's own words
        // (its notes, the company's name): a company object holding only a head count must not
        // hide an excluded industry the notes name.
        ProspectProfile researched;
        readCompany(objectOf(found, "company"), "profile.", fromResearch, researched);
        fillGap(profile, profile.industry, researched.industry, path::kIndustry,
                researched.sourceOf(path::kIndustry));
        if (!profile.employeeCount && !profile.employeeRange) {
            fillGap(profile, profile.employeeCount, researched.employeeCount, path::kEmployeeCount,
                    researched.sourceOf(path::kEmployeeCount));
            fillGap(profile, profile.employeeRange, researched.employeeRange, path::kEmployeeRange,
                    researched.sourceOf(path::kEmployeeRange));
        }
    } else {
        readCompany(objectOf(found, "company"), "profile.", fromResearch, profile);
        // Research plugins written before `profile` report these two only.
        const Object* older = objectOf(researched, "company");
        fillGap(profile, profile.industry, textOf(older, "industry"), path::kIndustry,
                evidence.of(path::kIndustry, "company.industry"));
        fillGap(profile, profile.employeeRange, textOf(older, "sizeBand"), path::kEmployeeRange,
                evidence.of(path::kEmployeeRange, "company.sizeBand"));
    }

    const Object* contact = objectOf(&lead, "contact");
    fillGap(profile, profile.title, textOf(&lead, "title"), path::kTitle,
            fromClient(path::kTitle, "title"));
    for (auto [fact, key, value] :
         {std::tuple{&profile.seniority, "seniority", knownSeniority(contact)},
          std::tuple{&profile.department, "department", textOf(contact, "department")},
          std::tuple{&profile.contactCountry, "country", textOf(contact, "country")}}) {
        const std::string factPath = std::string("contact.") + key;
        fillGap(profile, *fact, value, factPath, fromClient(factPath, factPath));
    }
    const Object* foundContact = objectOf(found, "contact");
    for (auto [fact, key, value] :
         {std::tuple{&profile.seniority, "seniority", knownSeniority(foundContact)},
          std::tuple{&profile.department, "department", textOf(foundContact, "department")},
          std::tuple{&profile.contactCountry, "country", textOf(foundContact, "country")}}) {
        const std::string factPath = std::string("contact.") + key;
        fillGap(profile, *fact, value, factPath, evidence.of(factPath, "profile." + factPath));
    }
    // The older person object: title, seniority and department.
    const Object* person = objectOf(researched, "person");
    fillGap(profile, profile.title, textOf(person, "title"), path::kTitle,
            evidence.of(path::kTitle, "person.title"));
    fillGap(profile, profile.seniority, knownSeniority(person), path::kSeniority,
            evidence.of(path::kSeniority, "person.seniority"));
    fillGap(profile, profile.department, textOf(person, "department"), path::kDepartment,
            evidence.of(path::kDepartment, "person.department"));
    return profile;
}

}  // namespace lodestone::outreach
