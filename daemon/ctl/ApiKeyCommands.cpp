#include "Commands.hpp"
#include "admin/Administration.hpp"
#include "config/Duration.hpp"
#include "storage/ApiKeyRepository.hpp"

namespace lodestone::ctl {
namespace {

Result create(const Arguments& args, storage::Store& store, const config::Config&,
              const domain::Clock& clock) {
    args.expectPositionals(0, "");
    auto now = clock.now();
    admin::ApiKeyDraft draft{args.required("org"), args.required("name"), args.values("project"),
                             std::nullopt, std::nullopt};
    if (auto text = args.value("expires-in")) {
        auto duration = config::parseDuration(*text);
        if (!duration || duration->count() == 0) {
            throw UsageError("--expires-in expects a duration such as 90d or 12h, got \"" + *text +
                             "\"");
        }
        draft.expiresAt = now + duration->count();
    }
    auto created = store.write([&](storage::Repositories& repos) {
        return admin::Administration(repos, now, kActor).createApiKey(draft);
    });
    Result result;
    result.json = toJson(created.key, now);
    result.json->set("key", created.plaintext);
    result.headline =
        "Created API key " + created.key.name + ". Store the key now: it is shown only this once.";
    return result;
}

Result list(const Arguments& args, storage::Store& store, const config::Config&,
            const domain::Clock& clock) {
    args.expectPositionals(0, "");
    auto now = clock.now();
    auto keys = store.read([&](storage::Repositories& repos) {
        checkOrganisationFilter(repos, args, clock);
        return repos.apiKeys().list(args.value("org"));
    });
    return listResult(
        keys, [now](const auto& key) { return toJson(key, now); },
        {"id", "organisationId", "name", "prefix", "status", "expiresAt", "lastUsedAt"});
}

Result revoke(const Arguments& args, storage::Store& store, const config::Config&,
              const domain::Clock& clock) {
    args.expectPositionals(1, "KEY_ID");
    const std::string& id = args.positionals()[0];
    bool changed = store.write([&](storage::Repositories& repos) {
        return admin::Administration(repos, clock.now(), kActor).revokeApiKey(id);
    });
    Result result;
    result.json->set("id", id);
    result.json->set("revoked", true);
    result.json->set("alreadyRevoked", !changed);
    result.headline = changed ? "Revoked API key " + id + "; it stops working within a second."
                              : "API key " + id + " was already revoked.";
    return result;
}

}  // namespace

std::vector<Command> apiKeyCommands() {
    return {
        {"key",
         "create",
         "key create --org ORG_ID --name NAME [--project ID]... [--expires-in 90d]",
         "Creates an API key for organisation ORG_ID and prints it once: only its hash and a\n"
         "short prefix are stored.\n\n"
         "  --org ORG_ID         the organisation (required)\n"
         "  --name NAME          unique within the organisation (required)\n"
         "  --project ID         a project the key may use; repeat for more (default: every\n"
         "                       project of the organisation)\n"
         "  --expires-in DURATION  e.g. 90d or 12h (default: never expires)\n",
         {{"org"}, {"name"}, {"project", true, true}, {"expires-in"}},
         create},
        {"key",
         "list",
         "key list [--org ORG_ID]   (never shows keys)",
         "Lists the API keys with their prefix, status and expiry (of organisation ORG_ID\n"
         "only, with --org; an unknown one is an error). Never shows a key.\n",
         {{"org"}},
         list},
        {"key",
         "revoke",
         "key revoke KEY_ID",
         "Revokes API key KEY_ID; it stops working within a second.\n",
         {},
         revoke},
    };
}

}  // namespace lodestone::ctl
