#include "storage/StorageError.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

const std::string kMeetingColumns =
    "id, campaign_id, prospect_id, external_id, scheduled_at, duration_minutes, title, "
    "created_at, source, cancelled_at, updated_at";

domain::Meeting toMeeting(const Row& row) {
    return {row.text("id"),
            row.text("campaign_id"),
            row.text("prospect_id"),
            row.optionalText("external_id"),
            row.text("scheduled_at"),
            static_cast<int>(row.integer("duration_minutes")),
            row.text("title"),
            row.integer("created_at"),
            row.optionalText("source"),
            row.optionalInteger("cancelled_at"),
            row.optionalInteger("updated_at")};
}

}  // namespace

void SqlMeetings::insert(const domain::Meeting& meeting) {
    static const std::string sql =
        "INSERT INTO meetings (" + kMeetingColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    try {
        Query(statements_, sql)
            .bindAll(meeting.id, meeting.campaignId, meeting.prospectId, meeting.externalId,
                     meeting.scheduledAt, meeting.durationMinutes, meeting.title, meeting.createdAt,
                     meeting.source, meeting.cancelledAt, meeting.updatedAt)
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

std::optional<domain::Meeting> SqlMeetings::find(const std::string& id) {
    static const std::string sql = "SELECT " + kMeetingColumns + " FROM meetings WHERE id = ?";
    Query select(statements_, sql);
    return select.bindAll(id).firstRow(toMeeting);
}

void SqlMeetings::reschedule(const std::string& id, const std::string& scheduledAt,
                             int durationMinutes, const std::string& title, domain::Timestamp at) {
    const int changed = Query(statements_,
                              "UPDATE meetings SET scheduled_at = ?, duration_minutes = ?, "
                              "title = ?, cancelled_at = NULL, updated_at = ? WHERE id = ?")
                            .bindAll(scheduledAt, durationMinutes, title, at, id)
                            .execute();
    if (changed == 0) throw NotFound("no meeting with id " + id);
}

bool SqlMeetings::cancel(const std::string& id, domain::Timestamp at) {
    return Query(statements_,
                 "UPDATE meetings SET cancelled_at = ?, updated_at = ? "
                 "WHERE id = ? AND cancelled_at IS NULL")
               .bindAll(at, at, id)
               .execute() > 0;
}

std::optional<std::string> SqlMeetings::meetingOfBooking(const std::string& campaignId,
                                                         const std::string& provider,
                                                         const std::string& bookingId) {
    Query select(statements_,
                 "SELECT meeting_id FROM calendar_bookings WHERE campaign_id = ? AND "
                 "provider = ? AND booking_id = ? AND meeting_id IS NOT NULL");
    return select.bindAll(campaignId, provider, bookingId).firstRow([](const Row& row) {
        return row.text("meeting_id");
    });
}

void SqlMeetings::recordBooking(const std::string& campaignId, const std::string& provider,
                                const std::string& bookingId, const std::string& meetingId,
                                domain::Timestamp at) {
    try {
        Query(statements_,
              "INSERT INTO calendar_bookings (campaign_id, provider, booking_id, meeting_id, "
              "received_at) VALUES (?, ?, ?, ?, ?)")
            .bindAll(campaignId, provider, bookingId, meetingId, at)
            .execute();
    } catch (const ConstraintViolation&) {
        throw Conflict("campaign " + campaignId + " already has " + provider + " booking " +
                       bookingId);
    }
}

void SqlMeetings::recordCancelledFirst(const std::string& campaignId, const std::string& provider,
                                       const std::string& bookingId, domain::Timestamp at) {
    // A booking id already recorded (booked, or cancelled first before) stays as it is.
    Query(statements_,
          "INSERT INTO calendar_bookings (campaign_id, provider, booking_id, meeting_id, "
          "received_at) VALUES (?, ?, ?, NULL, ?) "
          "ON CONFLICT (campaign_id, provider, booking_id) DO NOTHING")
        .bindAll(campaignId, provider, bookingId, at)
        .execute();
}

bool SqlMeetings::wasCancelledFirst(const std::string& campaignId, const std::string& provider,
                                    const std::string& bookingId) {
    Query select(statements_,
                 "SELECT COUNT(*) AS n FROM calendar_bookings WHERE campaign_id = ? AND "
                 "provider = ? AND booking_id = ? AND meeting_id IS NULL");
    return select.bindAll(campaignId, provider, bookingId)
               .firstRow([](const Row& row) { return row.integer("n"); })
               .value_or(0) > 0;
}

}  // namespace lodestone::storage::sql
