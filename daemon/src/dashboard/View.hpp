#pragma once

#include <functional>
#include <kainjow/mustache.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "dashboard/Sessions.hpp"
#include "domain/Jobs.hpp"
#include "domain/Prospects.hpp"
#include "domain/Records.hpp"

namespace lodestone::dashboard {

namespace mustache = kainjow::mustache;

// What a dashboard request answers: a page, or a redirect (303 after every form, so a reload
// never posts twice).
struct Reply {
    int status = 200;
    std::string body;
    std::string contentType = "text/html; charset=utf-8";
    std::string location;  // set: a 303 to it
    std::string allow;     // a 405's Allow header
    std::vector<std::string> setCookies;
    // A download (a CSV export): the body written as it is sent, instead of `body`, and the
    // file name it is saved under.
    std::function<void(std::ostream&)> stream = {};
    std::string attachment = {};
};

// The navigation item a page belongs to.
enum class Section {
    None,
    Overview,
    Campaigns,
    Projects,
    Suppressions,
    Keys,
    Endpoints,
    Operators,
    Audit
};

// A page in the dashboard's layout (templates/layout.mustache): `content` names the page's own
// template in templates/ ("campaign.mustache"), rendered with `data` (which the layout reads too:
// every value HTML-escaped). `who` is the signed-in operator, when there is one (the navigation,
// sign-out form and its CSRF token).
Reply page(int status, const std::string& title, std::string_view content, mustache::data data,
           const SignedIn* who, Section section = Section::None);

Reply redirectTo(std::string location);

// A page that says what went wrong (404, 403, 400) in the layout.
Reply problem(int status, const std::string& title, const std::string& message,
              const SignedIn* who);

// A status filter's options: each status's name, and whether it is the one chosen.
template <typename Status>
mustache::data statusOptions(const std::vector<Status>& statuses, std::optional<Status> chosen) {
    mustache::data options{mustache::data::type::list};
    for (auto status : statuses) {
        mustache::data option;
        option.set("name", std::string(domain::toString(status)));
        option.set("selected", chosen == status);
        options.push_back(option);
    }
    return options;
}

// The organisation's projects as a form's choices: each one's id and name, and whether it is the
// one `chosen` (a project id; empty: none).
mustache::data projectChoices(const std::vector<domain::Project>& projects,
                              const std::string& chosen = "");

// "2026-11-25 14:03 UTC", as every page shows times.
std::string shownTime(domain::Timestamp at);

// "3 views, last 2026-11-25 10:02 · 1 call to action followed", or "Not viewed yet".
std::string pageActivityText(const domain::PageActivity& activity);

}  // namespace lodestone::dashboard
