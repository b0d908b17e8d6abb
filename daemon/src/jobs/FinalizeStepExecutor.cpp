#include "jobs/FinalizeStepExecutor.hpp"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <sstream>

#include "pages/PageRenderer.hpp"

namespace lodestone::jobs {

StepResult FinalizeStepExecutor::execute(const StepInputs& inputs, plugins::RunControl& control) {
    control.reportProgress(10, "rendering the page");
    auto content = Poco::JSON::Parser()
                       .parse(inputs.outputOf(domain::StepName::Content))
                       .extract<Poco::JSON::Object::Ptr>();
    std::string html = pages::renderLeadMagnet(*content, inputs.lead, inputs.project);
    control.reportProgress(90, "storing the page");
    Poco::JSON::Object output;
    output.set("pageBytes", static_cast<Poco::Int64>(html.size()));
    std::ostringstream text;
    output.stringify(text);
    return {text.str(), std::move(html)};
}

}  // namespace lodestone::jobs
