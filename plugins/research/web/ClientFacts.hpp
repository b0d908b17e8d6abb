// What the client sent, as research output: custom fields, and the client's notes, company,
// contact and extraContext as profile values and findings with evidence "client". LinkedIn URLs,
// wherever the client put them, become profile links (profile.contact.linkedinUrl,
// profile.company.linkedinUrl). The person is research-basic's reading (LeadFacts).
#pragma once

#include "ResearchInput.hpp"
#include "ResearchReport.hpp"

namespace lodestone::research_web {

// Goes first: the client's profile values win over what research reads.
void reportClient(const ResearchInput& input, ResearchReport& report);

}  // namespace lodestone::research_web
