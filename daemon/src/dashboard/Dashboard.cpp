#include "dashboard/Dashboard.hpp"

#include "dashboard/Pages.hpp"
#include "domain/Secrets.hpp"
#include "domain/Time.hpp"
#include "embedded/templates.hpp"

namespace lodestone::dashboard {
namespace {

bool is(const DashboardRequest& request, std::initializer_list<std::string_view> path) {
    if (request.segments.size() != path.size()) return false;
    std::size_t i = 0;
    for (auto part : path) {
        if (part != "*" && request.segments[i] != part) return false;
        ++i;
    }
    return true;
}

Reply methodNotAllowed(const DashboardRequest& request, const char* allow) {
    Reply reply =
        problem(405, "Not allowed", "This address does not take a " + request.method + ".",
                request.who ? &*request.who : nullptr);
    reply.allow = allow;
    return reply;
}

constexpr const char* kReads = "GET, HEAD";
constexpr const char* kForms = "POST";
constexpr const char* kBoth = "GET, HEAD, POST";

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

Reply Dashboard::answer(DashboardRequest& request) {
    const bool get = request.method == "GET";
    const bool post = request.method == "POST";
    // Pages anyone may open.
    if (is(request, {"assets", "dashboard.css"}))
        return get ? stylesheet() : methodNotAllowed(request, kReads);
    if (is(request, {"login"})) {
        if (get) return loginForm(*this, request);
        if (post) return login(*this, request);
        return methodNotAllowed(request, kBoth);
    }
    if (is(request, {"set-password", "*"})) {
        if (get) return setPasswordForm(*this, request);
        if (post) return setPassword(*this, request);
        return methodNotAllowed(request, kBoth);
    }
    // Every other page needs a session; a request without one is sent to sign in.
    request.who = sessions_.current(request.cookies.get(kSessionCookie, ""), domain::nowMillis());
    if (!request.who) return redirectTo("/dashboard/login");
    if (post &&
        !domain::constantTimeEquals(request.form.get("csrf", ""), request.who->session.csrfToken)) {
        return problem(403, "Form expired",
                       "This form is out of date or did not come from this dashboard. Go back, "
                       "reload the page and try again.",
                       &*request.who);
    }
    return signedInAnswer(request);
}

Reply Dashboard::signedInAnswer(DashboardRequest& request) {
    const bool get = request.method == "GET";
    const bool post = request.method == "POST";
    const SignedIn* who = &*request.who;
    if (is(request, {"logout"}))
        return post ? logout(*this, request) : methodNotAllowed(request, kForms);
    if (is(request, {}) || is(request, {""})) {
        return get ? overview(*this, request) : methodNotAllowed(request, kReads);
    }
    if (is(request, {"campaigns"})) {
        if (get) return campaigns(*this, request);
        if (post) return createCampaign(*this, request);
        return methodNotAllowed(request, kBoth);
    }
    if (is(request, {"campaigns", "*"})) {
        return get ? campaign(*this, request) : methodNotAllowed(request, kReads);
    }
    if (is(request, {"campaigns", "*", "settings"})) {
        return post ? saveCampaignSettings(*this, request) : methodNotAllowed(request, kForms);
    }
    if (is(request, {"campaigns", "*", "prospects", "*"})) {
        return get ? prospect(*this, request) : methodNotAllowed(request, kReads);
    }
    if (is(request, {"campaigns", "*", "test-event"})) {
        return post ? sendTestEvent(*this, request) : methodNotAllowed(request, kForms);
    }
    const bool secretPage = is(request, {"campaigns", "*", "rotate-secret"}) ||
                            is(request, {"campaigns", "*", "secret"});
    if (secretPage && !who->op.isAdmin()) {
        return problem(403, "Admins only",
                       "Only an admin of the organisation manages webhook secrets.", who);
    }
    if (is(request, {"campaigns", "*", "rotate-secret"})) {
        if (get) return confirmRotateSecret(*this, request);
        if (post) return rotateSecret(*this, request);
        return methodNotAllowed(request, kBoth);
    }
    if (is(request, {"campaigns", "*", "secret"})) {
        return get ? newSecret(*this, request) : methodNotAllowed(request, kReads);
    }
    if (is(request, {"campaigns", "*", "deliveries", "*", "redeliver"})) {
        return post ? redeliver(*this, request) : methodNotAllowed(request, kForms);
    }
    if (is(request, {"audit"}))
        return get ? audit(*this, request) : methodNotAllowed(request, kReads);
    if (is(request, {"projects"})) {
        if (get) return projects(*this, request);
        if (post) return createProject(*this, request);
        return methodNotAllowed(request, kBoth);
    }
    if (is(request, {"projects", "*"})) {
        return get ? project(*this, request) : methodNotAllowed(request, kReads);
    }
    if (is(request, {"projects", "*", "schema"})) {
        return post ? saveSchema(*this, request) : methodNotAllowed(request, kForms);
    }
    if (is(request, {"projects", "*", "jobs", "*", "retry"})) {
        return post ? retryJob(*this, request) : methodNotAllowed(request, kForms);
    }
    const bool keyPage = is(request, {"keys"}) || is(request, {"keys", "new"}) ||
                         is(request, {"keys", "*", "revoke"});
    if (keyPage && !who->op.isAdmin()) {
        return problem(403, "Admins only", "Only an admin of the organisation manages API keys.",
                       who);
    }
    if (is(request, {"keys"})) {
        if (get) return keys(*this, request);
        if (post) return createKey(*this, request);
        return methodNotAllowed(request, kBoth);
    }
    if (is(request, {"keys", "new"}))
        return get ? newKey(*this, request) : methodNotAllowed(request, kReads);
    if (is(request, {"keys", "*", "revoke"})) {
        if (get) return confirmRevokeKey(*this, request);
        if (post) return revokeKey(*this, request);
        return methodNotAllowed(request, kBoth);
    }
    return adminAnswer(request);
}

Reply Dashboard::adminAnswer(DashboardRequest& request) {
    const bool get = request.method == "GET";
    const bool post = request.method == "POST";
    const SignedIn* who = &*request.who;
    if (!request.segments.empty() && request.segments[0] == "endpoints" && !who->op.isAdmin()) {
        return problem(403, "Admins only",
                       "Only an admin of the organisation manages webhook endpoints.", who);
    }
    if (is(request, {"endpoints"})) {
        if (get) return endpoints(*this, request);
        if (post) return createEndpoint(*this, request);
        return methodNotAllowed(request, kBoth);
    }
    if (is(request, {"endpoints", "*", "secret"}))
        return get ? newEndpointSecret(*this, request) : methodNotAllowed(request, kReads);
    if (is(request, {"endpoints", "*", "delete"})) {
        if (get) return confirmDeleteEndpoint(*this, request);
        if (post) return deleteEndpoint(*this, request);
        return methodNotAllowed(request, kBoth);
    }
    if (is(request, {"endpoints", "*", "deliveries", "*", "redeliver"}))
        return post ? redeliverToEndpoint(*this, request) : methodNotAllowed(request, kForms);
    return operatorAnswer(request);
}

Reply Dashboard::operatorAnswer(DashboardRequest& request) {
    const bool get = request.method == "GET";
    const bool post = request.method == "POST";
    const SignedIn* who = &*request.who;
    if (!request.segments.empty() && request.segments[0] == "operators" && !who->op.isAdmin()) {
        return problem(403, "Admins only",
                       "Only an admin of the organisation manages its operators.", who);
    }
    if (is(request, {"operators"})) {
        if (get) return operators(*this, request);
        if (post) return addOperator(*this, request);
        return methodNotAllowed(request, kBoth);
    }
    if (is(request, {"operators", "link"}))
        return get ? shownLink(*this, request) : methodNotAllowed(request, kReads);
    if (is(request, {"operators", "*", "link"})) {
        return post ? newOperatorLink(*this, request) : methodNotAllowed(request, kForms);
    }
    if (is(request, {"operators", "*", "disable"})) {
        if (get) return confirmDisableOperator(*this, request);
        if (post) return disableOperator(*this, request);
        return methodNotAllowed(request, kBoth);
    }
    return problem(404, "Not found", "There is no such page.", who);
}

}  // namespace lodestone::dashboard
