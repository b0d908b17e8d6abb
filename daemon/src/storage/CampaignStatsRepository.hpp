#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lodestone::storage {

// Whose numbers: one campaign, or (no campaign) every campaign of the organisation.
struct StatsScope {
    std::string organisationId;
    std::optional<std::string> campaignId = std::nullopt;
};

// A UTC day in epoch milliseconds: the numbering of DayRange's days.
inline constexpr std::int64_t kDayMs = 86'400'000;

// Whole UTC days, numbered from 1970-01-01 (epoch milliseconds / kDayMs), both ends counted.
struct DayRange {
    std::int64_t first = 0;
    std::int64_t last = 0;
};

// How many of one thing happened on a day, against a sequence step (0-based; -1: not an email's).
struct DayCount {
    std::int64_t day = 0;
    int step = -1;
    std::int64_t count = 0;
};

// How far the prospects added in a period got, each counted once (docs/api.md, Campaign numbers).
struct FunnelCounts {
    std::int64_t added = 0;
    std::int64_t qualified = 0;
    std::int64_t emailed = 0;
    std::int64_t viewedLeadMagnet = 0;
    std::int64_t replied = 0;
    std::int64_t booked = 0;
};

// What happened in a scope, by day: the raw counts a campaign's numbers are made of.
struct ActivityCounts {
    std::map<std::string, std::int64_t> prospectsByStatus;  // now, whenever they were added
    // Emails handed to the mail server (refused ones included), by step and day.
    std::vector<DayCount> sent;
    // Replies, unsubscribes and bounces, each against the last step emailed before it; one that
    // came before any email (an address suppressed elsewhere) is no email's and not here.
    std::vector<DayCount> bounced;
    std::vector<DayCount> replied;
    std::vector<DayCount> unsubscribed;
    std::vector<DayCount> meetingsBooked;
    std::vector<DayCount> meetingsCancelled;
    std::vector<DayCount> leadMagnetsMade;    // by the day the page was ready
    std::vector<DayCount> leadMagnetsViewed;  // by the day of the first view
    // Views and calls to action followed on the scope's lead magnets: pages count them, not days.
    std::int64_t pageViews = 0;
    std::int64_t ctaClicks = 0;
    FunnelCounts funnel;
};

// Campaigns' numbers (GET /api/campaigns/{id}/stats, the dashboard).
class CampaignStatsRepository {
  public:
    virtual ~CampaignStatsRepository() = default;
    // Every day's counts of the scope, of all time or of `days` only; the funnel is of the
    // prospects added in `days` (all of them without).
    virtual ActivityCounts activity(const StatsScope& scope,
                                    const std::optional<DayRange>& days) = 0;
};

}  // namespace lodestone::storage
