// research/basic: turns what the lead and the client sent into research facts, offline and
// deterministically: company domain and name, industry and size band (given or inferred, with
// the words they rest on), seniority and department, and findings from the client's notes, bio,
// extra context and company data. No network, no clock, no randomness: the same input always
// gives the same bytes.
#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <lodestone/plugin.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "ClientFindings.hpp"
#include "Domains.hpp"
#include "Findings.hpp"
#include "Lead.hpp"
#include "ProfileFindings.hpp"
#include "ResearchProfile.hpp"

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

// Everything the output reports, in the order its findings read best.
struct Report {
    PersonFindings person;
    CompanyFindings company;
    Poco::JSON::Object::Ptr custom;
    std::vector<Finding> findings;
    std::vector<std::string> sources;
    std::vector<std::string> warnings;
    ResearchProfile profile;
};

std::string output(const Report& report) {
    const auto& person = report.person;
    auto personJson = newObject();
    setIf(*personJson, "fullName", person.fullName);
    setIf(*personJson, "firstName", person.firstName);
    setIf(*personJson, "lastName", person.lastName);
    personJson->set("email", person.email);
    setIf(*personJson, "title", person.title);
    personJson->set("seniority", person.seniority);
    setIf(*personJson, "department", person.department);
    setIf(*personJson, "phone", person.phone);

    const auto& company = report.company;
    auto companyJson = newObject();
    setIf(*companyJson, "name", company.name);
    setIf(*companyJson, "domain", company.domain);
    setIf(*companyJson, "industry", company.industry);
    setIf(*companyJson, "sizeBand", company.sizeBand);
    setIf(*companyJson, "sizeCategory", company.sizeCategory);

    std::vector<std::string> facts;
    Poco::JSON::Array::Ptr findings = new Poco::JSON::Array();
    for (const auto& finding : report.findings) {
        facts.push_back(finding.text);
        auto item = newObject();
        item->set("text", finding.text);
        item->set("source", finding.source);
        item->set("evidence", std::string(evidenceName(finding.evidence)));
        findings->add(item);
    }

    auto result = newObject();
    result->set("person", personJson);
    result->set("company", companyJson);
    result->set("custom", report.custom);
    result->set("facts", arrayOf(facts));
    result->set("sources", arrayOf(report.sources));
    result->set("profile", report.profile.profile());
    result->set("evidence", report.profile.evidence());
    result->set("findings", findings);
    result->set("warnings", arrayOf(report.warnings));
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
        "Offline research from what the lead and the client sent: company domain and name, "
        "industry and size band (inferred when not given), seniority and department, and "
        "findings from notes, bio and company data. No network; deterministic.";
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
        const ClientData client = readClientData(input);
        context.throwIfCancelled();

        context.progress(40, "researching the company");
        Report report;
        Notes companyNotes;
        // A campaign lead whose client sent company data: that data is used as is, so the
        // company is not researched again (see docs/plugins.md).
        report.company = client.skipCompanyEnrichment
                             ? suppliedCompany(lead, client, companyNotes)
                             : researchCompany(lead, freeMail_, companyNotes);
        profileCompany(lead, client, report.company, report.profile, companyNotes);
        context.throwIfCancelled();

        context.progress(70, "reading the job title and the client's notes");
        Notes personNotes;
        report.person = researchPerson(lead, report.company, personNotes);
        profileContact(lead, client, report.person, report.profile);
        Notes clientNotes;
        readClientFindings(client, clientNotes);
        context.throwIfCancelled();

        // The person first: the summary fact reads best at the top.
        Notes all;
        all.source("submitted form");
        for (const Notes* notes : {&personNotes, &companyNotes, &clientNotes}) {
            all.findings.insert(all.findings.end(), notes->findings.begin(), notes->findings.end());
            all.warnings.insert(all.warnings.end(), notes->warnings.begin(), notes->warnings.end());
        }
        for (const Notes* notes : {&companyNotes, &personNotes, &clientNotes}) {
            for (const auto& source : notes->sources) all.source(source);
        }
        report.custom = lead.custom;
        if (lead.custom->size() > 0) {
            std::string names;
            for (const auto& key : lead.custom->getNames())
                names += (names.empty() ? "" : ", ") + key;
            all.fact("Custom fields submitted: " + names, "lead.customFields", Evidence::Client);
        }
        report.findings = std::move(all.findings);
        report.sources = std::move(all.sources);
        report.warnings = std::move(all.warnings);

        std::string result = output(report);
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
