#pragma once

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/NameValueCollection.h>

#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "config/Config.hpp"
#include "dashboard/LoginThrottle.hpp"
#include "dashboard/Sessions.hpp"
#include "dashboard/View.hpp"
#include "domain/Clock.hpp"
#include "outreach/sending/OutgoingEmail.hpp"
#include "routing/RouteTable.hpp"
#include "storage/Store.hpp"

namespace lodestone::dashboard {

// What the dashboard works with: the same store and wake-ups as the API.
struct DashboardServices {
    const config::Config& config;
    storage::Store& store;
    const domain::Clock& clock;
    std::function<void()> webhookQueued;  // wakes the delivery loop after a redelivery
    std::function<void()> jobQueued;      // wakes the job engine after a retry
    // Hands a test message to the mailer plugin in force (pipeline.mailer) and returns its
    // accepting answer; throws saying why not. None: this lodestoned has no mailer.
    std::function<outreach::MailerAnswer(const outreach::OutgoingEmail&)> sendTestEmail = {};
    std::function<void()> importQueued = {};  // wakes the import workers after an upload
};

// One request as the pages read it.
struct DashboardRequest {
    std::string method;                         // HEAD arrives as GET
    std::map<std::string, std::string> params;  // the route's ({campaignId}, ...)
    Poco::Net::NameValueCollection fields;      // the query string, and a POST's form
    Poco::Net::NameValueCollection form;        // a POST's form alone (where tokens must come from)
    Poco::Net::NameValueCollection cookies;
    std::string clientAddress;
    // A multipart/form-data POST (a file upload) is not read into `form`: its body is here, to be
    // read as it arrives, and its CSRF token comes in the query string instead.
    std::istream* upload = nullptr;
    std::string uploadType;
    std::optional<SignedIn> who;  // set for every page but sign-in and set-password

    const std::string& param(const std::string& name) const { return params.at(name); }
    // A field, or empty.
    std::string field(const std::string& name) const { return fields.get(name, ""); }
    std::vector<std::string> allOf(const std::string& name) const;
};

class Dashboard;

// A page: what it reads, what it changes, what it shows (Pages.hpp).
using Page = Reply (*)(Dashboard& dashboard, DashboardRequest& request);

// The dashboard under /dashboard/ (docs/dashboard.md): server-rendered pages for operators,
// with sessions, CSRF tokens on every form, and every change through the same services as the
// API and lodestonectl, recorded in the audit log.
class Dashboard {
  public:
    explicit Dashboard(DashboardServices services);

    // The dashboard's rows of the front door's table: every page, with the access it needs.
    std::vector<routing::Route> routes();
    // How the dashboard answers what the table refuses under /dashboard: a page saying so, once
    // the request has passed the checks any page of its path asks for (a path no route takes
    // asks for a session, as every page but signing in does).
    Poco::Net::HTTPRequestHandler* refuse(const Poco::Net::HTTPServerRequest& request,
                                          const routing::Match& match);
    // A request to `page` (none: one the table refused), after the checks its route's access
    // asks for: a session (else a redirect to sign in), a form's CSRF token, an admin.
    Reply answer(DashboardRequest& request, Page page, const routing::Match& match);

    DashboardServices& services() { return services_; }
    Sessions& sessions() { return sessions_; }
    LoginThrottle& throttle() { return throttle_; }
    // Cookies are sent with Secure when the dashboard is reached over https.
    bool secureCookies() const;

    // A secret just made (an API key, a webhook signing secret), kept for the one page that
    // shows it: the form's answer is a redirect, so a reload never makes a second one. In
    // memory only: the plaintext is never stored.
    struct ShownOnce {
        std::string what;  // "key", "secret:<campaign id>", "endpoint:<endpoint id>", "link"
        std::string name;
        std::string plaintext;
        domain::Timestamp createdAt = 0;
    };
    void keepShownOnce(const std::string& sessionTokenHash, ShownOnce secret);
    // Once, and only for the page it was made for: that page takes it.
    std::optional<ShownOnce> takeShownOnce(const std::string& sessionTokenHash,
                                           const std::string& what, domain::Timestamp now);

  private:
    // The refusal `request` gets before its page, if any.
    std::optional<Reply> refusal(DashboardRequest& request, const routing::Access& access);
    Poco::Net::HTTPRequestHandler* newHandler(Page page, const routing::Match& match);

    static constexpr domain::Timestamp kShownOnceKeptMs = 5 * 60 * 1000;

    DashboardServices services_;
    Sessions sessions_;
    LoginThrottle throttle_;
    std::mutex shownOnceMutex_;
    std::map<std::string, ShownOnce> shownOnce_;  // by the session's token hash
};

inline constexpr const char* kSessionCookie = "lodestone_session";
inline constexpr const char* kLoginCookie = "lodestone_login";

}  // namespace lodestone::dashboard
