#pragma once

#include <optional>
#include <string>

#include "domain/Time.hpp"

namespace lodestone::work {

using domain::Timestamp;

// What an attempt came to, in the engine's terms; the details stay in the kind's Claim.
struct Outcome {
    enum class Type { Succeeded, Failed, HandedBack };
    Type type = Type::Succeeded;
    std::string error;      // Failed: what the item's record shows
    bool retryable = true;  // Failed: false when no retry can help (the same input, the same end)

    static Outcome succeeded() { return {}; }
    static Outcome failed(std::string error, bool retryable = true) {
        return {Type::Failed, std::move(error), retryable};
    }
    // Given back uncounted: nothing was attempted (a stop came first), or not now. The kind's
    // record() says when the item is due again (jobs and deliveries: at once).
    static Outcome handedBack() { return {Type::HandedBack, {}, true}; }
};

// What writing an attempt's outcome did.
struct Recorded {
    bool held = false;                 // false: the claim had been lost; nothing was written
    std::optional<Timestamp> retryAt;  // a failure: when the item runs again (none: failed)
    // The queue that now has work because of this outcome: the one that holds the item next (a
    // job's next step), or work the outcome queued (a qualified prospect's first email).
    std::optional<std::string> next;
    // A second queue the outcome gave work to (a qualified prospect's lead-magnet job, beside its
    // first email).
    std::optional<std::string> alsoNext;
    std::string note;  // what is worth logging about a success, if anything
};

}  // namespace lodestone::work
