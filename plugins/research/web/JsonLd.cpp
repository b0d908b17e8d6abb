#include "JsonLd.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <cmath>
#include <functional>

#include "Text.hpp"

namespace lodestone::research_web {
namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

constexpr std::size_t kMaxItems = 200;  // of each kind, over all blocks
constexpr int kMaxDepth = 12;
constexpr std::size_t kMaxVisits = 5000;  // values looked at per block

const std::vector<std::string> kOrganizationTypes = {"Organization",
                                                     "Corporation",
                                                     "LocalBusiness",
                                                     "OnlineBusiness",
                                                     "ProfessionalService",
                                                     "NGO",
                                                     "EducationalOrganization",
                                                     "GovernmentOrganization",
                                                     "MedicalOrganization",
                                                     "SportsOrganization",
                                                     "NewsMediaOrganization"};
const std::vector<std::string> kArticleTypes = {"Article",     "BlogPosting", "NewsArticle",
                                                "TechArticle", "Report",      "PressRelease"};

bool isObject(const Var& value) {
    return value.type() == typeid(Object::Ptr);
}
bool isArray(const Var& value) {
    return value.type() == typeid(Array::Ptr);
}

// "schema:JobPosting", "https://schema.org/JobPosting" -> "JobPosting".
std::string bareType(std::string type) {
    const std::size_t cut = type.find_last_of("/:#");
    return cut == std::string::npos ? type : type.substr(cut + 1);
}

std::vector<std::string> typesOf(const Object& object) {
    std::vector<std::string> types;
    if (!object.has("@type")) return types;
    const Var type = object.get("@type");
    if (type.isString()) types.push_back(bareType(type.extract<std::string>()));
    if (isArray(type)) {
        for (const auto& item : *type.extract<Array::Ptr>()) {
            if (item.isString()) types.push_back(bareType(item.extract<std::string>()));
        }
    }
    return types;
}

bool hasType(const std::vector<std::string>& types, const std::vector<std::string>& wanted) {
    for (const auto& type : types) {
        for (const auto& one : wanted) {
            if (type == one) return true;
        }
    }
    return false;
}

// A text value: a string, a number, or an object's name ({"@type": "Country", "name": "MT"}).
std::string text(const Object& object, const std::string& key, std::size_t maxChars = 300) {
    if (!object.has(key)) return "";
    Var value = object.get(key);
    if (isArray(value)) {
        const auto array = value.extract<Array::Ptr>();
        if (array->size() == 0) return "";
        value = array->get(0);
    }
    if (isObject(value)) {
        const auto inner = value.extract<Object::Ptr>();
        return inner->has("name") ? text(*inner, "name", maxChars) : "";
    }
    if (value.isString() || value.isNumeric()) {
        return cut(collapseWhitespace(validUtf8(value.convert<std::string>())), maxChars);
    }
    return "";
}

std::optional<long> wholeNumber(const Var& value) {
    try {
        if (value.isString()) {
            const std::string digits = trim(value.extract<std::string>());
            if (digits.empty() || digits.size() > 9 ||
                digits.find_first_not_of("0123456789") != std::string::npos) {
                return std::nullopt;
            }
            return std::stol(digits);
        }
        if (value.isNumeric()) {
            const double number = value.convert<double>();
            if (std::isfinite(number) && number >= 0 && number < 1e9) {
                return static_cast<long>(number);
            }
        }
    } catch (const Poco::Exception&) {
    }
    return std::nullopt;
}

void readEmployees(const Object& object, Organization& organization) {
    if (!object.has("numberOfEmployees")) return;
    const Var value = object.get("numberOfEmployees");
    if (!isObject(value)) {
        organization.employeeCount = wholeNumber(value);
        return;
    }
    const auto quantity = value.extract<Object::Ptr>();
    if (quantity->has("value")) {
        organization.employeeCount = wholeNumber(quantity->get("value"));
        return;
    }
    // Plain numbers, -1 for none: GCC's -O2 flow analysis takes optionals compared here for
    // uninitialised.
    const long low =
        quantity->has("minValue") ? wholeNumber(quantity->get("minValue")).value_or(-1) : -1;
    const long high =
        quantity->has("maxValue") ? wholeNumber(quantity->get("maxValue")).value_or(-1) : -1;
    if (low >= 0 && high >= low) {
        organization.employeeRange = std::to_string(low) + "-" + std::to_string(high);
    } else if (low >= 0) {
        organization.employeeRange = std::to_string(low) + "+";
    }
}

void readAddress(const Object& object, Organization& organization) {
    if (!object.has("address")) return;
    Var address = object.get("address");
    if (isArray(address) && address.extract<Array::Ptr>()->size() > 0) {
        address = address.extract<Array::Ptr>()->get(0);
    }
    if (address.isString()) {
        organization.locality =
            cut(collapseWhitespace(validUtf8(address.extract<std::string>())), 200);
        return;
    }
    if (!isObject(address)) return;
    const auto postal = address.extract<Object::Ptr>();
    organization.locality = text(*postal, "addressLocality", 200);
    organization.region = text(*postal, "addressRegion", 200);
    organization.country = text(*postal, "addressCountry", 200);
}

Organization readOrganization(const Object& object, const std::string& type) {
    Organization organization;
    organization.type = type;
    organization.name = text(object, "name", 200);
    if (organization.name.empty()) organization.name = text(object, "legalName", 200);
    organization.description = text(object, "description", 1000);
    organization.url = text(object, "url", 500);
    organization.industry = text(object, "industry", 200);
    const std::string founded = text(object, "foundingDate", 40);
    if (founded.size() >= 4 &&
        founded.substr(0, 4).find_first_not_of("0123456789") == std::string::npos) {
        const int year = std::stoi(founded.substr(0, 4));
        if (year >= 1600 && year <= 2200) organization.foundedYear = year;
    }
    readEmployees(object, organization);
    readAddress(object, organization);
    if (object.has("sameAs")) {
        const Var sameAs = object.get("sameAs");
        if (sameAs.isString()) organization.sameAs.push_back(text(object, "sameAs", 500));
        if (isArray(sameAs)) {
            for (const auto& item : *sameAs.extract<Array::Ptr>()) {
                if (item.isString() && organization.sameAs.size() < 20) {
                    organization.sameAs.push_back(cut(validUtf8(item.extract<std::string>()), 500));
                }
            }
        }
    }
    return organization;
}

JobPosting readJob(const Object& object) {
    JobPosting job;
    job.title = text(object, "title", 200);
    job.department = text(object, "occupationalCategory", 200);
    if (job.department.empty()) job.department = text(object, "industry", 200);
    job.datePosted = text(object, "datePosted", 40);
    if (object.has("jobLocation") && isObject(object.get("jobLocation"))) {
        const auto place = object.getObject("jobLocation");
        if (place->has("address") && isObject(place->get("address"))) {
            const auto address = place->getObject("address");
            job.location = text(*address, "addressLocality", 200);
        }
    }
    if (object.has("jobLocationType") && job.location.empty()) {
        job.location = text(object, "jobLocationType", 40) == "TELECOMMUTE" ? "Remote" : "";
    }
    return job;
}

class Reader {
  public:
    explicit Reader(JsonLdFacts& facts) : facts_(facts) {}

    void visit(const Var& value, int depth) {
        if (depth > kMaxDepth || ++visits_ > kMaxVisits) return;
        if (isArray(value)) {
            for (const auto& item : *value.extract<Array::Ptr>()) visit(item, depth + 1);
            return;
        }
        if (!isObject(value)) return;
        const auto object = value.extract<Object::Ptr>();
        const auto types = typesOf(*object);
        if (hasType(types, kOrganizationTypes) && facts_.organizations.size() < kMaxItems) {
            facts_.organizations.push_back(readOrganization(*object, types.front()));
        } else if (hasType(types, {"JobPosting"}) && facts_.jobs.size() < kMaxItems) {
            facts_.jobs.push_back(readJob(*object));
        } else if (hasType(types, kArticleTypes) && facts_.articles.size() < kMaxItems) {
            facts_.articles.push_back(
                {text(*object, "headline", 200), text(*object, "datePublished", 40)});
        }
        // Entities nest: a WebPage's mainEntity, an ItemList's items, a @graph.
        for (const auto& [key, inner] : *object) {
            if (isObject(inner) || isArray(inner)) visit(inner, depth + 1);
        }
    }

  private:
    JsonLdFacts& facts_;
    std::size_t visits_ = 0;
};

}  // namespace

JsonLdFacts readJsonLd(const std::vector<std::string>& blocks) {
    JsonLdFacts facts;
    for (const auto& block : blocks) {
        Var root;
        try {
            Poco::JSON::Parser parser;
            parser.setDepth(kMaxDepth * 2);
            root = parser.parse(block);
        } catch (const std::exception&) {
            ++facts.unreadable;
            continue;
        }
        Reader(facts).visit(root, 0);
    }
    return facts;
}

}  // namespace lodestone::research_web
