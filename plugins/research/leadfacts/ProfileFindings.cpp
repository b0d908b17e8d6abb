#include "ProfileFindings.hpp"

#include "Inference.hpp"
#include "SizeBands.hpp"

namespace lodestone::research_basic {
namespace {

// The `sources` entry for a clue: the names research-basic's sources already use.
void noteSource(const std::string& label, Notes& notes) {
    if (label == "title") {
        notes.source("job title");
    } else if (label != "domain") {  // the domain's source, email or submitted, is already there
        notes.source(label);
    }
}

// "the company name and the notes"
std::string cluesText(const std::vector<std::string>& labels) {
    std::string text;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        if (i > 0) text += i + 1 == labels.size() ? " and " : ", ";
        text += "the " + labels[i];
    }
    return text;
}

void inferIndustry(const LeadVocabulary& vocab, const Lead& lead, const ClientData& client,
                   CompanyFindings& company, ResearchProfile& profile, Notes& notes) {
    std::vector<Clue> clues;
    // A name read from the domain would count the domain twice. A free-mail domain never became
    // the company's domain, so it is no clue.
    if (lead.company) clues.push_back({"company name", *lead.company, Clue::Kind::Name});
    if (company.domain) clues.push_back({"domain", *company.domain, Clue::Kind::Domain});
    if (client.notes) clues.push_back({"notes", *client.notes, Clue::Kind::Notes});
    if (lead.title) clues.push_back({"title", *lead.title, Clue::Kind::Title});
    const auto industry = research_basic::inferIndustry(vocab, clues);
    if (!industry) return;
    company.industry = industry->value;
    profile.set("company.industry", industry->value, Evidence::Inferred, industry->source);
    notes.fact("Industry: " + industry->value + ", inferred from " + cluesText(industry->labels),
               industry->source, Evidence::Inferred);
    for (const auto& label : industry->labels) noteSource(label, notes);
}

void inferSize(const LeadVocabulary& vocab, const Lead& lead, const ClientData& client,
               CompanyFindings& company, ResearchProfile& profile, Notes& notes) {
    std::vector<Clue> clues;
    if (client.notes) clues.push_back({"notes", *client.notes, Clue::Kind::Notes});
    if (lead.title) clues.push_back({"title", *lead.title, Clue::Kind::Title});
    const auto band = inferSizeBand(vocab, clues);
    if (!band) return;
    const auto size = parseCompanySize(vocab, band->value);
    company.sizeBand = band->value;
    company.sizeCategory = size->category;
    profile.set("company.employeeRange", band->value, Evidence::Inferred, band->source);
    notes.fact("Company size: " + band->value + " employees (" +
                   sizeCategoryLabel(vocab, size->category) + "), inferred from " +
                   cluesText(band->labels),
               band->source, Evidence::Inferred);
    for (const auto& label : band->labels) noteSource(label, notes);
}

}  // namespace

void profileCompany(const LeadVocabulary& vocab, const Lead& lead, const ClientData& client,
                    CompanyFindings& company, ResearchProfile& profile, Notes& notes) {
    if (client.company) profile.copyClientObject("company", *client.company);
    if (!client.skipCompanyEnrichment) {
        if (company.industry) {
            profile.set("company.industry", *company.industry, Evidence::Client, "lead.industry");
        } else {
            inferIndustry(vocab, lead, client, company, profile, notes);
        }
        if (company.headcount) {
            // The number as the lead gave it; its band is read from it, as research-web does.
            profile.set("company.employeeCount", static_cast<Poco::Int64>(*company.headcount),
                        Evidence::Client, "lead.companySize");
            profile.set("company.employeeRange", *company.sizeBand, Evidence::Inferred,
                        "company.employeeCount " + std::to_string(*company.headcount));
        } else if (company.sizeBand) {
            profile.set("company.employeeRange", *company.sizeBand, Evidence::Client,
                        "lead.companySize");
        } else if (!company.sizeCategory) {
            // A size word the lead gave ("enterprise") is not contradicted by a guessed band.
            inferSize(vocab, lead, client, company, profile, notes);
        }
    } else {
        // The client's company data is used as sent and the company is not researched, but what
        // the data leaves out is still read from the client's own words (name, domain, notes):
        // a company object holding only a head count must not hide "online casino" in the notes
        // from a campaign that excludes Gambling.
        if (!company.industry) inferIndustry(vocab, lead, client, company, profile, notes);
        if (!company.headcount && !company.sizeBand && !company.sizeCategory) {
            inferSize(vocab, lead, client, company, profile, notes);
        }
    }
    if (lead.companyLinkedInUrl) {
        profile.set("company.linkedinUrl", *lead.companyLinkedInUrl, Evidence::Client,
                    "lead.companyLinkedInUrl");
    }
}

void profileContact(const Lead& lead, const ClientData& client, const PersonFindings& person,
                    ResearchProfile& profile) {
    if (client.contact) profile.copyClientObject("contact", *client.contact);
    if (lead.title) {
        const std::string fromTitle = quotedSource("title", *lead.title, 0, lead.title->size());
        if (person.seniority != "unknown") {
            profile.set("contact.seniority", person.seniority, Evidence::Inferred, fromTitle);
        }
        if (person.department) {
            profile.set("contact.department", *person.department, Evidence::Inferred, fromTitle);
        }
    }
    if (lead.linkedInUrl) {
        profile.set("contact.linkedinUrl", *lead.linkedInUrl, Evidence::Client, "lead.linkedInUrl");
    }
}

}  // namespace lodestone::research_basic
