// Signing in and out, and setting a password from a one-time link.
#include <Poco/Logger.h>
#include <Poco/String.h>

#include <algorithm>

#include "admin/OperatorAccounts.hpp"
#include "admin/PasswordHash.hpp"
#include "dashboard/Pages.hpp"
#include "domain/Email.hpp"
#include "domain/Random.hpp"
#include "domain/Secrets.hpp"
#include "domain/Time.hpp"
#include "storage/OperatorRepository.hpp"
#include "storage/StorageError.hpp"

namespace lodestone::dashboard {
namespace {

constexpr std::size_t kLoginTokenLength = 32;
constexpr std::size_t kLongestEmail = 254;  // RFC 5321's path limit, less the brackets
constexpr int kSessionCookieSeconds = 7 * 24 * 60 * 60;

// A hash of a password nobody has, checked when the email is unknown so that a wrong email
// takes as long to refuse as a wrong password.
const std::string& decoyHash() {
    static const std::string hash = admin::hashPassword(domain::randomAlphanumeric(24));
    return hash;
}

std::string cookie(const Dashboard& dashboard, const std::string& name, const std::string& value,
                   int maxAgeSeconds) {
    return name + "=" + value + "; Path=/dashboard; Max-Age=" + std::to_string(maxAgeSeconds) +
           "; HttpOnly; SameSite=Strict" + (dashboard.secureCookies() ? "; Secure" : "");
}

Reply loginPage(Dashboard& dashboard, int status, const std::string& error,
                const std::string& email) {
    // The form carries a token that must match a cookie set with it: a page elsewhere cannot
    // post a sign-in (into the attacker's account) on the operator's behalf.
    const std::string token = domain::randomAlphanumeric(kLoginTokenLength);
    mustache::data data;
    data.set("loginToken", token);
    data.set("emailValue", email);
    if (!error.empty()) data.set("error", error);
    Reply reply = page(status, "Sign in", "login.mustache", std::move(data), nullptr);
    reply.setCookies.push_back(cookie(dashboard, kLoginCookie, token, 3600));
    return reply;
}

// The set-password form of a link, with `error` above it; a 404 page for a link that is unknown,
// used or expired.
Reply setPasswordPage(Dashboard& dashboard, const std::string& token, const std::string& error) {
    const auto now = dashboard.services().clock.now();
    auto op = dashboard.services().store.read(
        [&](storage::Repositories& repositories) -> std::optional<domain::Operator> {
            auto setup = repositories.operators().findPasswordSetup(domain::sha256Hex(token), now);
            if (!setup) return std::nullopt;
            return repositories.operators().find(setup->operatorId);
        });
    if (!op || op->disabledAt) {
        return problem(404, "Link not valid",
                       "This link is unknown, used or expired. Ask an admin for a new one "
                       "(lodestonectl user link).",
                       nullptr);
    }
    mustache::data data;
    data.set("token", token);
    data.set("email", op->email);
    if (!error.empty()) data.set("error", error);
    return page(error.empty() ? 200 : 400, "Set your password", "set-password.mustache",
                std::move(data), nullptr);
}

}  // namespace

Reply loginForm(Dashboard& dashboard, DashboardRequest& request, const std::string& error) {
    std::string message = error;
    if (message.empty() && request.field("password_set") == "1") {
        message = "Your password is set. Sign in with it.";
    }
    return loginPage(dashboard, 200, message, "");
}

Reply login(Dashboard& dashboard, DashboardRequest& request) {
    const auto now = dashboard.services().clock.now();
    const std::string email = Poco::toLower(request.field("email"));
    const std::string password = request.field("password");
    const std::string token = request.cookies.get(kLoginCookie, "");
    if (token.empty() || !domain::constantTimeEquals(token, request.form.get("login_token", ""))) {
        return loginPage(dashboard, 403, "The sign-in form expired. Sign in again.", email);
    }
    // Only something shaped like an email is looked up, counted or logged: no line breaks in
    // the log, no unbounded keys in the throttle.
    if (email.size() > kLongestEmail || !domain::isValidEmail(email)) {
        return loginPage(dashboard, 401, "That email and password do not match an operator.", "");
    }
    auto& throttle = dashboard.throttle();
    if (auto wait = throttle.admit(email, request.clientAddress, now); wait > 0) {
        const auto minutes = std::max<domain::Timestamp>(1, (wait + 59'999) / 60'000);
        return loginPage(dashboard, 429,
                         "Too many failed sign-ins. Try again in " + std::to_string(minutes) +
                             (minutes == 1 ? " minute." : " minutes."),
                         email);
    }
    auto op = dashboard.services().store.read([&](storage::Repositories& repositories) {
        return repositories.operators().findByEmail(email);
    });
    const bool usable = op && op->passwordHash && !op->disabledAt;
    const bool matches = admin::passwordMatches(usable ? *op->passwordHash : decoyHash(), password);
    if (!usable || !matches) {
        Poco::Logger::get("lodestone.dashboard")
            .warning("failed sign-in for %s from %s", email, request.clientAddress);
        return loginPage(dashboard, 401, "That email and password do not match an operator.",
                         email);
    }
    throttle.succeeded(email, request.clientAddress, now);
    // Whoever was signed in in this browser before is signed out on the server too.
    if (auto previous = request.cookies.get(kSessionCookie, ""); !previous.empty()) {
        dashboard.sessions().end(previous);
    }
    // Always a fresh session: a token planted in the browser before sign-in is never used.
    const std::string sessionToken = dashboard.sessions().begin(*op, now);
    Reply reply = redirectTo("/dashboard/");
    reply.setCookies.push_back(
        cookie(dashboard, kSessionCookie, sessionToken, kSessionCookieSeconds));
    reply.setCookies.push_back(cookie(dashboard, kLoginCookie, "", 0));
    Poco::Logger::get("lodestone.dashboard")
        .information("%s signed in from %s", op->email, request.clientAddress);
    return reply;
}

Reply logout(Dashboard& dashboard, DashboardRequest& request) {
    dashboard.sessions().end(request.cookies.get(kSessionCookie, ""));
    Reply reply = redirectTo("/dashboard/login");
    reply.setCookies.push_back(cookie(dashboard, kSessionCookie, "", 0));
    return reply;
}

Reply setPasswordForm(Dashboard& dashboard, DashboardRequest& request) {
    return setPasswordPage(dashboard, request.param("token"), "");
}

Reply setPassword(Dashboard& dashboard, DashboardRequest& request) {
    const std::string& token = request.param("token");
    const std::string password = request.field("password");
    if (password != request.field("confirm")) {
        return setPasswordPage(dashboard, token, "The two passwords differ.");
    }
    try {
        admin::checkNewPassword(password);
        dashboard.services().store.write([&](storage::Repositories& repositories) {
            const auto now = dashboard.services().clock.now();
            auto setup = repositories.operators().findPasswordSetup(domain::sha256Hex(token), now);
            auto op = setup ? repositories.operators().find(setup->operatorId) : std::nullopt;
            admin::OperatorAccounts(repositories, now, op ? op->email : "operator")
                .setPassword(token, password);
        });
    } catch (const std::invalid_argument& e) {
        return setPasswordPage(dashboard, token, e.what());
    } catch (const storage::NotFound&) {
        return setPasswordPage(dashboard, token, "");  // the link's own 404 page
    }
    return redirectTo("/dashboard/login?password_set=1");
}

}  // namespace lodestone::dashboard
