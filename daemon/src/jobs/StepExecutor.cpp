#include "jobs/StepExecutor.hpp"

#include <Poco/JSON/Parser.h>

#include <sstream>
#include <stdexcept>

namespace lodestone::jobs {
namespace {

Poco::JSON::Object::Ptr parseObject(const std::string& json, const std::string& what) {
    try {
        auto parsed = Poco::JSON::Parser().parse(json);
        if (parsed.type() == typeid(Poco::JSON::Object::Ptr)) {
            return parsed.extract<Poco::JSON::Object::Ptr>();
        }
    } catch (const Poco::Exception&) {
        // reported below
    }
    throw std::runtime_error(what + " is not a JSON object");
}

}  // namespace

std::string StepInputs::outputOf(domain::StepName step) const {
    const domain::JobStep* row = job.step(step);
    if (row == nullptr || row->status != domain::StepStatus::Completed || !row->outputJson) {
        throw std::runtime_error("the " + std::string(domain::toString(step)) +
                                 " step has no stored output to continue from");
    }
    return *row->outputJson;
}

std::string PluginStepExecutor::inputFor(domain::StepName step, const StepInputs& inputs) {
    Poco::JSON::Object input(Poco::JSON_PRESERVE_KEY_ORDER);
    input.set("jobId", inputs.job.id);
    input.set("leadId", inputs.lead.id);
    input.set("lead", parseObject(inputs.lead.fieldsJson, "the stored lead"));
    if (step != domain::StepName::Research) {
        input.set("research", parseObject(inputs.outputOf(domain::StepName::Research),
                                          "the stored research output"));
    }
    Poco::JSON::Object::Ptr project = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    project->set("id", inputs.project.id);
    project->set("name", inputs.project.name);
    project->set("settings", parseObject(inputs.project.settingsJson, "the project's settings"));
    input.set("project", project);
    std::ostringstream text;
    input.stringify(text);
    return text.str();
}

StepResult PluginStepExecutor::execute(const StepInputs& inputs, plugins::RunControl& control) {
    return {plugin_->run(control, inputFor(step_, inputs)), std::nullopt};
}

}  // namespace lodestone::jobs
