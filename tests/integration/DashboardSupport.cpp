#include "DashboardSupport.hpp"

#include <Poco/URI.h>
#include <gtest/gtest.h>

#include <cstring>
#include <regex>

#include "domain/Clock.hpp"
#include "domain/Time.hpp"
#include "storage/WebhookDeliveryQueue.hpp"

namespace lodestone::test {
namespace {

template <typename Fields>
std::string formEncoded(const Fields& fields) {
    std::string body;
    for (const auto& [name, value] : fields) {
        std::string encodedName, encodedValue;
        Poco::URI::encode(name, "&=+ ", encodedName);
        Poco::URI::encode(value, "&=+ ", encodedValue);
        body += (body.empty() ? "" : "&") + encodedName + "=" + encodedValue;
    }
    return body;
}

}  // namespace

HttpReply DashboardBrowser::send(const std::string& method, const std::string& path,
                                 const std::string& body,
                                 std::map<std::string, std::string> headers) {
    std::string cookieHeader;
    for (const auto& [name, value] : cookies_) {
        cookieHeader += (cookieHeader.empty() ? "" : "; ") + name + "=" + value;
    }
    if (!cookieHeader.empty()) headers["Cookie"] = cookieHeader;
    auto reply = httpRequest(api_.port(), method, path, body, headers);
    // "name=value; Path=…; Max-Age=0" clears it, as a browser would.
    static const std::regex setCookie(R"(^([^=;]+)=([^;]*)(.*)$)");
    for (const auto& line : reply.setCookies) {
        std::smatch match;
        if (!std::regex_match(line, match, setCookie)) continue;
        if (match[3].str().find("Max-Age=0") != std::string::npos) {
            cookies_.erase(match[1].str());
        } else {
            cookies_[match[1].str()] = match[2].str();
        }
    }
    if (reply.headers["Content-Type"].starts_with("text/html")) lastPage_ = reply.body;
    return reply;
}

HttpReply DashboardBrowser::upload(const std::string& path, const std::string& field,
                                   const std::string& fileName, const std::string& content) {
    const std::string boundary = "----lodestone-test-boundary-7MA4YWxkTrZu0gW";
    const std::string body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" +
                             field + "\"; filename=\"" + fileName +
                             "\"\r\nContent-Type: text/csv\r\n\r\n" + content + "\r\n--" +
                             boundary + "--\r\n";
    return send("POST", path, body,
                {{"Content-Type", "multipart/form-data; boundary=" + boundary}});
}

HttpReply DashboardBrowser::get(const std::string& path) {
    return send("GET", path, "", {});
}

HttpReply DashboardBrowser::post(const std::string& path,
                                 const std::map<std::string, std::string>& fields) {
    return send("POST", path, formEncoded(fields),
                {{"Content-Type", "application/x-www-form-urlencoded"}});
}

HttpReply DashboardBrowser::submit(const std::string& path,
                                   std::map<std::string, std::string> fields) {
    fields.emplace("csrf", inputValue(lastPage_, "csrf"));
    return post(path, fields);
}

HttpReply DashboardBrowser::submitEach(const std::string& path,
                                       std::vector<std::pair<std::string, std::string>> fields) {
    fields.emplace_back("csrf", inputValue(lastPage_, "csrf"));
    return send("POST", path, formEncoded(fields),
                {{"Content-Type", "application/x-www-form-urlencoded"}});
}

HttpReply DashboardBrowser::signIn(const std::string& email, const std::string& password) {
    get("/dashboard/login");
    return post("/dashboard/login", {{"login_token", inputValue(lastPage_, "login_token")},
                                     {"email", email},
                                     {"password", password}});
}

std::string DashboardBrowser::cookie(const std::string& name) const {
    auto found = cookies_.find(name);
    return found == cookies_.end() ? "" : found->second;
}

std::string failedDelivery(ApiDaemon& api, const domain::Campaign& campaign, DeliverySpec spec,
                           int statusCode, const std::string& error) {
    spec.claimedBy = "test-worker";
    auto delivery = api.factory().delivery(campaign, spec);
    api.store().write([&](storage::Repositories& r) {
        storage::AttemptOutcome outcome;
        outcome.deliveryId = delivery.id;
        outcome.owner = *spec.claimedBy;
        outcome.number = 1;
        outcome.finishedAt = domain::SystemClock().now();
        outcome.statusCode = statusCode;
        outcome.error = error;
        EXPECT_TRUE(r.webhookDeliveryQueue().finishAttempt(outcome));
    });
    return delivery.id;
}

std::string inputValue(const std::string& html, const std::string& name) {
    std::smatch match;
    const std::regex input("name=\"" + name + "\" value=\"([^\"]*)\"");
    return std::regex_search(html, match, input) ? htmlUnescaped(match[1].str()) : "";
}

Operator makeOperator(ApiDaemon& api, const std::string& organisation, const std::string& email,
                      const std::string& role) {
    const auto orgId = api.factory().organisationNamed(organisation).id;
    auto made = api.ctl({"user", "create", "--org", orgId, "--email", email, "--role", role});
    Operator op{made->getValue<std::string>("id"), email, "a long enough passphrase"};
    const std::string link = made->getValue<std::string>("setPasswordLink");
    const std::string path = link.substr(link.find("/dashboard/"));
    DashboardBrowser browser(api);
    auto set = browser.post(path, {{"password", op.password}, {"confirm", op.password}});
    EXPECT_EQ(set.status, 303) << set.body;
    return op;
}

DashboardBrowser signedIn(ApiDaemon& api, const Operator& op) {
    DashboardBrowser browser(api);
    auto reply = browser.signIn(op.email, op.password);
    EXPECT_EQ(reply.status, 303) << reply.body;
    EXPECT_EQ(reply.headers["Location"], "/dashboard/");
    browser.get("/dashboard/");
    return browser;
}

std::string htmlUnescaped(const std::string& html) {
    static const std::pair<const char*, const char*> kReferences[] = {
        {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&#39;", "'"}};
    std::string text = html;
    for (const auto& [reference, character] : kReferences) {
        for (auto at = text.find(reference); at != std::string::npos;
             at = text.find(reference, at + 1)) {
            text.replace(at, std::strlen(reference), character);
        }
    }
    // Last, so "&amp;lt;" reads as "&lt;" and not "<".
    for (auto at = text.find("&amp;"); at != std::string::npos; at = text.find("&amp;", at + 1)) {
        text.replace(at, 5, "&");
    }
    return text;
}

}  // namespace lodestone::test
