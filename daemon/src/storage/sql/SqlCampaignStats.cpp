#include <limits>

#include "storage/sql/SqlRepositories.hpp"

// The counts are read where the rows are, grouped by day in SQL, so that a campaign's numbers cost
// a few rows per day however many emails it sent (docs/api.md, Campaign numbers).
namespace lodestone::storage::sql {
namespace {

// The scope as a condition on a `campaign_id` column, with the one value it binds.
std::string inScope(const StatsScope& scope, const std::string& column) {
    return scope.campaignId ? column + " = ?"
                            : column + " IN (SELECT id FROM campaigns WHERE organisation_id = ?)";
}

const std::string& scopeValue(const StatsScope& scope) {
    return scope.campaignId ? *scope.campaignId : scope.organisationId;
}

// [from, to) in epoch milliseconds: all of time without days.
struct Span {
    std::int64_t from = std::numeric_limits<std::int64_t>::min();
    std::int64_t to = std::numeric_limits<std::int64_t>::max();
};

Span spanOf(const std::optional<DayRange>& days) {
    if (!days) return {};
    return {days->first * kDayMs, (days->last + 1) * kDayMs};
}

// Rows of `day` and `n`, and of `step` when `bySteps`.
std::vector<DayCount> dayCounts(Query& query, bool bySteps) {
    std::vector<DayCount> counts;
    query.forEachRow([&](const Row& row) {
        const auto step = bySteps ? row.optionalInteger("step") : std::nullopt;
        counts.push_back(
            {row.integer("day"), step ? static_cast<int>(*step) : -1, row.integer("n")});
    });
    return counts;
}

}  // namespace

ActivityCounts SqlCampaignStats::activity(const StatsScope& scope,
                                          const std::optional<DayRange>& days) {
    const auto span = spanOf(days);
    const auto& value = scopeValue(scope);
    ActivityCounts counts;
    {
        Query query(statements_, "SELECT status, COUNT(*) AS n FROM prospects WHERE " +
                                     inScope(scope, "campaign_id") + " GROUP BY status");
        query.bind(value);
        query.forEachRow([&](const Row& row) {
            counts.prospectsByStatus[row.text("status")] = row.integer("n");
        });
    }
    {
        // A send the server refused (bounced at once) has no sent_at: it went out when it ended.
        const std::string at = "COALESCE(sent_at, updated_at)";
        Query query(statements_, "SELECT step, " + at + " / 86400000 AS day, COUNT(*) AS n " +
                                     "FROM email_sends WHERE " + inScope(scope, "campaign_id") +
                                     " AND status IN ('sent', 'bounced') AND " + at + " >= ? AND " +
                                     at + " < ? GROUP BY step, " + at + " / 86400000");
        query.bindAll(value, span.from, span.to);
        counts.sent = dayCounts(query, true);
    }
    {
        // Each stop against the last step emailed at or before it.
        Query query(statements_,
                    "SELECT status, day, step, COUNT(*) AS n FROM (SELECT t.status AS status, "
                    "t.at / 86400000 AS day, (SELECT MAX(s.step) FROM email_sends s WHERE "
                    "s.prospect_id = t.prospect_id AND s.status IN ('sent', 'bounced') AND "
                    "COALESCE(s.sent_at, s.updated_at) <= t.at) AS step "
                    "FROM prospect_transitions t JOIN prospects p ON p.id = t.prospect_id WHERE " +
                        inScope(scope, "p.campaign_id") +
                        " AND t.status IN ('replied', 'unsubscribed', 'bounced') AND t.at >= ? "
                        "AND t.at < ?) stops GROUP BY status, day, step");
        query.bindAll(value, span.from, span.to);
        query.forEachRow([&](const Row& row) {
            const auto step = row.optionalInteger("step");
            if (!step) return;  // no email of this campaign was stopped
            const auto status = row.text("status");
            auto& into = status == "replied"        ? counts.replied
                         : status == "unsubscribed" ? counts.unsubscribed
                                                    : counts.bounced;
            into.push_back({row.integer("day"), static_cast<int>(*step), row.integer("n")});
        });
    }
    const auto perDay = [&](const std::string& sql, const std::string& at) {
        Query query(statements_, "SELECT " + at + " / 86400000 AS day, COUNT(*) AS n " + sql +
                                     " AND " + at + " >= ? AND " + at + " < ? GROUP BY " + at +
                                     " / 86400000");
        query.bindAll(value, span.from, span.to);
        return dayCounts(query, false);
    };
    counts.meetingsBooked =
        perDay("FROM meetings WHERE " + inScope(scope, "campaign_id"), "created_at");
    counts.meetingsCancelled =
        perDay("FROM meetings WHERE " + inScope(scope, "campaign_id"), "cancelled_at");
    const std::string campaignLeads = "FROM leads l JOIN prospects p ON p.id = l.prospect_id ";
    counts.leadMagnetsMade =
        perDay(campaignLeads + "JOIN jobs j ON j.lead_id = l.id WHERE " +
                   inScope(scope, "p.campaign_id") + " AND j.status = 'completed'",
               "j.finished_at");
    counts.leadMagnetsViewed =
        perDay(campaignLeads + "WHERE " + inScope(scope, "p.campaign_id"), "l.first_viewed_at");
    {
        Query query(statements_,
                    "SELECT CAST(COALESCE(SUM(l.view_count), 0) AS BIGINT) AS views, "
                    "CAST(COALESCE(SUM(l.cta_clicks), 0) AS BIGINT) AS clicks " +
                        campaignLeads + "WHERE " + inScope(scope, "p.campaign_id"));
        query.bind(value);
        query.firstRow([&](const Row& row) {
            counts.pageViews = row.integer("views");
            counts.ctaClicks = row.integer("clicks");
            return 0;
        });
    }
    {
        const auto reached = [](const std::string& condition) {
            return "CAST(COALESCE(SUM(CASE WHEN EXISTS (" + condition +
                   ") THEN 1 ELSE 0 END), 0) AS BIGINT)";
        };
        const auto transitioned = [&](const char* status) {
            return reached(
                "SELECT 1 FROM prospect_transitions t WHERE t.prospect_id = p.id AND "
                "t.status = '" +
                std::string(status) + "'");
        };
        Query query(
            statements_,
            "SELECT COUNT(*) AS added, " + transitioned("qualified") + " AS qualified, " +
                reached("SELECT 1 FROM email_sends s WHERE s.prospect_id = p.id AND s.status IN "
                        "('sent', 'bounced')") +
                " AS emailed, " +
                reached("SELECT 1 FROM leads l WHERE l.prospect_id = p.id AND l.view_count > 0") +
                " AS viewed, " + transitioned("replied") + " AS replied, " +
                reached("SELECT 1 FROM meetings m WHERE m.prospect_id = p.id") +
                " AS booked FROM prospects p WHERE " + inScope(scope, "p.campaign_id") +
                " AND p.created_at >= ? AND p.created_at < ?");
        query.bindAll(value, span.from, span.to);
        query.firstRow([&](const Row& row) {
            counts.funnel = {row.integer("added"),   row.integer("qualified"),
                             row.integer("emailed"), row.integer("viewed"),
                             row.integer("replied"), row.integer("booked")};
            return 0;
        });
    }
    return counts;
}

}  // namespace lodestone::storage::sql
