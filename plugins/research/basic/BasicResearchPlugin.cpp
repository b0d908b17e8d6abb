// research/basic: turns what the lead submitted into research facts, offline and
// deterministically: company domain and name, industry, size band, seniority and department.
// No network, no clock, no randomness: the same input always gives the same bytes.
#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <lodestone/plugin.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "Domains.hpp"
#include "Findings.hpp"
#include "Lead.hpp"

namespace lodestone::research_basic {
namespace {

Poco::JSON::Object::Ptr parseObject(const std::string& text, const char* what, bool inputProblem) {
    const auto fail = [&](const std::string& message) -> Poco::JSON::Object::Ptr {
        if (inputProblem) throw InputError(message);
        throw ConfigError(message);
    };
    try {
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));  // keep key order
        auto value = parser.parse(text);
        if (value.type() == typeid(Poco::JSON::Object::Ptr)) {
            return value.extract<Poco::JSON::Object::Ptr>();
        }
    } catch (const Poco::Exception& e) {
        return fail(std::string(what) + " is not JSON: " + e.displayText());
    }
    return fail(std::string(what) + " is not a JSON object");
}

Poco::JSON::Object::Ptr newObject() {
    return new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

// Absent findings are left out rather than written as null.
void setIf(Poco::JSON::Object& object, const char* key, const std::optional<std::string>& value) {
    if (value) object.set(key, *value);
}

Poco::JSON::Array::Ptr arrayOf(const std::vector<std::string>& items) {
    Poco::JSON::Array::Ptr array = new Poco::JSON::Array();
    for (const auto& item : items) array->add(item);
    return array;
}

std::string output(const PersonFindings& person, const CompanyFindings& company,
                   const Poco::JSON::Object::Ptr& custom, const std::vector<std::string>& facts,
                   const std::vector<std::string>& sources) {
    auto personJson = newObject();
    setIf(*personJson, "fullName", person.fullName);
    setIf(*personJson, "firstName", person.firstName);
    setIf(*personJson, "lastName", person.lastName);
    personJson->set("email", person.email);
    setIf(*personJson, "title", person.title);
    personJson->set("seniority", person.seniority);
    setIf(*personJson, "department", person.department);
    setIf(*personJson, "phone", person.phone);

    auto companyJson = newObject();
    setIf(*companyJson, "name", company.name);
    setIf(*companyJson, "domain", company.domain);
    setIf(*companyJson, "industry", company.industry);
    setIf(*companyJson, "sizeBand", company.sizeBand);
    setIf(*companyJson, "sizeCategory", company.sizeCategory);

    auto result = newObject();
    result->set("person", personJson);
    result->set("company", companyJson);
    result->set("custom", custom);
    result->set("facts", arrayOf(facts));
    result->set("sources", arrayOf(sources));
    std::ostringstream out;
    result->stringify(out);
    return out.str();
}

class BasicResearchPlugin {
  public:
    static constexpr const char* name = "basic";
    static constexpr lodestone_plugin_kind kind = LODESTONE_PLUGIN_RESEARCH;
    static constexpr const char* version = "1.0.0";
    static constexpr const char* description =
        "Offline research from the submitted lead alone: company domain and name, industry, "
        "size band, seniority and department. No network; deterministic.";
    static constexpr lodestone_config_key configKeys[] = {
        lodestone::optionalKey("free_mail_domains", LODESTONE_CONFIG_STRING_LIST, "[]",
                               "More free-mail domains whose addresses name no company, added "
                               "to the built-in list (example-mail.com; provider.* for every "
                               "country suffix)."),
    };

    explicit BasicResearchPlugin(lodestone::Host host) : host_(host) {}

    void configure(const std::string& configJson) {
        auto config = parseObject(configJson, "the config", false);
        std::vector<std::string> extra;
        if (auto list = config->getArray("free_mail_domains")) {
            for (std::size_t i = 0; i < list->size(); ++i) {
                extra.push_back(list->getElement<std::string>(static_cast<unsigned>(i)));
            }
        }
        try {
            freeMail_ = FreeMailDomains(extra);
        } catch (const std::invalid_argument& e) {
            throw ConfigError(std::string("free_mail_domains: ") + e.what());
        }
        host_.debug("configured with " + std::to_string(extra.size()) +
                    " extra free-mail domain(s)");
    }

    std::string run(lodestone::RunContext& context, const std::string& inputJson) const {
        context.progress(10, "reading the lead");
        const auto input = parseObject(inputJson, "the input", true);
        const Lead lead = readLead(input);
        context.throwIfCancelled();

        context.progress(40, "researching the company");
        Notes companyNotes;
        // A campaign lead whose client sent company data: that data is used as is, so the
        // company is not researched again (see docs/plugins.md).
        const CompanyFindings company = input->optValue("skipCompanyEnrichment", false)
                                            ? suppliedCompany(lead, companyNotes)
                                            : researchCompany(lead, freeMail_, companyNotes);
        context.throwIfCancelled();

        context.progress(70, "reading the job title");
        Notes personNotes;
        const PersonFindings person = researchPerson(lead, company, personNotes);
        context.throwIfCancelled();

        // The person first: the summary fact reads best at the top.
        std::vector<std::string> facts = personNotes.facts;
        facts.insert(facts.end(), companyNotes.facts.begin(), companyNotes.facts.end());
        if (lead.custom->size() > 0) {
            std::string names;
            for (const auto& key : lead.custom->getNames())
                names += (names.empty() ? "" : ", ") + key;
            facts.push_back("Custom fields submitted: " + names);
        }
        Notes sources;
        sources.source("submitted form");
        for (const auto& source : companyNotes.sources) sources.source(source);
        for (const auto& source : personNotes.sources) sources.source(source);

        std::string result = output(person, company, lead.custom, facts, sources.sources);
        context.progress(100, "done");
        return result;
    }

  private:
    lodestone::Host host_;
    FreeMailDomains freeMail_;
};

}  // namespace
}  // namespace lodestone::research_basic

LODESTONE_PLUGIN(lodestone::research_basic::BasicResearchPlugin);
