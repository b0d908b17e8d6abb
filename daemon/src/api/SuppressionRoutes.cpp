// The organisation's suppression list and the erasure of a person (docs/lists.md): the list is
// read by any of its keys, changed (and a person erased) only by an organisation-wide one: a key
// limited to some projects speaks for those projects, not for whom the whole organisation may
// email or what it keeps.
#include <Poco/JSON/Array.h>

#include "api/ApiError.hpp"
#include "api/ApiRoutes.hpp"
#include "api/CampaignAccess.hpp"
#include "api/JsonResponse.hpp"
#include "api/ListPaging.hpp"
#include "domain/Text.hpp"
#include "outreach/Erasure.hpp"
#include "outreach/SuppressionList.hpp"
#include "storage/PageCursor.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/SuppressionRepository.hpp"

namespace lodestone::api {
namespace {

using domain::SuppressionKind;

void requireOrganisationWideKey(const ApiRequest& request, const std::string& what) {
    if (request.key.projectIds.empty()) return;
    throw ApiError(403, "This API key is limited to some projects; " + what +
                            " needs an organisation-wide key");
}

[[noreturn]] void refuseField(const std::string& field, const std::string& message) {
    ApiError error(400, message);
    error.with("invalidFields", stringArray({field}));
    throw error;
}

ApiResponse listSuppressions(ApiServices& services, ApiRequest& request) {
    const auto page = pageRequested(request);
    auto entries = services.store.read([&](storage::Repositories& repositories) {
        return repositories.suppressions().page(request.key.organisationId, page);
    });
    auto next = storage::endOfPage(entries, page);
    Poco::JSON::Array::Ptr items = new Poco::JSON::Array();
    for (const auto& entry : entries) items->add(outreach::renderSuppression(entry));
    return listAnswer("suppressions", items, next);
}

// {"address": ...} or {"domain": ...}, exactly one, with an optional "note".
outreach::ListAddition readAddition(const ApiRequest& request) {
    const auto& body = *request.body;
    const bool hasAddress = body.has("address") && !body.get("address").isEmpty();
    const bool hasDomain = body.has("domain") && !body.get("domain").isEmpty();
    if (hasAddress == hasDomain) {
        ApiError error(400, "Give exactly one of address and domain");
        error.with("invalidFields", stringArray({"address", "domain"}));
        throw error;
    }
    const std::string field = hasAddress ? "address" : "domain";
    const auto value = body.get(field);
    if (!value.isString()) refuseField(field, field + " must be a string");
    auto read = outreach::readListEntry(
        hasAddress ? SuppressionKind::Address : SuppressionKind::Domain, value.toString());
    if (!read.entry) refuseField(field, read.problem);
    outreach::ListAddition addition;
    addition.organisationId = request.key.organisationId;
    addition.entry = *read.entry;
    addition.addedBy = "api key " + request.key.id;
    if (body.has("note") && !body.get("note").isEmpty()) {
        const auto note = body.get("note");
        if (!note.isString() || note.toString().size() > outreach::kMaxNoteLength) {
            refuseField("note", "note must be a string of at most " +
                                    std::to_string(outreach::kMaxNoteLength) + " bytes");
        }
        addition.note = note.toString();
    }
    return addition;
}

ApiResponse addSuppression(ApiServices& services, ApiRequest& request) {
    requireOrganisationWideKey(request, "changing the suppression list");
    const auto addition = readAddition(request);
    const auto now = services.clock.now();
    auto added = services.store.write([&](storage::Repositories& repositories) {
        return outreach::addToList(repositories, addition, now);
    });
    auto body = orderedObject();
    body->set("success", true);
    body->set("added", added.added);
    body->set("suppression", outreach::renderSuppression(added.suppression));
    body->set("stoppedProspects", added.stoppedProspects);
    return {added.added ? 201 : 200, body};
}

// DELETE /api/suppressions?address=... or ?domain=...: a query parameter rather than a path
// segment, so that the kind is said, not guessed, and an address needs no escaping of its '@'.
ApiResponse removeSuppression(ApiServices& services, ApiRequest& request) {
    requireOrganisationWideKey(request, "changing the suppression list");
    auto address = request.queryParameter("address");
    auto domain = request.queryParameter("domain");
    if (address.has_value() == domain.has_value()) {
        refuseParameter("address", "Give exactly one of the query parameters address and domain");
    }
    const std::string field = address ? "address" : "domain";
    auto read = outreach::readListEntry(
        address ? SuppressionKind::Address : SuppressionKind::Domain, address ? *address : *domain);
    if (!read.entry) refuseParameter(field, read.problem);
    const bool lifted = services.store.write([&](storage::Repositories& repositories) {
        return outreach::liftFromList(repositories, request.key.organisationId, *read.entry);
    });
    if (!lifted) throw ApiError(404, "No suppression of that " + field);
    auto body = orderedObject();
    body->set("success", true);
    body->set("message", "Lifted; sequences it stopped stay stopped");
    return {200, body};
}

// DELETE /api/campaigns/{campaignId}/leads/{prospectId}: the person's data goes from every table,
// their address stays suppressed by its hash alone. An erased prospect is as unknown as one that
// never was.
ApiResponse eraseLead(ApiServices& services, ApiRequest& request) {
    requireOrganisationWideKey(request, "erasing a person");
    const domain::Campaign campaign = ownCampaign(services, request);
    const std::string& id = request.param("prospectId");
    const auto now = services.clock.now();
    auto counts = services.store.write(
        [&](storage::Repositories& repositories) -> std::optional<storage::ErasureCounts> {
            auto prospect = repositories.prospects().find(id);
            if (!prospect || prospect->campaignId != campaign.id || outreach::isErased(*prospect)) {
                return std::nullopt;
            }
            return outreach::erase(repositories, *prospect, "api key " + request.key.id, now);
        });
    if (!counts) throw ApiError(404, "Prospect not found");
    auto body = orderedObject();
    body->set("success", true);
    body->set("erased", outreach::renderErasure(*counts));
    body->set("message",
              "The person's data is erased; the address stays suppressed by its keyed hash only");
    return {200, body};
}

}  // namespace

void addSuppressionRoutes(ApiRoutes& routes, ApiServices& services) {
    routes.add({"GET", "/api/suppressions", RouteGroup::Status, false,
                [&services](ApiRequest& request) { return listSuppressions(services, request); }});
    routes.add({"POST", "/api/suppressions", RouteGroup::Status, true,
                [&services](ApiRequest& request) { return addSuppression(services, request); }});
    routes.add({"DELETE", "/api/suppressions", RouteGroup::Status, false,
                [&services](ApiRequest& request) { return removeSuppression(services, request); }});
    routes.add({"DELETE", "/api/campaigns/{campaignId}/leads/{prospectId}",
                RouteGroup::CampaignLeads, false,
                [&services](ApiRequest& request) { return eraseLead(services, request); }});
}

}  // namespace lodestone::api
