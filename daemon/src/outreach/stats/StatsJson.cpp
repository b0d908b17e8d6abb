#include "outreach/stats/StatsJson.hpp"

#include <Poco/JSON/Array.h>

#include "domain/JsonValues.hpp"

namespace lodestone::outreach::stats {
namespace {

using domain::orderedObject;
using Object = Poco::JSON::Object::Ptr;

Poco::Dynamic::Var rate(std::int64_t count, std::int64_t sent) {
    auto value = rateOf(count, sent);
    return value ? Poco::Dynamic::Var(*value) : Poco::Dynamic::Var();
}

Object emailJson(const EmailCounts& emails, std::optional<int> step = std::nullopt) {
    auto json = orderedObject();
    if (step) json->set("step", *step);
    json->set("sent", emails.sent);
    json->set("bounced", emails.bounced);
    json->set("replied", emails.replied);
    json->set("unsubscribed", emails.unsubscribed);
    json->set("bounceRate", rate(emails.bounced, emails.sent));
    json->set("replyRate", rate(emails.replied, emails.sent));
    json->set("unsubscribeRate", rate(emails.unsubscribed, emails.sent));
    return json;
}

Object dayJson(const DayNumbers& day) {
    auto json = orderedObject();
    json->set("date", dateOf(day.day));
    json->set("sent", day.emails.sent);
    json->set("bounced", day.emails.bounced);
    json->set("replied", day.emails.replied);
    json->set("unsubscribed", day.emails.unsubscribed);
    json->set("meetingsBooked", day.meetingsBooked);
    json->set("leadMagnetsViewed", day.leadMagnetsViewed);
    return json;
}

}  // namespace

Poco::JSON::Object::Ptr toJson(const CampaignStats& stats) {
    auto json = orderedObject();
    if (stats.scope.campaignId) {
        json->set("campaignId", *stats.scope.campaignId);
    } else {
        json->set("organisationId", stats.scope.organisationId);
        json->set("campaigns", static_cast<std::int64_t>(stats.campaigns));
    }
    const auto& asked = stats.period.asked;
    json->set("from", asked ? Poco::Dynamic::Var(dateOf(asked->first)) : Poco::Dynamic::Var());
    json->set("to", asked ? Poco::Dynamic::Var(dateOf(asked->last)) : Poco::Dynamic::Var());
    // Said, so that nobody looks for them: a tracking pixel costs deliverability and privacy.
    json->set("opensTracked", false);

    auto byStatus = orderedObject();
    for (const auto& [status, n] : stats.prospectsByStatus) byStatus->set(status, n);
    auto prospects = orderedObject();
    prospects->set("total", stats.prospects);
    prospects->set("byStatus", byStatus);
    json->set("prospects", prospects);

    auto funnel = orderedObject();
    funnel->set("added", stats.funnel.added);
    funnel->set("qualified", stats.funnel.qualified);
    funnel->set("emailed", stats.funnel.emailed);
    funnel->set("viewedLeadMagnet", stats.funnel.viewedLeadMagnet);
    funnel->set("replied", stats.funnel.replied);
    funnel->set("booked", stats.funnel.booked);
    json->set("funnel", funnel);

    json->set("emails", emailJson(stats.emails));
    Poco::JSON::Array::Ptr steps = new Poco::JSON::Array();
    for (const auto& step : stats.steps) {
        steps->add(emailJson(step.emails, step.step));
    }
    json->set("steps", steps);

    auto meetings = orderedObject();
    meetings->set("booked", stats.meetingsBooked);
    meetings->set("cancelled", stats.meetingsCancelled);
    meetings->set("bookingRate", rate(stats.meetingsBooked, stats.emails.sent));
    json->set("meetings", meetings);

    auto magnets = orderedObject();
    magnets->set("made", stats.leadMagnetsMade);
    magnets->set("viewed", stats.leadMagnetsViewed);
    magnets->set("views", stats.pageViews);
    magnets->set("ctaClicks", stats.ctaClicks);
    json->set("leadMagnets", magnets);

    Poco::JSON::Array::Ptr days = new Poco::JSON::Array();
    for (const auto& day : stats.daily) days->add(dayJson(day));
    json->set("daily", days);
    return json;
}

}  // namespace lodestone::outreach::stats
