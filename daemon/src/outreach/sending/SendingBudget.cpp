#include "outreach/sending/SendingBudget.hpp"

#include <algorithm>

#include "domain/JsonValues.hpp"

namespace lodestone::outreach {

SendingBudget::SendingBudget(std::string campaignId,
                             const std::optional<domain::SendingDay>& stored,
                             const Sequence& sequence, const TimeZone& windowZone,
                             domain::Timestamp now)
    : cap_(sequence.dailyCap), gapMillis_(sequence.minGap.count()) {
    const auto [start, end] = localDay(windowZone, now);
    dayEnd_ = end;
    if (stored && stored->dayStart == start) {
        day_ = *stored;
    } else {
        // A new local day: the cap starts again; the gap still runs from the last send.
        day_.campaignId = std::move(campaignId);
        day_.dayStart = start;
        day_.sends = 0;
        day_.lastSendAt = stored ? stored->lastSendAt : std::nullopt;
    }
    // The cap or the gap may have changed since the day was stored: what holds now decides.
    settle();
    changed_ = !stored || stored->dayStart != day_.dayStart || stored->sends != day_.sends ||
               stored->nextSendAt != day_.nextSendAt ||
               stored->nextFirstSendAt != day_.nextFirstSendAt;
}

void SendingBudget::settle() {
    day_.nextSendAt = day_.lastSendAt ? *day_.lastSendAt + gapMillis_ : 0;
    day_.nextFirstSendAt =
        day_.sends >= cap_ ? std::max(dayEnd_, day_.nextSendAt) : day_.nextSendAt;
}

bool SendingBudget::mayStart(domain::Timestamp now, bool firstAttempt) const {
    return (firstAttempt ? day_.nextFirstSendAt : day_.nextSendAt) <= now;
}

void SendingBudget::start(domain::Timestamp now, bool firstAttempt) {
    if (firstAttempt) ++day_.sends;
    day_.lastSendAt = now;
    settle();
    changed_ = true;
}

std::optional<std::string> contactTimeZone(const domain::Prospect& prospect) {
    try {
        auto lead = domain::parseObject(prospect.inputJson, "the stored prospect");
        auto contact = lead->getObject("contact");
        if (!contact || !contact->has("timezone") || !contact->get("timezone").isString()) {
            return std::nullopt;
        }
        return contact->getValue<std::string>("timezone");
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

}  // namespace lodestone::outreach
