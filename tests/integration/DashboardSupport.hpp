#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ApiSupport.hpp"

namespace lodestone::test {

// A browser as far as the dashboard can tell: it keeps the cookies it is given, sends forms and
// finds the CSRF token on the last page it read.
class DashboardBrowser {
  public:
    explicit DashboardBrowser(ApiDaemon& api) : api_(api) {}

    HttpReply get(const std::string& path);
    // A form post (application/x-www-form-urlencoded) of `fields` as given.
    HttpReply post(const std::string& path, const std::map<std::string, std::string>& fields);
    // The same, with the CSRF token of the last page read.
    HttpReply submit(const std::string& path, std::map<std::string, std::string> fields = {});
    // The same for a form with a name given more than once (ticked checkboxes).
    HttpReply submitEach(const std::string& path,
                         std::vector<std::pair<std::string, std::string>> fields);

    // A file chosen in a form's file input `field` and posted as multipart/form-data to `path`
    // (the action of an upload form, CSRF token in its query string included).
    HttpReply upload(const std::string& path, const std::string& field, const std::string& fileName,
                     const std::string& content);

    // Signs in through the login form; the answer to the form's post.
    HttpReply signIn(const std::string& email, const std::string& password);

    std::string cookie(const std::string& name) const;
    void setCookie(const std::string& name, const std::string& value) { cookies_[name] = value; }
    const std::string& lastPage() const { return lastPage_; }

  private:
    HttpReply send(const std::string& method, const std::string& path, const std::string& body,
                   std::map<std::string, std::string> headers);

    ApiDaemon& api_;
    std::map<std::string, std::string> cookies_;
    std::string lastPage_;
};

// An operator made with lodestonectl whose password is set through the link it printed.
struct Operator {
    std::string id;
    std::string email;
    std::string password;
};
Operator makeOperator(ApiDaemon& api, const std::string& organisation, const std::string& email,
                      const std::string& role);

// A browser signed in as `op`, on the overview page.
DashboardBrowser signedIn(ApiDaemon& api, const Operator& op);

// A webhook delivery made as `spec` says for `campaign` (or, with spec.endpointId, for that
// endpoint of its organisation), whose first attempt failed for good with `statusCode` and
// `error`; its id.
std::string failedDelivery(ApiDaemon& api, const domain::Campaign& campaign, DeliverySpec spec,
                           int statusCode, const std::string& error);

// A value of an HTML page's input named `name`, as a browser would post it; or empty.
std::string inputValue(const std::string& html, const std::string& name);

// HTML text with its character references (&amp; &lt; &gt; &quot; &#39;) read back.
std::string htmlUnescaped(const std::string& html);

}  // namespace lodestone::test
