// `endpoint create | list | show | delete`: where an organisation's lifecycle events go
// (docs/events.md). Their deliveries are listed and redelivered with `webhook`.
#include "Commands.hpp"
#include "admin/WebhookAddress.hpp"
#include "admin/WebhookEndpoints.hpp"
#include "storage/WebhookEndpointRepository.hpp"

namespace lodestone::ctl {
namespace {

Result create(const Arguments& args, storage::Store& store, const config::Config& config,
              const domain::Clock& clock) {
    args.expectPositionals(0, "");
    admin::EndpointDraft draft{args.required("org"), args.value("project"), args.required("url"),
                               args.required("events"), args.value("retry-schedule")};
    auto endpoint = store.write([&](storage::Repositories& repos) {
        return admin::createEndpoint(repos, draft, clock.now());
    });
    Result result;
    result.json = toJson(endpoint, true);
    result.headline = "Created endpoint " + endpoint.id +
                      ". Receivers verify its deliveries with the secret below "
                      "(lodestonectl endpoint show " +
                      endpoint.id + ").";
    if (auto warning =
            admin::webhookAddressWarning(endpoint.url, config.webhooks.allowPrivateNetworks)) {
        result.warnings.push_back(*warning);
    }
    return result;
}

Result list(const Arguments& args, storage::Store& store, const config::Config&,
            const domain::Clock& clock) {
    args.expectPositionals(0, "");
    auto endpoints = store.read([&](storage::Repositories& repos) {
        checkOrganisationFilter(repos, args, clock);
        return repos.webhookEndpoints().list(args.value("org"));
    });
    return listResult(endpoints, [](const auto& endpoint) { return toJson(endpoint, false); },
                      {"id", "organisationId", "projectId", "url", "events", "status"});
}

Result show(const Arguments& args, storage::Store& store, const config::Config&,
            const domain::Clock&) {
    args.expectPositionals(1, "ENDPOINT_ID");
    auto endpoint = store.read([&](storage::Repositories& repos) {
        return admin::endpoint(repos, args.positionals()[0]);
    });
    return {toJson(endpoint, true), "", {}};
}

Result remove(const Arguments& args, storage::Store& store, const config::Config&,
              const domain::Clock& clock) {
    args.expectPositionals(1, "ENDPOINT_ID");
    const std::string& id = args.positionals()[0];
    bool changed = store.write([&](storage::Repositories& repos) {
        return admin::deleteEndpoint(repos, id, clock.now());
    });
    Result result;
    result.json->set("id", id);
    result.json->set("deleted", true);
    result.json->set("alreadyDeleted", !changed);
    result.headline = changed ? "Deleted endpoint " + id +
                                    ": no new events are queued for it, and its pending "
                                    "deliveries fail at their next attempt."
                              : "Endpoint " + id + " was already deleted.";
    return result;
}

}  // namespace

std::vector<Command> endpointCommands() {
    return {
        {"endpoint",
         "create",
         "endpoint create --org ORG_ID --url URL --events TYPE,TYPE... [--project ID] "
         "[--retry-schedule 1m,5m,30m,2h]",
         "Subscribes URL to lifecycle events of organisation ORG_ID (docs/events.md) and\n"
         "prints the endpoint with its signing secret.\n\n"
         "  --org ORG_ID         the organisation (required)\n"
         "  --url URL            where events are POSTed, http:// or https:// (required)\n"
         "  --events TYPES       comma-separated event types (required): meeting_booked,\n"
         "                       meeting_cancelled, lead.created, research.completed,\n"
         "                       research.failed, magnet.generated, lead.failed, magnet.viewed,\n"
         "                       prospect.qualified, prospect.disqualified, email.sent,\n"
         "                       email.bounced, prospect.replied, prospect.unsubscribed\n"
         "  --project ID         only that project's lead-magnet events (default: all of the\n"
         "                       organisation's, campaigns' included)\n"
         "  --retry-schedule DELAYS  delays between attempts, e.g. 1m,5m,30m,2h (default:\n"
         "                       webhooks.retry_schedule)\n",
         {{"org"}, {"url"}, {"events"}, {"project"}, {"retry-schedule"}},
         create},
        {"endpoint",
         "list",
         "endpoint list [--org ORG_ID]",
         "Lists the event endpoints, deleted ones included (of organisation ORG_ID only, with\n"
         "--org). Never shows secrets.\n",
         {{"org"}},
         list},
        {"endpoint",
         "show",
         "endpoint show ID   (includes the signing secret)",
         "Shows endpoint ID with its signing secret. Its deliveries: lodestonectl webhook list\n"
         "--endpoint ID.\n",
         {},
         show},
        {"endpoint",
         "delete",
         "endpoint delete ID",
         "Deletes endpoint ID: no new events are queued for it, and its pending deliveries fail\n"
         "at their next attempt. Its deliveries stay listed.\n",
         {},
         remove},
    };
}

}  // namespace lodestone::ctl
