#include "work/OutcomeLog.hpp"

namespace lodestone::work {

std::string whatComesNext(const std::optional<domain::Timestamp>& retryAt, bool retryable) {
    if (retryAt) return "will retry at " + domain::isoUtc(*retryAt);
    return retryable ? "no retries left: failed" : "not retryable: failed";
}

}  // namespace lodestone::work
