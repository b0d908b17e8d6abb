// The research input each labelled prospect (tests/support/ResearchLabels.hpp) becomes in
// process, and how the answers of research-basic and research-web run one after the other merge.
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

// The answers of research-basic and research-web run one after the other: the person as
// research-basic reads the title (research-web's where it has none); the company as the client
// sent it (research-basic's values with evidence `client`), else as the website says it, else as
// research-basic inferred it.
inline Answers merged(const Answers& web, const Answers& basic,
                      const Poco::JSON::Object::Ptr& basicOutput) {
    const auto clientSent = [&](const char* path) {
        auto evidence = basicOutput->getObject("evidence");
        auto entry = evidence ? evidence->getObject(path) : nullptr;
        return entry && entry->optValue<std::string>("evidence", "") == "client";
    };
    Answers answers;
    const std::pair<const char*, const char*> labels[] = {{"seniority", ""},
                                                          {"department", ""},
                                                          {"industry", "company.industry"},
                                                          {"sizeBand", "company.employeeRange"}};
    for (const auto& [label, path] : labels) {
        const auto fromBasic = basic.find(label);
        const auto fromWeb = web.find(label);
        const bool person = *path == '\0';
        const bool basicFirst =
            fromBasic != basic.end() &&
            (person ? fromBasic->second != "unknown" || fromWeb == web.end() : clientSent(path));
        if (basicFirst) {
            answers[label] = fromBasic->second;
        } else if (fromWeb != web.end()) {
            answers[label] = fromWeb->second;
        } else if (fromBasic != basic.end()) {
            answers[label] = fromBasic->second;
        }
    }
    return answers;
}

}  // namespace lodestone::plugins::testing
