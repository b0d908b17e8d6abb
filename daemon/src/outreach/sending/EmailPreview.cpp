#include "outreach/sending/EmailPreview.hpp"

#include "domain/JsonValues.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "outreach/sending/StepMaterial.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::outreach {
namespace {

using Reason = PreviewRefused::Reason;

// The token of the sample's links: no prospect has it (real ones are 32 alphanumerics), so its
// booking and unsubscribe links lead to the pages' "not found".
constexpr const char* kSampleToken = "sample";

Sequence sequenceOf(const domain::Campaign& campaign) {
    if (!campaign.sequenceJson) {
        throw PreviewRefused(Reason::NoSequence,
                             "campaign " + campaign.id + " has no email sequence");
    }
    try {
        return Sequence::parse(*campaign.sequenceJson);
    } catch (const SequenceError& e) {
        throw PreviewRefused(Reason::NoSequence,
                             "campaign " + campaign.id + "'s sequence cannot be read: " + e.what());
    }
}

// "Name <address>", or the address alone, as a mail reader shows an address.
std::string mailbox(const std::string& address, const std::optional<std::string>& name) {
    return name && !name->empty() ? *name + " <" + address + ">" : address;
}

Poco::JSON::Object::Ptr addressJson(const std::string& address,
                                    const std::optional<std::string>& name) {
    auto json = domain::orderedObject();
    json->set("address", address);
    json->set("name", name ? Poco::Dynamic::Var(*name) : Poco::Dynamic::Var());
    return json;
}

std::optional<std::string> nonEmpty(const std::string& text) {
    return text.empty() ? std::nullopt : std::optional<std::string>(text);
}

}  // namespace

std::vector<std::pair<std::string, std::string>> EmailPreview::headers() const {
    std::vector<std::pair<std::string, std::string>> all{
        {"From", mailbox(email.from.address, email.from.name)},
        {"To", mailbox(email.toAddress, nonEmpty(email.toName))}};
    if (email.replyTo) all.emplace_back("Reply-To", *email.replyTo);
    all.emplace_back("Message-ID", email.messageId);
    // As OutgoingEmail::mailerInput() hands them to the mailer.
    all.emplace_back("List-Unsubscribe", "<" + email.unsubscribeUrl + ">");
    all.emplace_back("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
    return all;
}

Poco::JSON::Object::Ptr EmailPreview::toJson() const {
    auto json = domain::orderedObject();
    json->set("step", step);
    json->set("messageId", email.messageId);
    auto headerJson = domain::orderedObject();
    for (const auto& [name, value] : headers()) headerJson->set(name, value);
    json->set("headers", headerJson);
    json->set("from", addressJson(email.from.address, email.from.name));
    json->set("to", addressJson(email.toAddress, nonEmpty(email.toName)));
    json->set("replyTo", email.replyTo ? Poco::Dynamic::Var(*email.replyTo) : Poco::Dynamic::Var());
    json->set("subject", email.content.subject);
    json->set("text", email.content.text);
    json->set("html",
              email.content.html ? Poco::Dynamic::Var(*email.content.html) : Poco::Dynamic::Var());
    json->set("waiting", waiting ? Poco::Dynamic::Var(*waiting) : Poco::Dynamic::Var());
    return json;
}

std::string previewMessageId(const std::string& senderAddress) {
    return messageIdFor("preview", senderAddress);
}

EmailPreview previewEmail(storage::Repositories& repositories, const domain::Campaign& campaign,
                          const std::string& prospectId, int step, const std::string& publicUrl) {
    auto prospect = repositories.prospects().find(prospectId);
    if (!prospect) {
        throw PreviewRefused(Reason::UnknownProspect, "no prospect " + prospectId);
    }
    if (prospect->campaignId != campaign.id) {
        throw PreviewRefused(Reason::UnknownProspect,
                             "prospect " + prospectId + " is not in campaign " + campaign.id +
                                 " (it is in " + prospect->campaignId + ")");
    }
    return previewEmail(repositories, campaign, *prospect, step, publicUrl);
}

EmailPreview previewEmail(storage::Repositories& repositories, const domain::Campaign& campaign,
                          const domain::Prospect& prospect, int step,
                          const std::string& publicUrl) {
    const auto sequence = sequenceOf(campaign);
    const int steps = static_cast<int>(sequence.steps.size());
    if (step < 1 || step > steps) {
        throw PreviewRefused(
            Reason::StepOutOfRange,
            "step " + std::to_string(step) + " is out of range: campaign " + campaign.id +
                "'s sequence has " + std::to_string(steps) +
                (steps == 1 ? " step (1)" : " steps (1-" + std::to_string(steps) + ")"));
    }
    const auto& sequenceStep = sequence.steps[static_cast<std::size_t>(step - 1)];
    EmailPreview preview;
    preview.prospect = prospect;
    preview.sampleProspect = prospect.id.empty();
    preview.step = step;

    // The Message-ID its send carries when it is scheduled (a resend, too, carries it).
    domain::EmailSend send;
    send.step = step - 1;
    send.messageId = previewMessageId(sequence.from.address);
    if (!preview.sampleProspect) {
        for (const auto& scheduled : repositories.emailSends().listForProspect(prospect.id)) {
            if (scheduled.step != send.step) continue;
            send.messageId = scheduled.messageId;
            preview.messageIdScheduled = true;
        }
    }

    // No MagnetStart: a preview reads, and never starts the lead magnet a send would.
    auto material = stepMaterial(repositories, campaign, prospect, sequenceStep);
    if (preview.sampleProspect && campaign.projectId && material.waiting) {
        material.waiting.reset();
        material.leadMagnet =
            LeadMagnetLink{publicUrl + (publicUrl.ends_with('/') ? "" : "/") + "m/" + kSampleToken,
                           "A lead magnet for Analytical Engines"};
    }
    preview.waiting = material.waiting;
    preview.email = composeEmail(send, prospect, sequence, material.researchJson, publicUrl,
                                 material.leadMagnet);
    return preview;
}

domain::Prospect testProspect(storage::Repositories& repositories,
                              const domain::Campaign& campaign) {
    auto newest = repositories.prospects().page(storage::ProspectFilter{campaign.id}, {1});
    if (!newest.empty()) return newest.front();
    return sampleProspect(campaign);
}

domain::Prospect sampleProspect(const domain::Campaign& campaign) {
    domain::Prospect sample;
    sample.organisationId = campaign.organisationId;
    sample.campaignId = campaign.id;
    sample.email = "ada@example.com";
    sample.emailKey = sample.email;
    sample.companyName = "Analytical Engines";
    sample.contactName = "Ada Lovelace";
    sample.title = "Head of Engineering";
    sample.domain = "example.com";
    sample.inputJson =
        R"({"companyName":"Analytical Engines","contactName":"Ada Lovelace",)"
        R"("email":"ada@example.com","title":"Head of Engineering","domain":"example.com"})";
    sample.status = domain::ProspectStatus::Qualified;
    sample.score = 87;
    sample.bookingToken = kSampleToken;
    sample.unsubscribeToken = kSampleToken;
    return sample;
}

}  // namespace lodestone::outreach
