#include "outreach/icp/ProspectProfile.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/String.h>

#include <cmath>

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

// A count or amount: the number, else a text kept for range parsing ("120", "51-200").
void readQuantity(const Object* company, const std::string& numberKey, const std::string& rangeKey,
                  std::optional<double>& number, std::optional<std::string>& range) {
    number = numberOf(company, numberKey);
    range = textOf(company, rangeKey);
    if (!number && !range) range = textOf(company, numberKey);
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

void readClientCompany(const Object* company, ProspectProfile& profile) {
    profile.industry = textOf(company, "industry");
    profile.subIndustry = textOf(company, "subIndustry");
    readQuantity(company, "employeeCount", "employeeRange", profile.employeeCount,
                 profile.employeeRange);
    readQuantity(company, "revenue", "revenueRange", profile.revenue, profile.revenueRange);
    profile.companyCountry = textOf(company, "country");
    profile.companyRegion = textOf(company, "region");
    profile.headquarters = textOf(company, "headquarters");
    profile.fundingStage = textOf(company, "fundingStage");
    profile.technologies = textsOf(company, "technologies");
    readSignals(objectOf(company, "signals"), profile);
}

void readResearchedCompany(const Object* company, ProspectProfile& profile) {
    profile.industry = textOf(company, "industry");
    profile.employeeRange = textOf(company, "sizeBand");
}

// research-basic says "unknown" when it has no title to go on.
std::optional<std::string> knownSeniority(const Object* person) {
    auto seniority = textOf(person, "seniority");
    if (seniority && Poco::icompare(*seniority, "unknown") == 0) return std::nullopt;
    return seniority;
}

template <typename T>
void fillGap(std::optional<T>& fact, std::optional<T> fallback) {
    if (!fact) fact = std::move(fallback);
}

}  // namespace

ProspectProfile profileOf(const Object& lead, const Object::Ptr& research) {
    ProspectProfile profile;
    const Object* researched = research.get();
    if (const Object* company = objectOf(&lead, "company")) {
        readClientCompany(company, profile);
    } else {
        readResearchedCompany(objectOf(researched, "company"), profile);
    }
    const Object* contact = objectOf(&lead, "contact");
    profile.title = textOf(&lead, "title");
    profile.seniority = knownSeniority(contact);
    profile.department = textOf(contact, "department");
    profile.contactCountry = textOf(contact, "country");
    const Object* person = objectOf(researched, "person");
    fillGap(profile.title, textOf(person, "title"));
    fillGap(profile.seniority, knownSeniority(person));
    fillGap(profile.department, textOf(person, "department"));
    return profile;
}

}  // namespace lodestone::outreach
