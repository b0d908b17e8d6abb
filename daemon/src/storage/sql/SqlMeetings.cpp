#include "storage/StorageError.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

const std::string kMeetingColumns =
    "id, campaign_id, prospect_id, external_id, scheduled_at, duration_minutes, title, "
    "created_at";

domain::Meeting toMeeting(const Row& row) {
    return {row.text("id"),           row.text("campaign_id"),
            row.text("prospect_id"),  row.optionalText("external_id"),
            row.text("scheduled_at"), static_cast<int>(row.integer("duration_minutes")),
            row.text("title"),        row.integer("created_at")};
}

}  // namespace

void SqlMeetings::insert(const domain::Meeting& meeting) {
    static const std::string sql =
        "INSERT INTO meetings (" + kMeetingColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    try {
        Query(statements_, sql)
            .bindAll(meeting.id, meeting.campaignId, meeting.prospectId, meeting.externalId,
                     meeting.scheduledAt, meeting.durationMinutes, meeting.title, meeting.createdAt)
            .execute();
    } catch (const ConstraintViolation&) {
        throw Conflict("campaign " + meeting.campaignId +
                       " already has a meeting with external id " +
                       meeting.externalId.value_or(""));
    }
}

std::optional<domain::Meeting> SqlMeetings::findByExternalId(const std::string& campaignId,
                                                             const std::string& externalId) {
    static const std::string sql =
        "SELECT " + kMeetingColumns + " FROM meetings WHERE campaign_id = ? AND external_id = ?";
    Query select(statements_, sql);
    return select.bindAll(campaignId, externalId).firstRow(toMeeting);
}

std::vector<domain::Meeting> SqlMeetings::listForProspect(const std::string& prospectId) {
    static const std::string sql = "SELECT " + kMeetingColumns +
                                   " FROM meetings WHERE prospect_id = ? ORDER BY created_at, id";
    Query select(statements_, sql);
    select.bind(prospectId);
    std::vector<domain::Meeting> meetings;
    select.forEachRow([&](const Row& row) { meetings.push_back(toMeeting(row)); });
    return meetings;
}

}  // namespace lodestone::storage::sql
