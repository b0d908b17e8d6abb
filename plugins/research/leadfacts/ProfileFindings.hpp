// The profile (docs/plugins.md) of the company and the person: what the lead and the client's
// data give, and what research-basic infers from them where they are silent.
#pragma once

#include "Findings.hpp"
#include "Lead.hpp"
#include "ResearchProfile.hpp"

namespace lodestone::research_basic {

// The company's values: the client's company data as sent when it sent some (nothing is then
// inferred: the client chose to describe the company), else the lead's industry and size, and
// what they leave out inferred (Inference.hpp) into `company`, the profile and a finding each.
// Also the company's LinkedIn page.
void profileCompany(const LeadVocabulary& vocab, const Lead& lead, const ClientData& client,
                    CompanyFindings& company, ResearchProfile& profile, Notes& notes);

// The person's values: the client's contact data as sent, the seniority and department read from
// the title where it gives none, and the person's LinkedIn page.
void profileContact(const Lead& lead, const ClientData& client, const PersonFindings& person,
                    ResearchProfile& profile);

}  // namespace lodestone::research_basic
