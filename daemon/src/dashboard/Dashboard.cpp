#include "dashboard/Dashboard.hpp"

#include <Poco/String.h>

#include "dashboard/Pages.hpp"
#include "domain/Secrets.hpp"
#include "domain/Time.hpp"
#include "embedded/templates.hpp"

namespace lodestone::dashboard {
namespace {

using Kind = routing::Access::Kind;

// A multipart form's own bytes around its file: boundaries, part headers, the file's name.
constexpr std::int64_t kUploadFormRoom = 64 * 1024;

Reply stylesheet() {
    Reply reply;
    reply.body = std::string(templates("dashboard.css"));
    reply.contentType = "text/css; charset=utf-8";
    return reply;
}

}  // namespace

std::vector<std::string> DashboardRequest::allOf(const std::string& name) const {
    std::vector<std::string> values;
    for (const auto& [key, value] : fields) {
        if (key == name) values.push_back(value);
    }
    return values;
}

Dashboard::Dashboard(DashboardServices services)
    : services_(std::move(services)), sessions_(services_.store, {}), throttle_({}) {}

void Dashboard::keepShownOnce(const std::string& sessionTokenHash, ShownOnce secret) {
    std::lock_guard lock(shownOnceMutex_);
    // One not picked up within minutes is dropped: its page was never shown.
    std::erase_if(shownOnce_, [&](const auto& entry) {
        return entry.second.createdAt < secret.createdAt - kShownOnceKeptMs;
    });
    shownOnce_[sessionTokenHash] = std::move(secret);
}

std::optional<Dashboard::ShownOnce> Dashboard::takeShownOnce(const std::string& sessionTokenHash,
                                                             const std::string& what,
                                                             domain::Timestamp now) {
    std::lock_guard lock(shownOnceMutex_);
    auto found = shownOnce_.find(sessionTokenHash);
    if (found == shownOnce_.end() || found->second.what != what) return std::nullopt;
    ShownOnce secret = std::move(found->second);
    shownOnce_.erase(found);
    if (secret.createdAt < now - kShownOnceKeptMs) return std::nullopt;
    return secret;
}

bool Dashboard::secureCookies() const {
    return services_.config.server.publicUrl.starts_with("https://");
}

std::vector<routing::Route> Dashboard::routes() {
    const routing::Access anyone;
    const routing::Access signedIn{Kind::Session};
    const routing::Access secrets{Kind::Admin, "webhook secrets"};
    const routing::Access keyAdmins{Kind::Admin, "API keys"};
    const routing::Access endpointAdmins{Kind::Admin, "webhook endpoints"};
    const routing::Access operatorAdmins{Kind::Admin, "its operators"};
    const routing::Access listAdmins{Kind::Admin, "the suppression list"};
    // A test goes out from the campaign's sender, to any address.
    const routing::Access testSenders{Kind::Admin, "test messages"};
    // A CSV file's upload: as large as an import may be, plus room for the form around it.
    auto upload = [this](routing::Route route) {
        route.maxBodyBytes = services_.config.imports.maxFileBytes + kUploadFormRoom;
        route.maxBodySetting = "imports.max_file_bytes";
        return route;
    };
    auto row = [this](std::string method, std::string pattern, routing::Access access, Page page) {
        return routing::Route{std::move(method), std::move(pattern), std::move(access),
                              [this, page](const auto&, const routing::Match& match) {
                                  return newHandler(page, match);
                              }};
    };
    return {
        row("GET", "/dashboard/assets/dashboard.css", anyone,
            [](Dashboard&, DashboardRequest&) { return stylesheet(); }),
        // (Lambdas for the pages that take more, to show a form again with what was wrong.)
        row("GET", "/dashboard/login", anyone,
            [](Dashboard& d, DashboardRequest& r) { return loginForm(d, r); }),
        row("POST", "/dashboard/login", anyone, login),
        row("GET", "/dashboard/set-password/{token}", anyone, setPasswordForm),
        row("POST", "/dashboard/set-password/{token}", anyone, setPassword),
        row("POST", "/dashboard/logout", signedIn, logout),
        row("GET", "/dashboard", signedIn, overview),
        row("GET", "/dashboard/", signedIn, overview),
        row("GET", "/dashboard/campaigns", signedIn,
            [](Dashboard& d, DashboardRequest& r) { return campaigns(d, r); }),
        row("POST", "/dashboard/campaigns", signedIn, createCampaign),
        row("GET", "/dashboard/campaigns/{campaignId}", signedIn, campaign),
        row("POST", "/dashboard/campaigns/{campaignId}/settings", signedIn, saveCampaignSettings),
        row("POST", "/dashboard/campaigns/{campaignId}/pause", signedIn, pauseCampaign),
        row("POST", "/dashboard/campaigns/{campaignId}/resume", signedIn, resumeCampaign),
        row("GET", "/dashboard/campaigns/{campaignId}/prospects/{prospectId}", signedIn, prospect),
        row("GET", "/dashboard/campaigns/{campaignId}/leads.csv", signedIn, exportLeads),
        row("GET", "/dashboard/campaigns/{campaignId}/prospects/{prospectId}/data.json", signedIn,
            exportPerson),
        row("POST", "/dashboard/campaigns/{campaignId}/prospects/{prospectId}/retry-lead-magnet",
            signedIn, retryProspectLeadMagnet),
        row("POST", "/dashboard/campaigns/{campaignId}/test-event", signedIn, sendTestEvent),
        upload(row("POST", "/dashboard/campaigns/{campaignId}/imports", signedIn, importLeads)),
        row("GET", "/dashboard/imports/{importId}", signedIn, leadImport),
        row("POST", "/dashboard/campaigns/{campaignId}/test-send", testSenders, sendTestMessage),
        row("GET", "/dashboard/campaigns/{campaignId}/rotate-secret", secrets, confirmRotateSecret),
        row("POST", "/dashboard/campaigns/{campaignId}/rotate-secret", secrets, rotateSecret),
        row("GET", "/dashboard/campaigns/{campaignId}/secret", secrets, newSecret),
        row("POST", "/dashboard/campaigns/{campaignId}/deliveries/{deliveryId}/redeliver", signedIn,
            redeliver),
        row("GET", "/dashboard/audit", signedIn, audit),
        row("GET", "/dashboard/projects", signedIn,
            [](Dashboard& d, DashboardRequest& r) { return projects(d, r); }),
        row("POST", "/dashboard/projects", signedIn, createProject),
        row("GET", "/dashboard/projects/{projectId}", signedIn, project),
        row("POST", "/dashboard/projects/{projectId}/schema", signedIn, saveSchema),
        row("POST", "/dashboard/projects/{projectId}/jobs/{jobId}/retry", signedIn, retryJob),
        row("GET", "/dashboard/suppressions", signedIn,
            [](Dashboard& d, DashboardRequest& r) { return suppressions(d, r); }),
        row("POST", "/dashboard/suppressions", listAdmins, addSuppression),
        row("POST", "/dashboard/suppressions/lift", listAdmins, liftSuppression),
        row("GET", "/dashboard/keys", keyAdmins,
            [](Dashboard& d, DashboardRequest& r) { return keys(d, r); }),
        row("POST", "/dashboard/keys", keyAdmins, createKey),
        row("GET", "/dashboard/keys/new", keyAdmins, newKey),
        row("GET", "/dashboard/keys/{keyId}/revoke", keyAdmins, confirmRevokeKey),
        row("POST", "/dashboard/keys/{keyId}/revoke", keyAdmins, revokeKey),
        row("GET", "/dashboard/endpoints", endpointAdmins,
            [](Dashboard& d, DashboardRequest& r) { return endpoints(d, r); }),
        row("POST", "/dashboard/endpoints", endpointAdmins, createEndpoint),
        row("GET", "/dashboard/endpoints/{endpointId}/secret", endpointAdmins, newEndpointSecret),
        row("GET", "/dashboard/endpoints/{endpointId}/delete", endpointAdmins,
            confirmDeleteEndpoint),
        row("POST", "/dashboard/endpoints/{endpointId}/delete", endpointAdmins, deleteEndpoint),
        row("POST", "/dashboard/endpoints/{endpointId}/deliveries/{deliveryId}/redeliver",
            endpointAdmins, redeliverToEndpoint),
        row("GET", "/dashboard/operators", operatorAdmins,
            [](Dashboard& d, DashboardRequest& r) { return operators(d, r); }),
        row("POST", "/dashboard/operators", operatorAdmins, addOperator),
        row("GET", "/dashboard/operators/link", operatorAdmins, shownLink),
        row("POST", "/dashboard/operators/{operatorId}/link", operatorAdmins, newOperatorLink),
        row("GET", "/dashboard/operators/{operatorId}/disable", operatorAdmins,
            confirmDisableOperator),
        row("POST", "/dashboard/operators/{operatorId}/disable", operatorAdmins, disableOperator),
    };
}

Poco::Net::HTTPRequestHandler* Dashboard::refuse(const Poco::Net::HTTPServerRequest&,
                                                 const routing::Match& match) {
    return newHandler(nullptr, match);
}

std::optional<Reply> Dashboard::refusal(DashboardRequest& request, const routing::Access& access) {
    if (access.kind == Kind::Public) return std::nullopt;
    // A request without a session is sent to sign in.
    request.who = sessions_.current(request.cookies.get(kSessionCookie, ""), services_.clock.now());
    if (!request.who) return redirectTo("/dashboard/login");
    if (request.method == "POST" &&
        !domain::constantTimeEquals(request.form.get("csrf", ""), request.who->session.csrfToken)) {
        return problem(403, "Form expired",
                       "This form is out of date or did not come from this dashboard. Go back, "
                       "reload the page and try again.",
                       &*request.who);
    }
    if (access.kind == Kind::Admin && !request.who->op.isAdmin()) {
        return problem(403, "Admins only",
                       "Only an admin of the organisation manages " + access.manages + ".",
                       &*request.who);
    }
    return std::nullopt;
}

Reply Dashboard::answer(DashboardRequest& request, Page page, const routing::Match& match) {
    if (auto refused =
            refusal(request, match.path ? match.path->access : routing::Access{Kind::Session}))
        return *refused;
    if (page) return page(*this, request);
    const SignedIn* who = request.who ? &*request.who : nullptr;
    if (!match.path) return problem(404, "Not found", "There is no such page.", who);
    Reply reply =
        problem(405, "Not allowed", "This address does not take a " + request.method + ".", who);
    reply.allow =
        Poco::cat(std::string(", "), match.allowedMethods.begin(), match.allowedMethods.end());
    return reply;
}

}  // namespace lodestone::dashboard
