#include "dashboard/View.hpp"

#include <Poco/DateTimeFormatter.h>
#include <Poco/Timestamp.h>

#include <stdexcept>

#include "embedded/templates.hpp"

namespace lodestone::dashboard {
namespace {

mustache::data operatorData(const SignedIn& who, Section section) {
    mustache::data data;
    data.set("email", who.op.email);
    data.set("role", std::string(domain::toString(who.op.role)));
    data.set("csrf", who.session.csrfToken);
    data.set("admin", who.op.isAdmin());
    data.set("navOverview", section == Section::Overview);
    data.set("navCampaigns", section == Section::Campaigns);
    data.set("navProjects", section == Section::Projects);
    data.set("navSuppressions", section == Section::Suppressions);
    data.set("navKeys", section == Section::Keys);
    data.set("navEndpoints", section == Section::Endpoints);
    data.set("navOperators", section == Section::Operators);
    data.set("navAudit", section == Section::Audit);
    return data;
}

}  // namespace

Reply page(int status, const std::string& title, std::string_view content, mustache::data data,
           const SignedIn* who, Section section) {
    data.set("title", title);
    if (who) {
        data.set("who", operatorData(*who, section));
        // Forms in the page's own content read it at the top level.
        data.set("csrf", who->session.csrfToken);
    }
    data.set("content",
             mustache::partial([text = templates(content)] { return std::string(text); }));
    mustache::mustache layout{std::string(templates("layout.mustache"))};
    std::string html = layout.render(data);
    if (!layout.is_valid()) throw std::logic_error("dashboard template: " + layout.error_message());
    Reply reply;
    reply.status = status;
    reply.body = std::move(html);
    return reply;
}

Reply redirectTo(std::string location) {
    Reply reply;
    reply.status = 303;
    reply.location = std::move(location);
    return reply;
}

Reply problem(int status, const std::string& title, const std::string& message,
              const SignedIn* who) {
    mustache::data data;
    data.set("message", message);
    return page(status, title, "problem.mustache", std::move(data), who);
}

mustache::data projectChoices(const std::vector<domain::Project>& projects,
                              const std::string& chosen) {
    mustache::data choices{mustache::data::type::list};
    for (const auto& project : projects) {
        mustache::data choice;
        choice.set("id", project.id);
        choice.set("name", project.name);
        choice.set("selected", !chosen.empty() && project.id == chosen);
        choices.push_back(choice);
    }
    return choices;
}

std::string shownTime(domain::Timestamp at) {
    return Poco::DateTimeFormatter::format(Poco::Timestamp(at * 1000), "%Y-%m-%d %H:%M UTC");
}

std::string pageActivityText(const domain::PageActivity& activity) {
    if (activity.views == 0 && activity.ctaClicks == 0) return "Not viewed yet";
    std::string text = std::to_string(activity.views) + (activity.views == 1 ? " view" : " views");
    if (activity.lastViewedAt) text += ", last " + shownTime(*activity.lastViewedAt);
    if (activity.ctaClicks > 0) {
        text +=
            " · " + std::to_string(activity.ctaClicks) +
            (activity.ctaClicks == 1 ? " call to action followed" : " calls to action followed");
    }
    return text;
}

}  // namespace lodestone::dashboard
