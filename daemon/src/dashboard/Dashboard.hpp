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
#include "storage/Store.hpp"

namespace lodestone::dashboard {

// What the dashboard works with: the same store and wake-ups as the API.
struct DashboardServices {
    const config::Config& config;
    storage::Store& store;
    std::function<void()> webhookQueued;  // wakes the delivery loop after a redelivery
    std::function<void()> jobQueued;      // wakes the job engine after a retry
};

// One request as the pages read it.
struct DashboardRequest {
    std::string method;                     // HEAD arrives as GET
    std::vector<std::string> segments;      // the path after /dashboard/, split at '/'
    Poco::Net::NameValueCollection fields;  // the query string, and a POST's form
    Poco::Net::NameValueCollection form;    // a POST's form alone (where tokens must come from)
    Poco::Net::NameValueCollection cookies;
    std::string clientAddress;
    std::optional<SignedIn> who;  // set for every page but sign-in and set-password

    // A field, or empty.
    std::string field(const std::string& name) const { return fields.get(name, ""); }
    std::vector<std::string> allOf(const std::string& name) const;
};

// The dashboard under /dashboard/ (docs/dashboard.md): server-rendered pages for operators,
// with sessions, CSRF tokens on every form, and every change through the same services as the
// API and lodestonectl, recorded in the audit log.
class Dashboard {
  public:
    explicit Dashboard(DashboardServices services);

    Poco::Net::HTTPRequestHandler* newHandler();
    Reply answer(DashboardRequest& request);

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
    Reply signedInAnswer(DashboardRequest& request);
    Reply adminAnswer(DashboardRequest& request);
    Reply operatorAnswer(DashboardRequest& request);

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
