// API keys, for the organisation's admins: listed, created (the key shown once) and revoked,
// through the same Administration as lodestonectl.
#include "admin/Administration.hpp"
#include "admin/OperatorAccounts.hpp"
#include "dashboard/Pages.hpp"
#include "domain/Text.hpp"
#include "domain/Time.hpp"
#include "storage/ApiKeyRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/StorageError.hpp"

namespace lodestone::dashboard {
namespace {

constexpr domain::Timestamp kDayMs = 24LL * 60 * 60 * 1000;
constexpr int kLongestExpiryDays = 3650;

std::string projectNames(const domain::ApiKey& key, const std::vector<domain::Project>& projects) {
    if (key.projectIds.empty()) return "all";
    std::vector<std::string> names;
    for (const auto& id : key.projectIds) {
        names.push_back(id);
        for (const auto& project : projects) {
            if (project.id == id) names.back() = project.name;
        }
    }
    return domain::joined(names);
}

}  // namespace

Reply keys(Dashboard& dashboard, DashboardRequest& request, const std::string& flash, int status) {
    const auto& organisationId = request.who->op.organisationId;
    const auto now = dashboard.services().clock.now();
    auto [apiKeys, projects] = dashboard.services().store.read([&](storage::Repositories& r) {
        return std::make_pair(r.apiKeys().list(organisationId), r.projects().list(organisationId));
    });
    mustache::data rows{mustache::data::type::list};
    for (const auto& key : apiKeys) {
        mustache::data row;
        row.set("id", key.id);
        row.set("name", key.name);
        row.set("prefix", key.prefix);
        row.set("projects", projectNames(key, projects));
        row.set("expires", key.expiresAt ? shownTime(*key.expiresAt) : "never");
        row.set("lastUsed", key.lastUsedAt ? shownTime(*key.lastUsedAt) : "never");
        const bool active = !key.isRevoked() && !key.isExpiredAt(now);
        row.set("state", key.isRevoked() ? "revoked" : (active ? "active" : "expired"));
        row.set("active", active);
        rows.push_back(row);
    }
    mustache::data data;
    data.set("keys", rows);
    data.set("projects", projectChoices(projects));
    if (!flash.empty()) data.set("flash", flash);
    if (auto revoked = request.field("revoked"); !revoked.empty() && flash.empty()) {
        data.set("flash", "Revoked the key; requests with it are refused within a second.");
    }
    return page(status, "API keys", "keys.mustache", std::move(data), &*request.who, Section::Keys);
}

Reply createKey(Dashboard& dashboard, DashboardRequest& request) {
    const auto& op = request.who->op;
    const auto now = dashboard.services().clock.now();
    admin::ApiKeyDraft draft;
    draft.organisationId = op.organisationId;
    draft.name = request.field("name");
    draft.projectIds = request.allOf("project");
    if (draft.name.empty() || draft.name.size() > 200) {
        return keys(dashboard, request, "A key needs a name of up to 200 characters.", 400);
    }
    if (auto days = request.field("expiresInDays"); !days.empty()) {
        int value = 0;
        try {
            value = std::stoi(days);
        } catch (const std::exception&) {
        }
        if (value < 1 || value > kLongestExpiryDays) {
            return keys(dashboard, request, "Expiry is a number of days from 1 to 3650, or empty.",
                        400);
        }
        draft.expiresAt = now + value * kDayMs;
    }
    admin::CreatedApiKey created;
    try {
        created = dashboard.services().store.write([&](storage::Repositories& r) {
            auto made = admin::Administration(r, now).createApiKey(draft);
            admin::recordChange(
                r, op.organisationId, actorOf(request), "api_key.create", made.key.id,
                "Created API key " + made.key.name + " (" + made.key.prefix + "…)", now);
            return made;
        });
    } catch (const std::invalid_argument& e) {
        return keys(dashboard, request, e.what(), 400);
    } catch (const storage::NotFound& e) {
        return keys(dashboard, request, e.what(), 400);
    }
    dashboard.keepShownOnce(request.who->session.tokenHash,
                            {"key", created.key.name, created.plaintext, now});
    return redirectTo("/dashboard/keys/new");
}

Reply newKey(Dashboard& dashboard, DashboardRequest& request) {
    auto key = dashboard.takeShownOnce(request.who->session.tokenHash, "key",
                                       dashboard.services().clock.now());
    // Shown once: a reload (or a second visit) goes back to the list.
    if (!key) return redirectTo("/dashboard/keys");
    mustache::data data;
    data.set("plaintext", key->plaintext);
    return page(200, "API key " + key->name, "key-created.mustache", std::move(data), &*request.who,
                Section::Keys);
}

Reply revokeKey(Dashboard& dashboard, DashboardRequest& request) {
    const auto& op = request.who->op;
    const std::string& id = request.param("keyId");
    const auto now = dashboard.services().clock.now();
    const bool found = dashboard.services().store.write([&](storage::Repositories& r) {
        auto key = r.apiKeys().find(id);
        if (!key || key->organisationId != op.organisationId) return false;
        if (admin::Administration(r, now).revokeApiKey(id)) {
            admin::recordChange(r, op.organisationId, actorOf(request), "api_key.revoke", id,
                                "Revoked API key " + key->name + " (" + key->prefix + "…)", now);
        }
        return true;
    });
    if (!found) return problem(404, "Not found", "There is no such API key.", &*request.who);
    return redirectTo("/dashboard/keys?revoked=1");
}

}  // namespace lodestone::dashboard
