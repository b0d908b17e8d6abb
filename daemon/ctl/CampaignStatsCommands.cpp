// `campaign stats`: a campaign's numbers (docs/api.md, Campaign numbers), as the API's GET
// /api/campaigns/{id}/stats gives them (outreach::stats).
#include <cstdio>
#include <sstream>

#include "Commands.hpp"
#include "admin/Administration.hpp"
#include "outreach/stats/StatsJson.hpp"

namespace lodestone::ctl {
namespace {

using outreach::stats::CampaignStats;
using outreach::stats::EmailCounts;

std::string percent(std::int64_t count, std::int64_t sent) {
    const auto rate = outreach::stats::rateOf(count, sent);
    if (!rate) return "-";
    char text[16];
    std::snprintf(text, sizeof text, "%.1f%%", *rate * 100.0);
    return text;
}

void emailRow(std::ostream& out, const std::string& label, const EmailCounts& emails) {
    char row[160];
    std::snprintf(
        row, sizeof row, "  %-8s %8lld %8lld %7s %8lld %7s %13lld %7s\n", label.c_str(),
        static_cast<long long>(emails.sent), static_cast<long long>(emails.bounced),
        percent(emails.bounced, emails.sent).c_str(), static_cast<long long>(emails.replied),
        percent(emails.replied, emails.sent).c_str(), static_cast<long long>(emails.unsubscribed),
        percent(emails.unsubscribed, emails.sent).c_str());
    out << row;
}

std::string statsText(const domain::Campaign& campaign, const CampaignStats& stats) {
    using outreach::stats::dateOf;
    std::ostringstream out;
    const auto& period = stats.period;
    out << "Campaign " << campaign.name << " (" << campaign.id << "), "
        << (period.asked ? dateOf(period.asked->first) + " to " + dateOf(period.asked->last)
                         : std::string("all time"))
        << ". Opens are not tracked.\n\n";
    out << "Prospects: " << stats.prospects;
    std::string separator = " (";
    for (const auto& [status, n] : stats.prospectsByStatus) {
        if (n == 0) continue;
        out << separator << status << " " << n;
        separator = ", ";
    }
    out << (separator == ", " ? ")" : "") << "\n";
    const auto& funnel = stats.funnel;
    out << "Funnel: added " << funnel.added << " > qualified " << funnel.qualified << " > emailed "
        << funnel.emailed << " > viewed lead magnet " << funnel.viewedLeadMagnet << " > replied "
        << funnel.replied << " > booked " << funnel.booked << "\n\n";
    out << "  Emails       sent  bounced         replied         unsubscribed\n";
    for (const auto& step : stats.steps)
        emailRow(out, "step " + std::to_string(step.step), step.emails);
    emailRow(out, "total", stats.emails);
    out << "\nMeetings: " << stats.meetingsBooked << " booked ("
        << percent(stats.meetingsBooked, stats.emails.sent) << " of emails sent), "
        << stats.meetingsCancelled << " cancelled\n";
    out << "Lead magnets: " << stats.leadMagnetsMade << " made, " << stats.leadMagnetsViewed
        << " viewed (" << stats.pageViews << " views, " << stats.ctaClicks
        << " calls to action followed)\n";
    out << "\nBy day, " << dateOf(period.series.first) << " to " << dateOf(period.series.last)
        << " (days with activity):\n";
    bool any = false;
    for (const auto& day : stats.daily) {
        const auto& e = day.emails;
        if (e.sent + e.bounced + e.replied + e.unsubscribed + day.meetingsBooked +
                day.leadMagnetsViewed ==
            0) {
            continue;
        }
        any = true;
        out << "  " << dateOf(day.day) << "  sent " << e.sent << ", bounced " << e.bounced
            << ", replied " << e.replied << ", unsubscribed " << e.unsubscribed << ", booked "
            << day.meetingsBooked << ", lead magnets viewed " << day.leadMagnetsViewed << "\n";
    }
    if (!any) out << "  none\n";
    return out.str();
}

Result stats(const Arguments& args, storage::Store& store, const config::Config&,
             const domain::Clock& clock) {
    args.expectPositionals(1, "CAMPAIGN_ID");
    const auto now = clock.now();
    outreach::stats::StatsPeriod period;
    try {
        period = outreach::stats::readPeriod(args.value("from"), args.value("to"), now);
    } catch (const outreach::stats::InvalidStatsPeriod& invalid) {
        throw UsageError("--" + invalid.parameter() + ": " + invalid.what());
    }
    domain::Campaign campaign;
    auto numbers = store.read([&](storage::Repositories& repos) {
        campaign = admin::Administration(repos, now).campaign(args.positionals()[0]);
        return outreach::stats::campaignStats(repos, campaign, period);
    });
    Result result;
    result.json = outreach::stats::toJson(numbers);
    result.text = statsText(campaign, numbers);
    return result;
}

}  // namespace

std::vector<Command> campaignStatsCommands() {
    return {{"campaign",
             "stats",
             "campaign stats ID [--from YYYY-MM-DD] [--to YYYY-MM-DD]",
             "Shows campaign ID's numbers: prospects by status, the funnel, emails sent, bounced,\n"
             "replied and unsubscribed per step with their rates over emails sent, meetings,\n"
             "lead magnets and the days with activity (docs/api.md, Campaign numbers). Opens are\n"
             "not tracked.\n\n"
             "  --from DAY, --to DAY  count only these days (UTC, both counted, at most 366);\n"
             "                       one alone reaches to today or back 30 days. Without them\n"
             "                       the totals are of all time and the days the last 30.\n",
             {{"from"}, {"to"}},
             stats}};
}

}  // namespace lodestone::ctl
