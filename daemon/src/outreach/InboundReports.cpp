#include "outreach/InboundReports.hpp"

#include "outreach/SequenceLifecycle.hpp"

namespace lodestone::outreach {

std::string applyInboundReport(storage::Repositories& repositories, const InboundReport& report,
                               domain::Timestamp now) {
    for (const auto& messageId : report.messageIds) {
        auto send = repositories.emailSends().findByMessageId(messageId);
        if (!send) continue;
        auto prospect = repositories.prospects().find(send->prospectId);
        if (!prospect) continue;
        const bool reply = report.kind == InboundReport::Kind::Reply;
        const auto to = reply ? domain::ProspectStatus::Replied : domain::ProspectStatus::Bounced;
        const std::string what = reply ? "replied" : "bounced";
        if (stopSequence(repositories, *prospect, to, report.summary, now)) {
            return what + ": " + prospect->id + " (" + send->messageId + ")";
        }
        return what + ", already " + std::string(domain::toString(prospect->status)) + ": " +
               prospect->id;
    }
    return "no email of ours named";
}

}  // namespace lodestone::outreach
