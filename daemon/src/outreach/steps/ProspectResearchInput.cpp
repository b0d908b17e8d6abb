#include <sstream>

#include "domain/JsonValues.hpp"
#include "outreach/steps/ProspectSteps.hpp"

namespace lodestone::outreach {
namespace {

void copyIf(const Poco::JSON::Object& from, const char* key, Poco::JSON::Object& to,
            const char* as) {
    if (from.has(key) && !from.get(key).isEmpty()) to.set(as, from.get(key));
}

// The lead as research plugins read a lead-magnet lead (email, fullName, company, …).
Poco::JSON::Object::Ptr leadOf(const domain::Prospect& prospect, const Poco::JSON::Object& body) {
    auto lead = domain::orderedObject();
    lead->set("email", prospect.email);
    lead->set("fullName", prospect.contactName);
    lead->set("company", prospect.companyName);
    if (prospect.domain) lead->set("domain", *prospect.domain);
    copyIf(body, "title", *lead, "title");
    copyIf(body, "phone", *lead, "phone");
    copyIf(body, "linkedInUrl", *lead, "linkedInUrl");
    copyIf(body, "companyLinkedInUrl", *lead, "companyLinkedInUrl");
    if (auto company = body.getObject("company")) {
        copyIf(*company, "industry", *lead, "industry");
        if (company->has("employeeRange")) {
            copyIf(*company, "employeeRange", *lead, "companySize");
        } else if (company->has("employeeCount")) {
            lead->set("companySize", company->get("employeeCount").toString());
        }
    }
    return lead;
}

}  // namespace

std::string prospectResearchInput(const domain::Job& job, const domain::Prospect& prospect,
                                  const domain::Campaign& campaign) {
    auto body = domain::parseObject(prospect.inputJson, "the stored prospect");
    auto input = domain::orderedObject();
    input->set("jobId", job.id);
    input->set("kind", "prospect");
    input->set("prospectId", prospect.id);
    input->set("lead", leadOf(prospect, *body));
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
