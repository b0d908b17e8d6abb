#pragma once

#include <optional>
#include <string>

#include "domain/EmailSends.hpp"
#include "domain/Prospects.hpp"
#include "outreach/sequence/Sequence.hpp"

namespace lodestone::outreach {

// One email of a prospect's sequence, personalised and addressed: what the mailer plugin is asked
// to send (docs/plugins.md, the mailer contract).
struct OutgoingEmail {
    std::string messageId;
    Sender from;
    std::optional<std::string> replyTo;
    std::string toAddress;
    std::string toName;
    RenderedEmail content;
    std::string unsubscribeUrl;  // also the RFC 8058 one-click target

    // The mailer plugin's input JSON.
    std::string mailerInput() const;
};

// `<public_url>/u/<unsubscribeToken>`: where the prospect unsubscribes.
std::string unsubscribeUrl(const std::string& publicUrl, const domain::Prospect& prospect);

// Renders the send's step for the prospect. `researchJson` is what the research step found (the
// stored output of the prospect's research), when there is one; `leadMagnet` its finished lead
// magnet, when it has one.
OutgoingEmail composeEmail(const domain::EmailSend& send, const domain::Prospect& prospect,
                           const Sequence& sequence, const std::optional<std::string>& researchJson,
                           const std::string& publicUrl,
                           const std::optional<LeadMagnetLink>& leadMagnet = std::nullopt);

// What the mailer plugin answered (its output JSON).
struct MailerAnswer {
    bool accepted = false;
    bool permanent = false;  // a 5xx refusal
    std::string stage;       // the command refused: "RCPT", "DATA", "MAIL", ...
    std::optional<int> code;
    std::string reply;  // the server's reply text, as the plugin reported it

    // A permanent refusal of the recipient or the message: the address bounced for good.
    bool isHardBounce() const;
    // "550 5.1.1 user unknown (at RCPT)", for the send's record and the prospect's history.
    std::string describe() const;
};

// Reads the plugin's output; throws std::runtime_error when it does not follow the contract.
MailerAnswer readMailerAnswer(const std::string& output);

}  // namespace lodestone::outreach
