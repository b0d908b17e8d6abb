#include "admin/WebhookEndpoints.hpp"

#include <Poco/StringTokenizer.h>

#include <algorithm>

#include "admin/Administration.hpp"
#include "domain/Durations.hpp"
#include "domain/Ids.hpp"
#include "domain/Secrets.hpp"
#include "events/LifecycleEvents.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/StorageError.hpp"
#include "storage/WebhookEndpointRepository.hpp"

namespace lodestone::admin {
namespace {

constexpr std::size_t kMaxRetries = 10;
constexpr domain::Duration kLongestDelay = std::chrono::hours(7 * 24);

std::vector<std::string> listed(const std::string& text) {
    Poco::StringTokenizer parts(
        text, ",", Poco::StringTokenizer::TOK_TRIM | Poco::StringTokenizer::TOK_IGNORE_EMPTY);
    return {parts.begin(), parts.end()};
}

std::string allTypes() {
    std::string text;
    for (const auto& type : events::eventTypes()) text += (text.empty() ? "" : ", ") + type;
    return text;
}

std::vector<std::string> checkedEvents(const std::string& text) {
    auto types = listed(text);
    if (types.empty()) throw InvalidRequest("--events must name at least one of: " + allTypes());
    for (const auto& type : types) {
        if (!events::isEventType(type)) {
            throw InvalidRequest("unknown event type \"" + type + "\"; the types are " +
                                 allTypes());
        }
    }
    std::sort(types.begin(), types.end());
    types.erase(std::unique(types.begin(), types.end()), types.end());
    return types;
}

std::vector<std::int64_t> checkedSchedule(const std::string& text) {
    std::vector<std::int64_t> delays;
    for (const auto& item : listed(text)) {
        auto delay = domain::parseDuration(item);
        if (!delay || *delay <= domain::Duration::zero() || *delay > kLongestDelay) {
            throw InvalidRequest(
                "a retry delay is a duration from 1ms to 7d such as 30s, 5m or "
                "2h, got \"" +
                item + "\"");
        }
        delays.push_back(delay->count());
    }
    if (delays.size() > kMaxRetries) {
        throw InvalidRequest("a retry schedule has at most " + std::to_string(kMaxRetries) +
                             " delays");
    }
    return delays;
}

}  // namespace

domain::WebhookEndpoint createEndpoint(storage::Repositories& repositories,
                                       const EndpointDraft& draft, domain::Timestamp now) {
    if (!repositories.organisations().find(draft.organisationId)) {
        throw storage::NotFound("no organisation with id " + draft.organisationId);
    }
    if (draft.projectId) {
        auto project = repositories.projects().find(*draft.projectId);
        if (!project || project->organisationId != draft.organisationId) {
            throw InvalidRequest("project " + *draft.projectId +
                                 " is not a project of organisation " + draft.organisationId);
        }
    }
    domain::WebhookEndpoint endpoint;
    endpoint.id = domain::newId(domain::IdKind::WebhookEndpoint);
    endpoint.organisationId = draft.organisationId;
    endpoint.projectId = draft.projectId;
    endpoint.url = checkedHttpUrl("endpoint URL", draft.url);
    endpoint.secret = domain::newWebhookSecret();
    endpoint.events = checkedEvents(draft.events);
    if (draft.retrySchedule) endpoint.retryDelaysMs = checkedSchedule(*draft.retrySchedule);
    endpoint.createdAt = now;
    repositories.webhookEndpoints().insert(endpoint);
    return endpoint;
}

bool deleteEndpoint(storage::Repositories& repositories, const std::string& id,
                    domain::Timestamp now) {
    endpoint(repositories, id);
    return repositories.webhookEndpoints().disable(id, now);
}

domain::WebhookEndpoint endpoint(storage::Repositories& repositories, const std::string& id) {
    auto found = repositories.webhookEndpoints().find(id);
    if (!found) throw storage::NotFound("no webhook endpoint with id " + id);
    return *found;
}

}  // namespace lodestone::admin
