#include "storage/StorageError.hpp"
#include "storage/sqlite/Sql.hpp"
#include "storage/sqlite/SqliteRepositories.hpp"

namespace lodestone::storage::sqlite {
namespace {

const char* const kMeetingColumns =
    "id, campaign_id, prospect_id, external_id, scheduled_at, duration_minutes, title, "
    "created_at";

domain::Meeting toMeeting(const Row& row) {
    return {row.text("id"),           row.text("campaign_id"),
            row.text("prospect_id"),  row.optionalText("external_id"),
            row.text("scheduled_at"), static_cast<int>(row.integer("duration_minutes")),
            row.text("title"),        row.integer("created_at")};
}

}  // namespace

void SqliteMeetings::insert(const domain::Meeting& meeting) {
    Poco::Data::Statement statement(session_);
    statement << "INSERT INTO meetings (" << kMeetingColumns << ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        bind(meeting.id), bind(meeting.campaignId), bind(meeting.prospectId),
        bind(nullable(meeting.externalId)), bind(meeting.scheduledAt),
        bind(meeting.durationMinutes), bind(meeting.title), bind(meeting.createdAt);
    try {
        statement.execute();
    } catch (const Poco::Exception& e) {
        if (!isConstraintViolation(e)) throw;
        throw Conflict("campaign " + meeting.campaignId +
                       " already has a meeting with external id " +
                       meeting.externalId.value_or(""));
    }
}

std::optional<domain::Meeting> SqliteMeetings::findByExternalId(const std::string& campaignId,
                                                                const std::string& externalId) {
    Poco::Data::Statement select(session_);
    select << "SELECT " << kMeetingColumns
           << " FROM meetings WHERE campaign_id = ? AND external_id = ?",
        bind(campaignId), bind(externalId);
    return firstRow(select, toMeeting);
}

std::vector<domain::Meeting> SqliteMeetings::listForProspect(const std::string& prospectId) {
    Poco::Data::Statement select(session_);
    select << "SELECT " << kMeetingColumns
           << " FROM meetings WHERE prospect_id = ? ORDER BY created_at, id",
        bind(prospectId);
    std::vector<domain::Meeting> meetings;
    forEachRow(select, [&](const Row& row) { meetings.push_back(toMeeting(row)); });
    return meetings;
}

}  // namespace lodestone::storage::sqlite
