#include "api/ProjectAccess.hpp"

#include "api/ApiError.hpp"
#include "domain/Time.hpp"

namespace lodestone::api {

domain::Project accessibleProject(ApiServices& services, const ApiRequest& request) {
    const std::string& id = request.param("projectId");
    auto project = services.projects.get(id);
    if (!project || project->organisationId != request.key.organisationId ||
        !request.key.mayUseProject(id)) {
        throw ApiError(403, "API key has no access to this project");
    }
    return *project;
}

leadmagnet::StatusViewContext statusContext(ApiServices& services) {
    const auto& pipeline = services.config.pipeline;
    leadmagnet::StatusViewContext context;
    context.now = services.clock.now();
    context.typical = services.stepTimings.typical();
    context.stuckAfter.research = pipeline.research.stuckAfter;
    context.stuckAfter.content = pipeline.content.stuckAfter;
    context.stuckAfter.finalize = pipeline.finalize.stuckAfter;
    return context;
}

}  // namespace lodestone::api
