#pragma once

#include <string>

#include "domain/Time.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// Which messages of a mailbox were read already (by POP3 UIDL), so none is processed twice.
class MailboxMemoryRepository {
  public:
    virtual ~MailboxMemoryRepository() = default;
    virtual bool seen(const std::string& mailbox, const std::string& uid) = 0;
    // `outcome` says what the message did ("replied prospect_…", "ignored: auto-reply").
    virtual void remember(const std::string& mailbox, const std::string& uid,
                          const std::string& outcome, Timestamp now) = 0;
};

}  // namespace lodestone::storage
