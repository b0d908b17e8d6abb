#pragma once

#include <optional>
#include <string>

#include "domain/EmailSends.hpp"
#include "outreach/sending/SendQueue.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::outreach {

// How an attempt at an email ended, as the send's record and the prospect see it.
struct SendAttempt {
    const domain::EmailSend* send = nullptr;  // as claimed: its attempt number and lease
    std::string owner;
    enum class Result { Sent, Bounced, Failed } result = Result::Sent;
    bool retryable = true;  // Failed: whether another attempt may help
    std::string detail;     // the server's reply, or why it failed
    std::optional<std::string> smtpReply;
};

// Writes the attempt's end with the send (guarded by its lease) and what it means for the
// prospect: the next step scheduled or the sequence completed after a send, the sequence stopped
// and the address suppressed after a hard bounce, a retry after the settings' back-off, or the
// prospect failed once no attempt is left. `sequence` is needed after a send only.
work::Recorded recordSendAttempt(storage::Repositories& repositories, const SendSettings& settings,
                                 const SendAttempt& attempt, const Sequence* sequence,
                                 work::Timestamp now);

}  // namespace lodestone::outreach
