#include "jobs/StepExecutor.hpp"

#include <Poco/JSON/Parser.h>

#include <sstream>
#include <stdexcept>

namespace lodestone::jobs {
namespace {

Poco::JSON::Object::Ptr parseObject(const std::string& json, const std::string& what) {
    try {
        // Key order kept: objects the client sent reach plugins as sent.
        auto parsed = Poco::JSON::Parser(new Poco::JSON::ParseHandler(true)).parse(json);
        if (parsed.type() == typeid(Poco::JSON::Object::Ptr)) {
            return parsed.extract<Poco::JSON::Object::Ptr>();
        }
    } catch (const Poco::Exception&) {
        // reported below
    }
    throw std::runtime_error(what + " is not a JSON object");
}

// Content becomes a page: without a title and sections there is nothing to render, so such
// output fails the attempt here rather than finalizing into an empty page.
void checkContent(const std::string& output) {
    auto content = parseObject(output, "the content plugin's output");
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

}  // namespace

Poco::JSON::Object::Ptr parseJsonObject(const std::string& json, const std::string& what) {
    return parseObject(json, what);
}

std::string StepInputs::outputOf(domain::StepName step) const {
    const domain::JobStep* row = job.step(step);
    if (row == nullptr || row->status != domain::StepStatus::Completed || !row->outputJson) {
        throw std::runtime_error("the " + std::string(domain::toString(step)) +
                                 " step has no stored output to continue from");
    }
    return *row->outputJson;
}

template <typename Record>
const Record& required(const std::optional<Record>& record, const char* what) {
    if (!record) throw std::logic_error(std::string("the step has no ") + what + " to work on");
    return *record;
}

const domain::Lead& StepInputs::requireLead() const {
    return required(lead, "lead");
}
const domain::Project& StepInputs::requireProject() const {
    return required(project, "project");
}
const domain::Prospect& StepInputs::requireProspect() const {
    return required(prospect, "prospect");
}
const domain::Campaign& StepInputs::requireCampaign() const {
    return required(campaign, "campaign");
}

std::string PluginStepExecutor::inputFor(domain::StepName step, const StepInputs& inputs) {
    if (inputs.job.kind == domain::JobKind::Prospect) return prospectResearchInput(inputs);
    Poco::JSON::Object input(Poco::JSON_PRESERVE_KEY_ORDER);
    input.set("jobId", inputs.job.id);
    input.set("leadId", inputs.requireLead().id);
    input.set("lead", parseObject(inputs.requireLead().fieldsJson, "the stored lead"));
    if (step != domain::StepName::Research) {
        input.set("research", parseObject(inputs.outputOf(domain::StepName::Research),
                                          "the stored research output"));
    }
    const auto& stored = inputs.requireProject();
    Poco::JSON::Object::Ptr project = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    project->set("id", stored.id);
    project->set("name", stored.name);
    project->set("settings", parseObject(stored.settingsJson, "the project's settings"));
    input.set("project", project);
    std::ostringstream text;
    input.stringify(text);
    return text.str();
}

StepResult PluginStepExecutor::execute(const StepInputs& inputs, plugins::RunControl& control) {
    std::string output = plugin_->run(control, inputFor(step_, inputs));
    if (step_ == domain::StepName::Content) checkContent(output);
    return {std::move(output), nullptr};
}

}  // namespace lodestone::jobs
