#include "LeadResearch.hpp"

#include <Poco/JSON/Array.h>

#include <string>
#include <vector>

#include "ClientFindings.hpp"
#include "Findings.hpp"
#include "Lead.hpp"
#include "ProfileFindings.hpp"
#include "ResearchProfile.hpp"

namespace lodestone::research_basic {
namespace {

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

Poco::JSON::Object::Ptr output(const Report& report) {
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
    return result;
}

}  // namespace

Poco::JSON::Object::Ptr researchLead(const Poco::JSON::Object::Ptr& input,
                                     const FreeMailDomains& freeMail, const LeadVocabulary& vocab,
                                     const ResearchStep& step) {
    const auto stepTo = [&step](int percent, const std::string& next) {
        if (step) step(percent, next);
    };
    const Lead lead = readLead(input);
    const ClientData client = readClientData(input);

    stepTo(40, "researching the company");

    Report report;
    Notes companyNotes;
    // A campaign lead whose client sent company data: that data is used as is, so the
    // company is not researched again (see docs/plugins.md).
    report.company = client.skipCompanyEnrichment
                         ? suppliedCompany(vocab, lead, client, companyNotes)
                         : researchCompany(vocab, lead, freeMail, companyNotes);
    profileCompany(vocab, lead, client, report.company, report.profile, companyNotes);

    stepTo(70, "reading the job title and the client's notes");
    Notes personNotes;
    report.person = researchPerson(vocab, lead, report.company, personNotes);
    profileContact(lead, client, report.person, report.profile);
    Notes clientNotes;
    readClientFindings(client, clientNotes);

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
        for (const auto& key : lead.custom->getNames()) names += (names.empty() ? "" : ", ") + key;
        all.fact("Custom fields submitted: " + names, "lead.customFields", Evidence::Client);
    }
    report.findings = std::move(all.findings);
    report.sources = std::move(all.sources);
    report.warnings = std::move(all.warnings);

    return output(report);
}

}  // namespace lodestone::research_basic
