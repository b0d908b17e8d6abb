// What the lead and the client sent, read into the research output of docs/plugins.md: person,
// company, custom, facts, sources, profile, evidence, findings and warnings. Offline and
// deterministic: the same input always gives the same output. research-basic returns it as it
// is; research-web starts from it and adds what the company's website says.
#pragma once

#include <Poco/JSON/Object.h>

#include <functional>
#include <string>

#include "Domains.hpp"
#include "LeadVocabulary.hpp"

namespace lodestone::research_basic {

// Called between the parts of the reading with how far it is (percent) and what comes next; a
// plugin reports it as progress, and may throw there to stop a cancelled run.
using ResearchStep = std::function<void(int percent, const std::string& next)>;

// Titles, industries and sizes are read with the words of `vocab`. Throws InputError
// (lodestone/plugin.hpp) for an input without a lead whose email is an address.
Poco::JSON::Object::Ptr researchLead(const Poco::JSON::Object::Ptr& input,
                                     const FreeMailDomains& freeMail, const LeadVocabulary& vocab,
                                     const ResearchStep& step = {});

}  // namespace lodestone::research_basic
