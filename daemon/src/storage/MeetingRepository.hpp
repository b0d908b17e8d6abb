#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Prospects.hpp"

namespace lodestone::storage {

class MeetingRepository {
  public:
    virtual ~MeetingRepository() = default;
    // Conflict: the campaign already has a meeting with that external id.
    virtual void insert(const domain::Meeting& meeting) = 0;
    virtual std::optional<domain::Meeting> findByExternalId(const std::string& campaignId,
                                                            const std::string& externalId) = 0;
    // Oldest first.
    virtual std::vector<domain::Meeting> listForProspect(const std::string& prospectId) = 0;
    virtual std::optional<domain::Meeting> find(const std::string& id) = 0;
    // Moves a meeting (and puts a cancelled one back on). NotFound.
    virtual void reschedule(const std::string& id, const std::string& scheduledAt,
                            int durationMinutes, const std::string& title,
                            domain::Timestamp at) = 0;
    // False when it was already cancelled (or does not exist).
    virtual bool cancel(const std::string& id, domain::Timestamp at) = 0;

    // The meeting a calendar's booking id stands for; every id a calendar used for it counts
    // (a rescheduled booking gets a new one).
    virtual std::optional<std::string> meetingOfBooking(const std::string& campaignId,
                                                        const std::string& provider,
                                                        const std::string& bookingId) = 0;
    // Conflict: the booking id is already recorded.
    virtual void recordBooking(const std::string& campaignId, const std::string& provider,
                               const std::string& bookingId, const std::string& meetingId,
                               domain::Timestamp at) = 0;
    // A booking cancelled before the report that it was made arrived: remembered, so that
    // report books nothing. Nothing happens when the id is already recorded.
    virtual void recordCancelledFirst(const std::string& campaignId, const std::string& provider,
                                      const std::string& bookingId, domain::Timestamp at) = 0;
    virtual bool wasCancelledFirst(const std::string& campaignId, const std::string& provider,
                                   const std::string& bookingId) = 0;
};

}  // namespace lodestone::storage
