#include "leadmagnet/steps/LeadMagnetSteps.hpp"

#include <Poco/String.h>

#include <sstream>
#include <stdexcept>

#include "domain/JsonValues.hpp"
#include "events/EventSubjects.hpp"
#include "metrics/Series.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "pages/PageRenderer.hpp"
#include "pages/PageSettings.hpp"
#include "pages/PageVisits.hpp"
#include "storage/EmailSendQueue.hpp"
#include "storage/LeadRepository.hpp"

namespace lodestone::leadmagnet {

std::string pluginInput(domain::StepName step, const domain::Job& job, const domain::Lead& lead,
                        const domain::Project& project) {
    // Key order kept: objects the client sent reach plugins as sent.
    auto input = domain::orderedObject();
    input->set("jobId", job.id);
    input->set("leadId", lead.id);
    input->set("lead", domain::parseObject(lead.fieldsJson, "the stored lead"));
    if (step != domain::StepName::Research) {
        input->set("research",
                   domain::parseObject(jobs::storedOutput(job, domain::StepName::Research),
                                       "the stored research output"));
    }
    auto projectJson = domain::orderedObject();
    projectJson->set("id", project.id);
    projectJson->set("name", project.name);
    projectJson->set("settings",
                     domain::parseObject(project.settingsJson, "the project's settings"));
    input->set("project", projectJson);
    std::ostringstream text;
    input->stringify(text);
    return text.str();
}

void countTokensUsed(const metrics::Series& series, const std::string& plugin,
                     const std::string& output) {
    // Most content plugins report no usage: spare them the parse.
    if (output.find("\"usage\"") == std::string::npos) return;
    try {
        const auto usage =
            domain::parseObject(output, "the content plugin's output")->getObject("usage");
        if (!usage) return;
        for (const auto& [key, type] :
             {std::pair{"promptTokens", "prompt"}, std::pair{"completionTokens", "completion"}}) {
            if (!usage->has(key) || !usage->get(key).isInteger()) continue;
            const auto count = usage->get(key).convert<Poco::Int64>();
            if (count > 0) {
                series.llmTokens.with({plugin, type}).add(static_cast<std::uint64_t>(count));
            }
        }
    } catch (const std::exception&) {
        // Output that is not a JSON object: checkContent says so.
    }
}

void checkContent(const std::string& output) {
    auto content = domain::parseObject(output, "the content plugin's output");
    auto fail = [](const std::string& problem) {
        throw std::runtime_error("the content plugin returned no usable lead magnet: " + problem);
    };
    if (!content->has("title") || !content->get("title").isString()) fail("no text `title`");
    auto sections = content->getArray("sections");
    if (!sections) fail("no `sections` list");
    for (std::size_t i = 0; i < sections->size(); ++i) {
        auto section = sections->getObject(static_cast<unsigned>(i));
        if (!section || !section->has("heading") || !section->get("heading").isString() ||
            !section->has("body") || !section->get("body").isString()) {
            fail("sections[" + std::to_string(i) + "] is not {heading, body} text");
        }
    }
}

jobs::StepResult finalize(const domain::Job& job, const domain::Lead& lead,
                          const domain::Project& project, plugins::RunControl& control,
                          domain::Timestamp now,
                          const std::optional<std::string>& campaignBooking) {
    control.reportProgress(10, "rendering the page");
    auto content = domain::parseObject(jobs::storedOutput(job, domain::StepName::Content),
                                       "the stored content");
    pages::PageContext page;
    page.preparedAt = now;
    if (campaignBooking || pages::pageSettingsOf(project).calendarUrl) {
        page.bookingPath = pages::callToActionPath(lead.id);
    }
    std::string html = pages::renderLeadMagnet(*content, lead, project, page);
    control.reportProgress(90, "storing the page");
    Poco::JSON::Object output;
    output.set("pageBytes", static_cast<Poco::Int64>(html.size()));
    std::ostringstream text;
    output.stringify(text);
    // A campaign prospect's emails that link to the page were held for it: they go now.
    std::optional<std::string> wakes;
    if (lead.prospectId) wakes = outreach::kEmailSendWork;
    return {text.str(),
            [leadId = lead.id, jobId = job.id, prospectId = lead.prospectId,
             page = std::move(html)](storage::Repositories& repositories, domain::Timestamp now) {
                repositories.leads().setPage(leadId, page);
                if (prospectId) repositories.emailSendQueue().releaseHeld(*prospectId, now);
                events::publishAboutLead(repositories, "magnet.generated", leadId, jobId, now);
            },
            wakes};
}

}  // namespace lodestone::leadmagnet
