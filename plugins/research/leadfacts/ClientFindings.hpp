// What the client wrote and sent beside a campaign prospect's lead, read into findings, each
// sourced to its field with evidence "client".
#pragma once

#include "Findings.hpp"
#include "Lead.hpp"

namespace lodestone::research_basic {

// The client's notes, the contact's bio, extraContext, and its company data's description,
// technologies and signals (funding, hiring, news, leadership changes, growth) become findings.
void readClientFindings(const ClientData& client, Notes& notes);

}  // namespace lodestone::research_basic
