// The research input each labelled prospect (tests/support/ResearchLabels.hpp) becomes in
// process.
#pragma once

#include <Poco/JSON/Object.h>

#include <string>
#include <utility>

#include "DefaultPluginSupport.hpp"
#include "support/ResearchLabels.hpp"

namespace lodestone::plugins::testing {

// The labels, the prospects and the tally are shared with the full-pipeline benchmark.
using lodestone::test::Answers;
using lodestone::test::answersOf;
using lodestone::test::kLabels;
using lodestone::test::LabelledProspect;
using lodestone::test::loadProspects;
using lodestone::test::Miss;
using lodestone::test::Tally;

// The research input of a campaign prospect (docs/plugins.md): the lead, with the client's notes
// beside it.
inline std::string researchInput(const LabelledProspect& prospect) {
    Poco::JSON::Object::Ptr lead = newObject();
    for (const auto& [key, value] : *prospect.input) {
        if (key != "site" && key != "notes") lead->set(key, value);
    }
    Poco::JSON::Object::Ptr input = newObject();
    input->set("jobId", "job_" + std::to_string(prospect.index));
    input->set("kind", "prospect");
    input->set("prospectId", "prospect_" + std::to_string(prospect.index));
    input->set("lead", lead);
    if (prospect.input->has("notes")) input->set("notes", prospect.input->get("notes"));
    Poco::JSON::Object::Ptr campaign = newObject();
    campaign->set("id", "campaign_labels");
    campaign->set("name", "Labelled prospects");
    input->set("campaign", campaign);
    return toJson(input);
}

}  // namespace lodestone::plugins::testing
