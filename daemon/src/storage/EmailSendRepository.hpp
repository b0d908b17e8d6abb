#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/EmailSends.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// The scheduled emails of prospects' sequences as records. The sending engine takes and
// finishes them through the EmailSendQueue.
class EmailSendRepository {
  public:
    virtual ~EmailSendRepository() = default;
    // Conflict: the prospect already has that step.
    virtual void insert(const domain::EmailSend& send) = 0;
    virtual std::optional<domain::EmailSend> find(const std::string& id) = 0;
    virtual std::optional<domain::EmailSend> findByMessageId(const std::string& messageId) = 0;
    // In step order.
    virtual std::vector<domain::EmailSend> listForProspect(const std::string& prospectId) = 0;
    // Cancels every unleased pending send of the prospect; how many.
    virtual int cancelPending(const std::string& prospectId, const std::string& reason,
                              Timestamp now) = 0;
};

}  // namespace lodestone::storage
