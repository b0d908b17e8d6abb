#include "outreach/stats/CampaignStats.hpp"

#include <algorithm>
#include <cmath>

#include "domain/Prospects.hpp"
#include "outreach/sequence/Sequence.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::outreach::stats {
namespace {

using storage::DayCount;

// The steps a campaign's sequence has now; a sequence that no longer parses has none to show.
std::size_t sequenceSteps(const domain::Campaign& campaign) {
    if (!campaign.sequenceJson) return 0;
    try {
        return Sequence::parse(*campaign.sequenceJson).steps.size();
    } catch (const std::exception&) {
        return 0;
    }
}

// Adds each count to its step and, when the day is in the series, to its day.
template <typename Field>
void tally(CampaignStats& stats, const std::vector<DayCount>& counts, Field field) {
    const auto& series = stats.period.series;
    for (const auto& count : counts) {
        if (count.step < 0) continue;
        const auto step = static_cast<std::size_t>(count.step);
        if (stats.steps.size() <= step) {
            for (auto n = stats.steps.size(); n <= step; ++n) {
                stats.steps.push_back({static_cast<int>(n) + 1, {}});
            }
        }
        stats.steps[step].emails.*field += count.count;
        stats.emails.*field += count.count;
        if (count.day >= series.first && count.day <= series.last) {
            stats.daily[static_cast<std::size_t>(count.day - series.first)].emails.*field +=
                count.count;
        }
    }
}

// The sum of the counts, and each day's in the series into `field` of its day when given.
std::int64_t total(CampaignStats& stats, const std::vector<DayCount>& counts,
                   std::int64_t DayNumbers::*field = nullptr) {
    std::int64_t sum = 0;
    const auto& series = stats.period.series;
    for (const auto& count : counts) {
        sum += count.count;
        if (field && count.day >= series.first && count.day <= series.last) {
            stats.daily[static_cast<std::size_t>(count.day - series.first)].*field += count.count;
        }
    }
    return sum;
}

CampaignStats assemble(storage::Repositories& repositories, CampaignStats stats,
                       std::size_t knownSteps) {
    const auto counts = repositories.campaignStats().activity(stats.scope, stats.period.asked);
    for (auto status : domain::everyProspectStatus()) {
        stats.prospectsByStatus[std::string(domain::toString(status))] = 0;
    }
    for (const auto& [status, n] : counts.prospectsByStatus) {
        stats.prospectsByStatus[status] = n;
        stats.prospects += n;
    }
    stats.funnel = counts.funnel;
    for (std::size_t n = 0; n < knownSteps; ++n)
        stats.steps.push_back({static_cast<int>(n) + 1, {}});
    const auto& series = stats.period.series;
    for (auto day = series.first; day <= series.last; ++day) stats.daily.push_back({day, {}, 0, 0});
    tally(stats, counts.sent, &EmailCounts::sent);
    tally(stats, counts.bounced, &EmailCounts::bounced);
    tally(stats, counts.replied, &EmailCounts::replied);
    tally(stats, counts.unsubscribed, &EmailCounts::unsubscribed);
    stats.meetingsBooked = total(stats, counts.meetingsBooked, &DayNumbers::meetingsBooked);
    stats.meetingsCancelled = total(stats, counts.meetingsCancelled);
    stats.leadMagnetsMade = total(stats, counts.leadMagnetsMade);
    stats.leadMagnetsViewed =
        total(stats, counts.leadMagnetsViewed, &DayNumbers::leadMagnetsViewed);
    stats.pageViews = counts.pageViews;
    stats.ctaClicks = counts.ctaClicks;
    return stats;
}

}  // namespace

CampaignStats campaignStats(storage::Repositories& repositories, const domain::Campaign& campaign,
                            const StatsPeriod& period) {
    CampaignStats stats;
    stats.scope = {campaign.organisationId, campaign.id};
    stats.period = period;
    return assemble(repositories, std::move(stats), sequenceSteps(campaign));
}

CampaignStats organisationStats(storage::Repositories& repositories,
                                const std::string& organisationId, const StatsPeriod& period) {
    CampaignStats stats;
    stats.scope = {organisationId, std::nullopt};
    stats.period = period;
    stats.campaigns = repositories.campaigns().list(organisationId).size();
    return assemble(repositories, std::move(stats), 0);
}

std::optional<double> rateOf(std::int64_t count, std::int64_t sent) {
    if (sent <= 0) return std::nullopt;
    // Four places: a rate shown as a percentage keeps two decimals.
    return std::round(static_cast<double>(count) / static_cast<double>(sent) * 10'000.0) / 10'000.0;
}

}  // namespace lodestone::outreach::stats
