#include <sstream>

#include "jobs/StepExecutor.hpp"

namespace lodestone::jobs {
namespace {

void copyIf(const Poco::JSON::Object& from, const char* key, Poco::JSON::Object& to,
            const char* as) {
    if (from.has(key) && !from.get(key).isEmpty()) to.set(as, from.get(key));
}

// The lead as research plugins read a lead-magnet lead (email, fullName, company, …).
Poco::JSON::Object::Ptr leadOf(const domain::Prospect& prospect, const Poco::JSON::Object& body) {
    Poco::JSON::Object::Ptr lead = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
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

std::string prospectResearchInput(const StepInputs& inputs) {
    const auto& prospect = inputs.requireProspect();
    const auto& campaign = inputs.requireCampaign();
    auto body = parseJsonObject(prospect.inputJson, "the stored prospect");
    Poco::JSON::Object input(Poco::JSON_PRESERVE_KEY_ORDER);
    input.set("jobId", inputs.job.id);
    input.set("kind", "prospect");
    input.set("prospectId", prospect.id);
    input.set("lead", leadOf(prospect, *body));
    for (const char* key : {"notes", "extraContext", "company", "contact"}) {
        copyIf(*body, key, input, key);
    }
    // The client's company data is used as is; research need not (and must not) redo it.
    input.set("skipCompanyEnrichment", body->has("company") && !body->get("company").isEmpty());
    Poco::JSON::Object::Ptr campaignJson = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    campaignJson->set("id", campaign.id);
    campaignJson->set("name", campaign.name);
    input.set("campaign", campaignJson);
    std::ostringstream text;
    input.stringify(text);
    return text.str();
}

}  // namespace lodestone::jobs
