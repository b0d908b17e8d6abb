// What the research rules find out about the company and the person, before it becomes JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "Domains.hpp"
#include "Evidence.hpp"
#include "Lead.hpp"

namespace lodestone::research_basic {

class LeadVocabulary;

// Findings are sentences for people, each with where it came from; `sources` names the kinds of
// input research used ("email domain"); warnings say what could not be read.
struct Notes {
    std::vector<Finding> findings;
    std::vector<std::string> sources;
    std::vector<std::string> warnings;
    void fact(std::string text, std::string from, Evidence evidence) {
        findings.push_back({std::move(text), std::move(from), evidence});
    }
    void source(const std::string& name);  // once each, in first-use order
};

struct CompanyFindings {
    std::optional<std::string> name;
    std::optional<std::string> domain;
    std::optional<std::string> industry;
    std::optional<std::string> sizeBand;
    std::optional<std::string> sizeCategory;
    std::optional<std::int64_t> headcount;  // when the lead gave one number, as given
};

struct PersonFindings {
    std::optional<std::string> fullName;
    std::optional<std::string> firstName;
    std::optional<std::string> lastName;
    std::string email;
    std::optional<std::string> title;
    std::string seniority;  // "unknown" without a title
    std::optional<std::string> department;
    std::optional<std::string> phone;
};

// Each reads titles, industries and sizes with the words of `vocab`.
CompanyFindings researchCompany(const LeadVocabulary& vocab, const Lead& lead,
                                const FreeMailDomains& freeMail, Notes& notes);
// The company as the client's company data describes it, without enrichment: the given name and
// domain, and the industry and size the engine copied into the lead from that data.
CompanyFindings suppliedCompany(const LeadVocabulary& vocab, const Lead& lead,
                                const ClientData& client, Notes& notes);
// `company` names the employer in the summary fact.
PersonFindings researchPerson(const LeadVocabulary& vocab, const Lead& lead,
                              const CompanyFindings& company, Notes& notes);

}  // namespace lodestone::research_basic
