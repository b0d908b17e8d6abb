#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "domain/Records.hpp"
#include "outreach/stats/StatsPeriod.hpp"
#include "storage/CampaignStatsRepository.hpp"

namespace lodestone::storage {
class Repositories;
}

namespace lodestone::outreach::stats {

// Emails of a step, a day or a campaign, and how their prospects answered.
struct EmailCounts {
    std::int64_t sent = 0;
    std::int64_t bounced = 0;
    std::int64_t replied = 0;
    std::int64_t unsubscribed = 0;
};

struct StepNumbers {
    int step = 1;  // 1-based, as the sequence is shown
    EmailCounts emails;
};

struct DayNumbers {
    std::int64_t day = 0;  // storage::DayRange's numbering
    EmailCounts emails;
    std::int64_t meetingsBooked = 0;
    std::int64_t leadMagnetsViewed = 0;
};

// What a campaign (or every campaign of an organisation) came to in a period (docs/api.md,
// Campaign numbers).
struct CampaignStats {
    storage::StatsScope scope;
    std::size_t campaigns = 1;
    StatsPeriod period;
    std::map<std::string, std::int64_t> prospectsByStatus;  // every status, 0 where none
    std::int64_t prospects = 0;
    storage::FunnelCounts funnel;
    EmailCounts emails;
    std::vector<StepNumbers> steps;
    std::int64_t meetingsBooked = 0;
    std::int64_t meetingsCancelled = 0;
    std::int64_t leadMagnetsMade = 0;
    std::int64_t leadMagnetsViewed = 0;
    std::int64_t pageViews = 0;
    std::int64_t ctaClicks = 0;
    std::vector<DayNumbers> daily;  // each day of period.series, oldest first
};

// Read in one transaction of `repositories`.
CampaignStats campaignStats(storage::Repositories& repositories, const domain::Campaign& campaign,
                            const StatsPeriod& period);
CampaignStats organisationStats(storage::Repositories& repositories,
                                const std::string& organisationId, const StatsPeriod& period);

// A count over the emails sent; none when nothing was sent.
std::optional<double> rateOf(std::int64_t count, std::int64_t sent);

}  // namespace lodestone::outreach::stats
