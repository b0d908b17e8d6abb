#include "outreach/mailbox/MailboxFinding.hpp"

#include <Poco/String.h>

#include <algorithm>

#include "outreach/mailbox/DeliveryReport.hpp"
#include "outreach/mailbox/HeaderWords.hpp"
#include "outreach/mailbox/MimeText.hpp"

namespace lodestone::outreach {
namespace {

using mime::ContentType;
using mime::Entity;
using mime::Headers;

constexpr std::size_t kMaxSummaryBytes = 300;
constexpr std::size_t kMaxSubjectBytes = 200;
constexpr std::size_t kMaxMessageIds = 200;

// Appends the ids `field` names that `ids` does not hold yet.
void addMessageIds(std::vector<std::string>& ids, const Headers& headers, const char* field) {
    auto value = headers.first(field);
    if (!value) return;
    for (auto& id : mime::messageIdsIn(*value)) {
        if (ids.size() >= kMaxMessageIds) return;
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(std::move(id));
    }
}

// RFC 3834's Auto-Submitted (anything but "no"), the X-Autoreply / X-Autorespond headers some
// responders add instead, and the Precedence values vacation programs have long used.
bool isAutomatic(const Headers& headers) {
    if (auto submitted = headers.first("Auto-Submitted")) {
        std::string word = mime::leadingWord(*submitted);
        if (!word.empty() && word != "no") return true;
    }
    if (headers.has("X-Autoreply") || headers.has("X-Autorespond")) return true;
    if (auto precedence = headers.first("Precedence")) {
        std::string word = mime::leadingWord(*precedence);
        return word == "bulk" || word == "auto_reply" || word == "junk";
    }
    return false;
}

bool isDeliveryReport(const ContentType& type) {
    return type.is("multipart", "report") &&
           Poco::toLower(std::string(mime::trimmed(type.parameter("report-type")))) ==
               "delivery-status";
}

bool isStatusPart(const ContentType& type) {
    return type.is("message", "delivery-status") || type.is("message", "global-delivery-status");
}

// The returned original, whole or its header section only (RFC 3462, RFC 6533).
bool isOriginalPart(const ContentType& type) {
    return type.is("message", "rfc822") || type.is("text", "rfc822-headers") ||
           type.is("message", "global") || type.is("message", "global-headers");
}

std::string describeStatus(const mime::RecipientStatus& recipient) {
    if (recipient.status.empty()) {
        return recipient.diagnostic.empty() ? "no status code" : recipient.diagnostic;
    }
    return recipient.status + " (" + mime::statusMeaning(recipient.status) + ")";
}

// The recipient the finding is about: the first that failed, else the first delayed, else the
// first reported at all.
const mime::RecipientStatus* chosenRecipient(const mime::DeliveryStatus& report) {
    const auto& recipients = report.recipients;
    for (auto wanted : {&mime::RecipientStatus::failed, &mime::RecipientStatus::delayed}) {
        auto found = std::find_if(recipients.begin(), recipients.end(),
                                  [&](const auto& recipient) { return (recipient.*wanted)(); });
        if (found != recipients.end()) return &*found;
    }
    return recipients.empty() ? nullptr : &recipients.front();
}

void readDeliveryReport(const Entity& message, const ContentType& type, const std::string& subject,
                        MailboxFinding& finding) {
    mime::DeliveryStatus report;
    bool haveStatus = false;
    for (std::string_view part : mime::multipartBodies(message.body, type.parameter("boundary"))) {
        Entity entity = mime::parseEntity(part);
        ContentType partType = mime::contentTypeOf(entity.headers);
        if (isStatusPart(partType) && !haveStatus) {
            report = mime::parseDeliveryStatus(mime::decodedBody(entity));
            haveStatus = true;
        } else if (isOriginalPart(partType)) {
            const std::string original = mime::decodedBody(entity);
            const Headers originalHeaders = mime::parseEntity(original).headers;
            for (const char* field : {"Message-ID", "In-Reply-To", "References"}) {
                addMessageIds(finding.messageIds, originalHeaders, field);
            }
        }
    }
    // Some MTAs thread their reports to the message they return; ours if so.
    addMessageIds(finding.messageIds, message.headers, "In-Reply-To");
    addMessageIds(finding.messageIds, message.headers, "References");

    std::string reporter = finding.from.value_or(report.reportingMta.empty() ? "an unknown sender"
                                                                             : report.reportingMta);
    const mime::RecipientStatus* recipient = chosenRecipient(report);
    if (recipient == nullptr) {
        finding.summary = "delivery report from " + reporter + ": " + subject;
        return;
    }
    finding.recipient = recipient->recipient;
    finding.status = recipient->status;
    std::string what = "delivery report: ";
    if (recipient->failed()) {
        finding.kind = MailboxFinding::Kind::Bounce;
        what = "bounced: ";
    } else if (recipient->delayed()) {
        finding.kind = MailboxFinding::Kind::Delayed;
        what = "delivery delayed: ";
    }
    finding.summary = what + describeStatus(*recipient) + " reported by " + reporter;
}

MailboxFinding classify(const std::string& rawMessage) {
    MailboxFinding finding;
    const Entity message = mime::parseEntity(rawMessage);
    const Headers& headers = message.headers;
    for (const char* field : {"From", "Sender"}) {
        if (auto value = headers.first(field); value && !finding.from) {
            finding.from = mime::addressIn(*value);
        }
    }
    std::string subject = mime::oneLine(
        mime::decodeEncodedWords(headers.first("Subject").value_or("")), kMaxSubjectBytes);
    if (subject.empty()) subject = "(no subject)";
    const std::string sender = finding.from.value_or("an unknown sender");

    const ContentType type = mime::contentTypeOf(headers);
    if (isDeliveryReport(type)) {
        readDeliveryReport(message, type, subject, finding);
    } else {
        addMessageIds(finding.messageIds, headers, "In-Reply-To");
        addMessageIds(finding.messageIds, headers, "References");
        if (isAutomatic(headers)) {
            finding.kind = MailboxFinding::Kind::AutoReply;
            finding.summary = "automatic reply from " + sender + ": " + subject;
        } else if (!finding.messageIds.empty()) {
            finding.kind = MailboxFinding::Kind::Reply;
            finding.summary = "reply from " + sender + ": " + subject;
        } else {
            finding.summary = "message from " + sender + ": " + subject;
        }
    }
    finding.summary = mime::oneLine(finding.summary, kMaxSummaryBytes);
    return finding;
}

}  // namespace

MailboxFinding readMailboxMessage(const std::string& rawMessage) {
    try {
        return classify(rawMessage);
    } catch (...) {
        // Only running out of memory gets here; the poller must still get an answer for the
        // message, and Other changes no prospect.
        MailboxFinding unreadable;
        unreadable.summary = "unreadable message";
        return unreadable;
    }
}

const char* kindName(MailboxFinding::Kind kind) {
    switch (kind) {
        case MailboxFinding::Kind::Reply:
            return "reply";
        case MailboxFinding::Kind::AutoReply:
            return "auto_reply";
        case MailboxFinding::Kind::Bounce:
            return "bounce";
        case MailboxFinding::Kind::Delayed:
            return "delayed";
        case MailboxFinding::Kind::Other:
            return "other";
    }
    return "other";
}

}  // namespace lodestone::outreach
