#include "outreach/mailbox/DeliveryReport.hpp"

#include <algorithm>
#include <map>

#include "outreach/mailbox/HeaderWords.hpp"
#include "outreach/mailbox/MimeText.hpp"

namespace lodestone::outreach::mime {
namespace {

// The value after a "type;" prefix, as in "rfc822; grace@example.org" or "dns; mx.example.org".
std::string_view afterType(std::string_view value) {
    std::size_t semicolon = value.find(';');
    return trimmed(semicolon == std::string_view::npos ? value : value.substr(semicolon + 1));
}

bool isDigits(std::string_view text, std::size_t maxLength) {
    return !text.empty() && text.size() <= maxLength &&
           std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "5.1.1" from "5.1.1 (user unknown)"; empty unless it is class.subject.detail (RFC 3463) of a
// class that exists (2, 4 or 5).
std::string statusCodeIn(std::string_view value) {
    value = trimmed(value);
    std::string_view code = value.substr(0, value.find_first_of(" \t("));
    std::size_t first = code.find('.');
    std::size_t second = first == std::string_view::npos ? first : code.find('.', first + 1);
    if (second == std::string_view::npos) return {};
    std::string_view klass = code.substr(0, first);
    if (klass != "2" && klass != "4" && klass != "5") return {};
    if (!isDigits(code.substr(first + 1, second - first - 1), 3)) return {};
    if (!isDigits(code.substr(second + 1), 3)) return {};
    return std::string(code);
}

}  // namespace

// Permanent means a 5.x.x status (RFC 3463). An MTA that gave up on a 4.x.x status ("Action:
// failed", "Status: 4.4.7", the retry period expired) reports a failure it judged temporary: the
// address may well work tomorrow, so it is not taken for a hard bounce.
bool RecipientStatus::failed() const {
    return status.starts_with("5.") || (action == "failed" && status.empty());
}

bool RecipientStatus::delayed() const {
    return !failed() && (action == "delayed" || action == "failed" || status.starts_with("4."));
}

DeliveryStatus parseDeliveryStatus(std::string_view text) {
    DeliveryStatus report;
    std::vector<Headers> groups = parseFieldGroups(text);
    for (const Headers& group : groups) {
        if (auto mta = group.first("Reporting-MTA"); mta && report.reportingMta.empty()) {
            report.reportingMta = std::string(afterType(*mta));
        }
        auto action = group.first("Action");
        auto status = group.first("Status");
        if (!action && !status) continue;  // the per-message group, or something else
        RecipientStatus recipient;
        recipient.action = leadingWord(action.value_or(""));
        recipient.status = statusCodeIn(status.value_or(""));
        for (const char* field : {"Final-Recipient", "Original-Recipient"}) {
            if (recipient.recipient) break;
            if (auto value = group.first(field)) recipient.recipient = addressIn(afterType(*value));
        }
        recipient.diagnostic = std::string(afterType(group.first("Diagnostic-Code").value_or("")));
        report.recipients.push_back(std::move(recipient));
    }
    return report;
}

std::string statusMeaning(std::string_view status) {
    // Subject.detail as RFC 3463 names them, in words a prospect's history can show.
    static const std::map<std::string, std::string, std::less<>> meanings = {
        {"1.0", "bad address"},
        {"1.1", "user unknown"},
        {"1.2", "domain not found"},
        {"1.3", "bad address syntax"},
        {"1.4", "ambiguous address"},
        {"1.6", "mailbox has moved"},
        {"1.10", "domain accepts no mail"},
        {"2.0", "mailbox problem"},
        {"2.1", "mailbox disabled"},
        {"2.2", "mailbox full"},
        {"2.3", "message too large for mailbox"},
        {"2.4", "mailing list expansion problem"},
        {"3.0", "mail system problem"},
        {"3.1", "mail system full"},
        {"3.2", "system not accepting mail"},
        {"3.4", "message too large"},
        {"4.0", "network or routing problem"},
        {"4.1", "no answer from host"},
        {"4.2", "connection dropped"},
        {"4.3", "directory server failure"},
        {"4.4", "unable to route"},
        {"4.5", "mail system congestion"},
        {"4.6", "routing loop"},
        {"4.7", "delivery time expired"},
        {"5.0", "protocol problem"},
        {"6.0", "content problem"},
        {"7.0", "security or policy problem"},
        {"7.1", "delivery not authorized"},
        {"7.26", "sender authentication failed"},
    };
    if (status.starts_with("2")) return "delivered";
    std::size_t dot = status.find('.');
    if (dot != std::string_view::npos) {
        auto found = meanings.find(status.substr(dot + 1));
        if (found != meanings.end()) return found->second;
    }
    if (status.starts_with("5")) return "permanent failure";
    if (status.starts_with("4")) return "temporary failure";
    return "unknown status";
}

}  // namespace lodestone::outreach::mime
