#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "domain/Prospects.hpp"
#include "domain/Records.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::outreach {

// A booking as the calendar (or the client relaying it) reports it.
struct MeetingRequest {
    std::optional<std::string> prospectId;
    std::optional<std::string> emailKey;  // the prospect's address, lowercased
    std::string scheduledAt;              // ISO 8601 UTC, normalised to "YYYY-MM-DDTHH:MM:SSZ"
    int durationMinutes = 0;
    std::string title;
    std::optional<std::string> externalId;  // the calendar's booking id
    std::optional<std::string> source;      // "calcom", "calendly"; none: the meetings route
};

// 400 material: what is missing and what is invalid, by field name.
class InvalidMeeting : public std::runtime_error {
  public:
    InvalidMeeting(const std::string& message, std::vector<std::string> missing,
                   std::vector<std::string> invalid);
    const std::vector<std::string>& missingFields() const { return missing_; }
    const std::vector<std::string>& invalidFields() const { return invalid_; }

  private:
    std::vector<std::string> missing_;
    std::vector<std::string> invalid_;
};

// The external id names a meeting already recorded with other details: a repeat must be the
// same booking.
class MeetingConflict : public std::runtime_error {
  public:
    MeetingConflict(const std::string& message, std::string meetingId)
        : std::runtime_error(message), meetingId_(std::move(meetingId)) {}
    const std::string& meetingId() const { return meetingId_; }

  private:
    std::string meetingId_;
};

// The prospect named is not one of the campaign's.
class ProspectNotFound : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Checks the body of POST /api/campaigns/{id}/meetings; reports every problem at once.
MeetingRequest readMeetingRequest(const Poco::JSON::Object& body);

struct BookedMeeting {
    domain::Meeting meeting;
    domain::Prospect prospect;  // as it is after the booking
    bool created = false;       // false: a repeat of a booking already recorded
};

// Within the caller's transaction: records the meeting, moves the prospect to meeting_booked
// (outreach to it stops) and writes the meeting_booked event to the webhook outbox, for the
// campaign's URL and every endpoint subscribed to it (docs/events.md). A repeat
// with an external id already recorded returns that meeting and changes nothing;
// MeetingConflict if its prospect, time, duration or title differ.
BookedMeeting bookMeeting(storage::Repositories& repositories, const domain::Campaign& campaign,
                          const MeetingRequest& request, domain::Timestamp now);

// The spec's meeting object: {"id", "scheduledAt", "duration", "title"}.
Poco::JSON::Object::Ptr meetingJson(const domain::Meeting& meeting);

// The spec's meeting_booked payload, without `timestamp` (the time of each attempt).
Poco::JSON::Object::Ptr meetingBookedPayload(const domain::Campaign& campaign,
                                             const domain::Prospect& prospect,
                                             const domain::Meeting& meeting);

}  // namespace lodestone::outreach
