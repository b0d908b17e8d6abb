#include "Findings.hpp"

#include <algorithm>

#include "Industries.hpp"
#include "Names.hpp"
#include "SizeBands.hpp"
#include "Text.hpp"
#include "Titles.hpp"

namespace lodestone::research_basic {
namespace {

std::string quoted(const std::string& text) {
    return "\"" + text + "\"";
}

// A name part the project's own schema may carry as a custom field.
std::optional<std::string> customText(const Lead& lead, const char* name) {
    if (!lead.custom->has(name) || !lead.custom->get(name).isString()) return std::nullopt;
    std::string text = trim(lead.custom->get(name).extract<std::string>());
    if (text.empty()) return std::nullopt;
    return text;
}

// The domain a company registered: mail.analytical-engines.co.uk -> analytical-engines.co.uk.
std::string registrable(const std::string& host) {
    const auto parts = splitDomain(host);
    return parts.suffix.empty() ? host : parts.name + "." + parts.suffix;
}

void findDomain(const Lead& lead, const FreeMailDomains& freeMail, CompanyFindings& company,
                Notes& notes) {
    if (lead.domain) {
        const auto submitted = normaliseDomain(*lead.domain);
        if (!submitted) {
            const std::string problem =
                "The submitted domain " + quoted(*lead.domain) + " is not a domain name";
            notes.fact(problem, "lead.domain", Evidence::Client);
            notes.warnings.push_back(problem);
        } else if (freeMail.contains(*submitted)) {
            notes.fact("The submitted domain " + *submitted +
                           " belongs to a free-mail provider, not a company",
                       "lead.domain", Evidence::Inferred);
        } else {
            company.domain = *submitted;
        }
    }
    // readLead made sure the address has a domain.
    const std::string mailDomain = emailDomain(lead.email).value_or("");
    if (freeMail.contains(mailDomain)) {
        notes.fact("Signed up with a personal address at " + mailDomain +
                       ", which says nothing about the employer",
                   "lead.email", Evidence::Inferred);
        notes.source("email domain");
    } else if (!company.domain) {
        company.domain = registrable(mailDomain);
        notes.fact("Company domain " + *company.domain + " comes from the email address",
                   "lead.email", Evidence::Inferred);
        notes.source("email domain");
    }
}

// The industry and size the lead gives; `industryField` and `sizeField` name where they were sent.
void givenIndustryAndSize(const LeadVocabulary& vocab, const Lead& lead,
                          const std::string& industryField, const std::string& sizeField,
                          CompanyFindings& company, Notes& notes) {
    if (lead.industry) {
        company.industry = normaliseIndustry(vocab, *lead.industry);
        std::string fact = "Industry: " + *company.industry;
        if (lowerAscii(*lead.industry) != lowerAscii(*company.industry)) {
            fact += " (given as " + quoted(*lead.industry) + ")";
        }
        notes.fact(fact, industryField, Evidence::Client);
    }

    if (lead.companySize) {
        if (const auto size = parseCompanySize(vocab, *lead.companySize)) {
            company.sizeBand = size->band;
            company.sizeCategory = size->category;
            company.headcount = size->headcount;
            const std::string category = sizeCategoryLabel(vocab, size->category);
            if (size->headcount) {
                notes.fact("Company size: " + std::to_string(*size->headcount) + " employees (" +
                               *size->band + ", " + category + ")",
                           sizeField, Evidence::Client);
            } else {
                notes.fact(size->band
                               ? "Company size: " + *size->band + " employees (" + category + ")"
                               : "Company size: " + category + " (no headcount given)",
                           sizeField, Evidence::Client);
            }
        } else {
            const std::string problem = "Company size as submitted: " + quoted(*lead.companySize) +
                                        " (not a headcount or size this plugin knows)";
            notes.fact(problem, sizeField, Evidence::Client);
            notes.warnings.push_back(problem);
        }
    }
}

}  // namespace

void Notes::source(const std::string& name) {
    if (std::find(sources.begin(), sources.end(), name) == sources.end()) sources.push_back(name);
}

CompanyFindings researchCompany(const LeadVocabulary& vocab, const Lead& lead,
                                const FreeMailDomains& freeMail, Notes& notes) {
    CompanyFindings company;
    findDomain(lead, freeMail, company, notes);

    if (lead.company) {
        company.name = *lead.company;
    } else if (company.domain) {
        company.name = companyNameFromDomain(*company.domain);
        const bool fromSubmitted = lead.domain && company.domain == normaliseDomain(*lead.domain);
        notes.fact(
            "Company name " + quoted(*company.name) + " is read from the domain " + *company.domain,
            fromSubmitted ? "lead.domain" : "lead.email", Evidence::Inferred);
        notes.source(fromSubmitted ? "company domain" : "email domain");
    }
    givenIndustryAndSize(vocab, lead, "lead.industry", "lead.companySize", company, notes);
    return company;
}

CompanyFindings suppliedCompany(const LeadVocabulary& vocab, const Lead& lead,
                                const ClientData& client, Notes& notes) {
    // What was used instead of research, naming what the client's data held.
    std::string held;
    for (const auto& key : client.company ? client.company->getNames() : std::vector<std::string>{})
        held += (held.empty() ? "" : ", ") + key;
    notes.fact(held.empty() ? "The client sent no company data to use, and chose to have the "
                              "company left unresearched"
                            : "Company facts are the client's own company data (" + held +
                                  "), used as sent instead of researched",
               "company", Evidence::Client);
    CompanyFindings company;
    company.name = lead.company;
    if (lead.domain) company.domain = normaliseDomain(*lead.domain);
    // The engine copies company.industry and the range (else the count) into the lead.
    const bool hasRange = client.company && client.company->has("employeeRange");
    givenIndustryAndSize(vocab, lead, "company.industry",
                         hasRange ? "company.employeeRange" : "company.employeeCount", company,
                         notes);
    notes.source("client-supplied company data");
    return company;
}

PersonFindings researchPerson(const LeadVocabulary& vocab, const Lead& lead,
                              const CompanyFindings& company, Notes& notes) {
    PersonFindings person;
    person.email = lead.email;
    person.title = lead.title;
    person.phone = lead.phone;
    if (lead.fullName) {
        person.fullName = lead.fullName;
        const auto name = splitFullName(*lead.fullName);
        person.firstName = name.first;
        person.lastName = name.last;
    } else {
        person.firstName = customText(lead, "firstName");
        person.lastName = customText(lead, "lastName");
        if (person.firstName && person.lastName) {
            person.fullName = *person.firstName + " " + *person.lastName;
        } else if (person.firstName || person.lastName) {
            person.fullName = person.firstName ? person.firstName : person.lastName;
        }
    }

    person.seniority = seniorityFromTitle(vocab, lead.title.value_or(""));
    std::string fromTitle;
    if (lead.title) {
        person.department = departmentFromTitle(vocab, *lead.title);
        notes.source("job title");
        fromTitle = quotedSource("title", *lead.title, 0, lead.title->size());
    }

    const std::string who = person.fullName.value_or(person.email);
    // "works … as <title>" needs no article, whatever the title.
    if (person.title && company.name) {
        notes.fact(who + " works at " + *company.name + " as " + *person.title, "lead.title",
                   Evidence::Client);
    } else if (person.title) {
        notes.fact(who + " works as " + *person.title, "lead.title", Evidence::Client);
    } else if (company.name) {
        notes.fact(who + " works at " + *company.name, "lead.company", Evidence::Client);
    }
    if (person.department == "executive") {
        notes.fact("Sits on the executive team", fromTitle, Evidence::Inferred);
    } else if (person.department) {
        notes.fact("Works in " + departmentLabel(vocab, *person.department) + " at " +
                       seniorityLabel(vocab, person.seniority) + " level",
                   fromTitle, Evidence::Inferred);
    } else if (person.seniority != "unknown") {
        notes.fact("Works at " + seniorityLabel(vocab, person.seniority) +
                       " level; the title names no department",
                   fromTitle, Evidence::Inferred);
    }
    return person;
}

}  // namespace lodestone::research_basic
