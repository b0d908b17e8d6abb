#include "outreach/InboundReports.hpp"

#include "outreach/SequenceLifecycle.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::outreach {

std::string applyInboundReport(storage::Repositories& repositories, const InboundReport& report,
                               domain::Timestamp now) {
    for (const auto& messageId : report.messageIds) {
        auto send = repositories.emailSends().findByMessageId(messageId);
        if (!send) continue;
        auto prospect = repositories.prospects().find(send->prospectId);
        if (!prospect) continue;
        const std::string ours = prospect->id + " (" + send->messageId + ")";
        if (report.kind == InboundReport::Kind::Bounce) {
            // Suppressed whatever the prospect's status: the address does not work.
            bounce(repositories, *prospect, report.summary, now);
            return "bounced: " + ours;
        }
        if (stopSequence(repositories, *prospect, domain::ProspectStatus::Replied, report.summary,
                         now)) {
            return "replied: " + ours;
        }
        return "replied, already " + std::string(domain::toString(prospect->status)) + ": " + ours;
    }
    return "no email of ours named";
}

}  // namespace lodestone::outreach
