#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Time.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::outreach {

// What a message in the campaigns' mailbox says about one of our emails: the prospect replied to
// it, or the receiving server reported it undeliverable for good (a delivery status
// notification). Read by outreach/mailbox; applied here.
struct InboundReport {
    enum class Kind { Reply, Bounce };
    Kind kind = Kind::Reply;
    std::vector<std::string> messageIds;  // the Message-IDs it refers to, "<…>"
    std::string summary;                  // one line for the prospect's history
};

// Within the caller's transaction: finds the email the report refers to (by our Message-IDs) and
// stops its prospect's sequence as replied or bounced (a bounce also suppresses the address).
// Returns what it did, for the mailbox's memory and the log ("replied: prospect_…", "no email of
// ours named").
std::string applyInboundReport(storage::Repositories& repositories, const InboundReport& report,
                               domain::Timestamp now);

}  // namespace lodestone::outreach
