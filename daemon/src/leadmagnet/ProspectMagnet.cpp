#include "leadmagnet/ProspectMagnet.hpp"

#include "domain/JsonValues.hpp"
#include "leadmagnet/Generation.hpp"
#include "leadmagnet/ProjectLeadFields.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadRepository.hpp"

namespace lodestone::leadmagnet {
namespace {

// The prospect's Generate-style fields, its customData as customFields, then every other key of
// its Add Lead body as sent (a project with its own schema may name them): the schema keeps what
// it knows.
Poco::JSON::Object::Ptr candidateFields(const domain::Prospect& prospect) {
    auto body = domain::parseObject(prospect.inputJson, "the stored prospect");
    auto fields = domain::leadFieldsOf(prospect, *body);
    if (body->has("customData")) fields->set("customFields", body->get("customData"));
    for (const auto& [key, value] : *body) {
        if (!fields->has(key)) fields->set(key, value);
    }
    return fields;
}

}  // namespace

ProspectMagnet ensureProspectMagnet(storage::Repositories& repositories,
                                    const ProspectMagnetRequest& request) {
    if (auto existing = findProspectMagnet(repositories, request.prospect.id)) return *existing;
    // Fields the schema requires that the prospect lacks are left out rather than failing the
    // magnet: the content plugin writes from what there is, as it does for research's gaps.
    const auto input =
        checkProjectLeadFields(request.project.schema, *candidateFields(request.prospect));
    GenerationRequest generation{request.project, input, request.publicUrl, request.maxRetries,
                                 request.now};
    generation.prospectId = request.prospect.id;
    generation.researchJson = request.researchJson;
    auto started = startGeneration(repositories, generation);
    return {std::move(started.lead), std::move(started.job)};
}

std::optional<ProspectMagnet> findProspectMagnet(storage::Repositories& repositories,
                                                 const std::string& prospectId) {
    auto lead = repositories.leads().findByProspect(prospectId);
    if (!lead) return std::nullopt;
    auto job = repositories.jobs().findByLead(lead->id);
    if (!job) return std::nullopt;
    return ProspectMagnet{std::move(*lead), std::move(*job)};
}

}  // namespace lodestone::leadmagnet
