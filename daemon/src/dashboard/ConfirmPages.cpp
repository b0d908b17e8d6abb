// The page before a change that cannot be undone (a key revoked, an operator disabled, an
// endpoint deleted, a signing secret rotated): what it does, a button that sends its form, and a
// way back. Without script, a confirmation is a page of its own; the form it sends is the one the
// change always took, so the change itself has one code path.
#include "dashboard/Pages.hpp"
#include "storage/ApiKeyRepository.hpp"

namespace lodestone::dashboard {
namespace {

struct Confirmation {
    std::string title;
    std::string question;
    std::string consequence;
    std::string action;  // where the form posts
    std::string button;
    std::string back;  // where Cancel goes
};

Reply confirmPage(const DashboardRequest& request, const Confirmation& asked, Section section) {
    mustache::data data;
    data.set("question", asked.question);
    data.set("consequence", asked.consequence);
    data.set("action", asked.action);
    data.set("button", asked.button);
    data.set("back", asked.back);
    return page(200, asked.title, "confirm.mustache", std::move(data), &*request.who, section);
}

}  // namespace

Reply confirmRevokeKey(Dashboard& dashboard, DashboardRequest& request) {
    const std::string& id = request.param("keyId");
    auto key = dashboard.services().store.read(
        [&](storage::Repositories& r) { return r.apiKeys().find(id); });
    if (!key || key->organisationId != request.who->op.organisationId)
        return problem(404, "Not found", "There is no such API key.", &*request.who);
    if (key->isRevoked()) return redirectTo("/dashboard/keys");
    return confirmPage(
        request,
        {"Revoke a key", "Revoke the API key " + key->name + " (" + key->prefix + "…)?",
         "Requests with it are refused within a second, and it cannot be used "
         "again: a client that still needs access needs a new key.",
         "/dashboard/keys/" + id + "/revoke", "Revoke", "/dashboard/keys"},
        Section::Keys);
}

Reply confirmDisableOperator(Dashboard& dashboard, DashboardRequest& request) {
    const std::string& id = request.param("operatorId");
    auto op = dashboard.services().store.read(
        [&](storage::Repositories& r) { return ownOperator(r, request); });
    if (!op) return problem(404, "Not found", "There is no such operator.", &*request.who);
    if (op->disabledAt || op->id == request.who->op.id) return redirectTo("/dashboard/operators");
    return confirmPage(
        request,
        {"Disable an operator", "Disable " + op->email + "?",
         "They are signed out everywhere at once and cannot sign in again; "
         "their set-password link stops working too.",
         "/dashboard/operators/" + id + "/disable", "Disable", "/dashboard/operators"},
        Section::Operators);
}

Reply confirmDeleteEndpoint(Dashboard& dashboard, DashboardRequest& request) {
    auto endpoint = ownEndpoint(dashboard, request);
    if (!endpoint) return problem(404, "Not found", "There is no such endpoint.", &*request.who);
    const std::string& id = endpoint->id;
    if (endpoint->disabledAt) return redirectTo("/dashboard/endpoints");
    return confirmPage(request,
                       {"Delete an endpoint", "Delete the endpoint for " + endpoint->url + "?",
                        "No new event is queued for it, and its deliveries still pending fail at "
                        "their next attempt. Its deliveries stay listed.",
                        "/dashboard/endpoints/" + id + "/delete", "Delete", "/dashboard/endpoints"},
                       Section::Endpoints);
}

Reply confirmRotateSecret(Dashboard& dashboard, DashboardRequest& request) {
    auto campaign = ownCampaign(dashboard, request);
    if (!campaign) return problem(404, "Not found", "There is no such campaign.", &*request.who);
    return confirmPage(
        request,
        {"Rotate a webhook secret", "Rotate the webhook signing secret of " + campaign->name + "?",
         "Deliveries are signed with a new secret, shown once on the next page, "
         "and with the current one too for 24 hours while the receiver switches "
         "over. A second rotation within that time stops the oldest at once.",
         "/dashboard/campaigns/" + campaign->id + "/rotate-secret", "Rotate",
         "/dashboard/campaigns/" + campaign->id},
        Section::Campaigns);
}

}  // namespace lodestone::dashboard
