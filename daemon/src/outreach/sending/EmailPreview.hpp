#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "domain/Prospects.hpp"
#include "domain/Records.hpp"
#include "outreach/sending/OutgoingEmail.hpp"
#include "storage/Repositories.hpp"

// "See it before it goes out" (docs/outreach.md, Previews and test messages): one step of a
// prospect's sequence rendered exactly as the send queue would hand it to the mailer, for
// `lodestonectl campaign preview`, POST /api/campaigns/{campaignId}/preview and the dashboard's
// campaign page alike. Reads only: a preview starts no lead magnet and changes no record.
namespace lodestone::outreach {

// Why no preview can be made, in words for the operator.
class PreviewRefused : public std::runtime_error {
  public:
    enum class Reason {
        UnknownProspect,  // no such prospect, or one of another campaign
        NoSequence,       // the campaign has no sequence, or one that no longer reads
        StepOutOfRange,   // the sequence has no such step
    };
    PreviewRefused(Reason reason, const std::string& message)
        : std::runtime_error(message), reason_(reason) {}
    Reason reason() const { return reason_; }

  private:
    Reason reason_;
};

// One step as it would be sent to one prospect now.
struct EmailPreview {
    domain::Prospect prospect;    // the campaign's, or sampleProspect()'s
    bool sampleProspect = false;  // made up: the campaign has no prospect yet
    int step = 1;                 // 1-based, as people count steps
    // What the mailer plugin would get (its mailerInput()). The Message-ID is the one the step's
    // scheduled email carries; a step not scheduled yet has none, so it shows previewMessageId().
    OutgoingEmail email;
    bool messageIdScheduled = false;
    // Why the step would not go out yet (its lead magnet; StepMaterial's `waiting`): the message
    // shows what is known, {{leadMagnetUrl}} and {{leadMagnetTitle}} blank.
    std::optional<std::string> waiting;

    // The message's own headers, as a mail reader shows them: From, To, Reply-To, Message-ID,
    // List-Unsubscribe, List-Unsubscribe-Post (the mailer adds Date and the MIME headers).
    std::vector<std::pair<std::string, std::string>> headers() const;
    // {"step","messageId","headers":{…},"from":{address,name},"to":{address,name},"replyTo",
    //  "subject","text","html" (or null),"waiting" (or null)}: the API's `preview`.
    Poco::JSON::Object::Ptr toJson() const;
};

// `<preview@sender.domain>`: the Message-ID shown for a step that has no email scheduled yet
// (its own is made when it is scheduled, docs/outreach.md).
std::string previewMessageId(const std::string& senderAddress);

// Renders step `step` (1-based) of the campaign's sequence for its prospect `prospectId`.
// Throws PreviewRefused: an unknown prospect or one of another campaign (UnknownProspect), a
// campaign without a readable sequence (NoSequence), a step the sequence lacks (StepOutOfRange).
EmailPreview previewEmail(storage::Repositories& repositories, const domain::Campaign& campaign,
                          const std::string& prospectId, int step, const std::string& publicUrl);

// The same for a prospect already read (testProspect's choice).
EmailPreview previewEmail(storage::Repositories& repositories, const domain::Campaign& campaign,
                          const domain::Prospect& prospect, int step, const std::string& publicUrl);

// Whom a test message is rendered for when nobody is named: the campaign's most recent
// prospect, or, before it has any, sampleProspect().
domain::Prospect testProspect(storage::Repositories& repositories,
                              const domain::Campaign& campaign);

// A made-up prospect of the campaign (Ada Lovelace of Analytical Engines, at example.com): no
// id, no research, links whose tokens no prospect has, and a made-up lead magnet.
domain::Prospect sampleProspect(const domain::Campaign& campaign);

}  // namespace lodestone::outreach
