// What the research rules find out about the company and the person, before it becomes JSON.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "Domains.hpp"
#include "Lead.hpp"

namespace lodestone::research_basic {

// Facts are human-readable sentences; sources say where findings came from ("email domain").
struct Notes {
    std::vector<std::string> facts;
    std::vector<std::string> sources;
    void fact(std::string text) { facts.push_back(std::move(text)); }
    void source(const std::string& name);  // once each, in first-use order
};

struct CompanyFindings {
    std::optional<std::string> name;
    std::optional<std::string> domain;
    std::optional<std::string> industry;
    std::optional<std::string> sizeBand;
    std::optional<std::string> sizeCategory;
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

CompanyFindings researchCompany(const Lead& lead, const FreeMailDomains& freeMail, Notes& notes);
// The company as the client described it, without enrichment: its name and domain only.
CompanyFindings suppliedCompany(const Lead& lead, Notes& notes);
// `company` names the employer in the summary fact.
PersonFindings researchPerson(const Lead& lead, const CompanyFindings& company, Notes& notes);

}  // namespace lodestone::research_basic
