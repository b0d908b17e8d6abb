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
    const auto& lead = inputs.requireLead();
    std::string html = pages::renderLeadMagnet(*content, lead, inputs.requireProject());
    control.reportProgress(90, "storing the page");
    Poco::JSON::Object output;
    output.set("pageBytes", static_cast<Poco::Int64>(html.size()));
    std::ostringstream text;
    output.stringify(text);
    return {text.str(), [leadId = lead.id, page = std::move(html)](
                            storage::Repositories& repositories, domain::Timestamp) {
                repositories.leads().setPage(leadId, page);
            }};
}

}  // namespace lodestone::jobs
