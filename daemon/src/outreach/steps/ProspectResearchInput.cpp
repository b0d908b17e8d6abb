#include <sstream>

#include "domain/JsonValues.hpp"
#include "outreach/steps/ProspectSteps.hpp"

namespace lodestone::outreach {
namespace {

void copyIf(const Poco::JSON::Object& from, const char* key, Poco::JSON::Object& to,
            const char* as) {
    if (from.has(key) && !from.get(key).isEmpty()) to.set(as, from.get(key));
}

}  // namespace

std::string prospectResearchInput(const domain::Job& job, const domain::Prospect& prospect,
                                  const domain::Campaign& campaign) {
    auto body = domain::parseObject(prospect.inputJson, "the stored prospect");
    auto input = domain::orderedObject();
    input->set("jobId", job.id);
    input->set("kind", "prospect");
    input->set("prospectId", prospect.id);
    input->set("lead", domain::leadFieldsOf(prospect, *body));
    for (const char* key : {"notes", "extraContext", "company", "contact"}) {
        copyIf(*body, key, *input, key);
    }
    // The client's company data is used as is; research need not (and must not) redo it.
    input->set("skipCompanyEnrichment", body->has("company") && !body->get("company").isEmpty());
    auto campaignJson = domain::orderedObject();
    campaignJson->set("id", campaign.id);
    campaignJson->set("name", campaign.name);
    input->set("campaign", campaignJson);
    std::ostringstream text;
    input->stringify(text);
    return text.str();
}

}  // namespace lodestone::outreach
