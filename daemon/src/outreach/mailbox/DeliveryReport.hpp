#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The machine-readable part of a delivery status notification (RFC 3464, message/delivery-status):
// what happened to each recipient of the message it reports on.
namespace lodestone::outreach::mime {

struct RecipientStatus {
    std::string action;                    // lowercased: failed, delayed, delivered, relayed, ...
    std::string status;                    // "5.1.1"; empty when missing or not a status code
    std::optional<std::string> recipient;  // Final-Recipient, else Original-Recipient, lowercased
    std::string diagnostic;                // Diagnostic-Code without its type ("550 5.1.1 ...")

    bool failed() const;   // a permanent (5.x.x) status, or Action: failed with no status
    bool delayed() const;  // not failed: Action: delayed, or failed on a transient (4.x.x) status
};

struct DeliveryStatus {
    std::string reportingMta;  // Reporting-MTA without its type; empty when missing
    std::vector<RecipientStatus> recipients;
};

// Reads a message/delivery-status body (after transfer decoding); groups without an Action or a
// Status are not recipients. Never throws.
DeliveryStatus parseDeliveryStatus(std::string_view text);

// A few words for an enhanced status code (RFC 3463, RFC 5248's registry): "5.1.1" -> "user
// unknown"; for a code it does not know, what its class says ("permanent failure").
std::string statusMeaning(std::string_view status);

}  // namespace lodestone::outreach::mime
