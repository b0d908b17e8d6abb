#pragma once

#include <optional>
#include <string>

#include "domain/EmailSends.hpp"
#include "domain/Prospects.hpp"
#include "outreach/sequence/Sequence.hpp"

namespace lodestone::outreach {

// A campaign's sending budget for the local day (of its window's time zone) holding `now`: how
// many sends its daily cap still allows, and whether its minimum gap since the last send has
// passed. Claims consult and spend it in the transaction that leases the sends, so two workers,
// or two hosts, never both take the last send of the day.
class SendingBudget {
  public:
    SendingBudget(std::string campaignId, const std::optional<domain::SendingDay>& stored,
                  const Sequence& sequence, const TimeZone& windowZone, domain::Timestamp now);

    // A first attempt needs room under the cap; every attempt waits for the gap.
    bool mayStart(domain::Timestamp now, bool firstAttempt) const;
    // An attempt started at `now`: the next may start after the gap, or the next local day once
    // the cap is spent. Only an email's first attempt counts against the cap: a retry is the same
    // email again, not another one.
    void start(domain::Timestamp now, bool firstAttempt);

    const domain::SendingDay& day() const { return day_; }
    bool changed() const { return changed_; }

  private:
    // The next start times from the day's count, last send, cap and gap.
    void settle();

    domain::SendingDay day_;
    domain::Timestamp dayEnd_ = 0;
    int cap_;
    std::int64_t gapMillis_;
    bool changed_ = false;
};

// The prospect's own IANA time zone (contact.timezone of the lead as added), if it gave one.
std::optional<std::string> contactTimeZone(const domain::Prospect& prospect);

}  // namespace lodestone::outreach
