#include "outreach/sending/OutgoingEmail.hpp"

#include <Poco/JSON/Parser.h>

#include <sstream>

#include "domain/JsonValues.hpp"
#include "outreach/CampaignLeads.hpp"

namespace lodestone::outreach {
namespace {

// Replies are quoted into records and logs: keep them to a readable length.
constexpr std::size_t kReplyChars = 300;

std::string trimmedBase(std::string base) {
    while (!base.empty() && base.back() == '/') base.pop_back();
    return base;
}

std::optional<Poco::JSON::Object::Ptr> researchOf(const std::optional<std::string>& json) {
    if (!json) return std::nullopt;
    try {
        return domain::parseObject(*json, "the stored research output");
    } catch (const std::exception&) {
        // Research that cannot be read leaves research.* blank rather than stopping outreach.
        return std::nullopt;
    }
}

}  // namespace

std::string OutgoingEmail::mailerInput() const {
    Poco::JSON::Object::Ptr input = domain::orderedObject();
    input->set("messageId", messageId);
    Poco::JSON::Object::Ptr fromJson = domain::orderedObject();
    fromJson->set("address", from.address);
    if (from.name) fromJson->set("name", *from.name);
    input->set("from", fromJson);
    Poco::JSON::Object::Ptr toJson = domain::orderedObject();
    toJson->set("address", toAddress);
    if (!toName.empty()) toJson->set("name", toName);
    input->set("to", toJson);
    if (replyTo) input->set("replyTo", *replyTo);
    input->set("subject", content.subject);
    input->set("text", content.text);
    if (content.html) input->set("html", *content.html);
    Poco::JSON::Object::Ptr headers = domain::orderedObject();
    headers->set("List-Unsubscribe", "<" + unsubscribeUrl + ">");
    headers->set("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
    input->set("headers", headers);
    std::ostringstream out;
    input->stringify(out);
    return out.str();
}

std::string unsubscribeUrl(const std::string& publicUrl, const domain::Prospect& prospect) {
    return trimmedBase(publicUrl) + "/u/" + prospect.unsubscribeToken;
}

OutgoingEmail composeEmail(const domain::EmailSend& send, const domain::Prospect& prospect,
                           const Sequence& sequence, const std::optional<std::string>& researchJson,
                           const std::string& publicUrl,
                           const std::optional<LeadMagnetLink>& leadMagnet) {
    if (send.step < 0 || send.step >= static_cast<int>(sequence.steps.size())) {
        throw std::runtime_error("the campaign's sequence has no step " +
                                 std::to_string(send.step + 1) + " any more");
    }
    OutgoingEmail email;
    email.messageId = send.messageId;
    email.from = sequence.from;
    // Replies go to reply_to, else to the sender; said either way, as mail clients expect.
    email.replyTo = sequence.replyTo.value_or(sequence.from.address);
    email.toAddress = prospect.email;
    email.toName = prospect.contactName;
    email.unsubscribeUrl = unsubscribeUrl(publicUrl, prospect);
    auto variables =
        sequenceVariables(prospect, researchOf(researchJson), bookingUrl(publicUrl, prospect),
                          email.unsubscribeUrl, leadMagnet);
    email.content = renderStep(sequence.steps[static_cast<std::size_t>(send.step)], *variables);
    return email;
}

bool MailerAnswer::isHardBounce() const {
    return !accepted && permanent && (stage == "RCPT" || stage == "DATA");
}

std::string MailerAnswer::describe() const {
    std::string text = reply.empty() && code ? std::to_string(*code) : reply;
    if (text.empty()) text = accepted ? "accepted" : "refused";
    if (!stage.empty() && !accepted) text += " (at " + stage + ")";
    return text;
}

MailerAnswer readMailerAnswer(const std::string& output) {
    Poco::JSON::Object::Ptr report;
    try {
        report = Poco::JSON::Parser().parse(output).extract<Poco::JSON::Object::Ptr>();
    } catch (const Poco::Exception&) {
    }
    if (!report || !report->has("accepted") || !report->get("accepted").isBoolean()) {
        throw std::runtime_error("the mailer plugin's answer has no boolean `accepted`");
    }
    MailerAnswer answer;
    answer.accepted = report->getValue<bool>("accepted");
    if (report->has("permanent") && report->get("permanent").isBoolean()) {
        answer.permanent = report->getValue<bool>("permanent");
    }
    if (report->has("stage") && report->get("stage").isString()) {
        answer.stage = report->getValue<std::string>("stage");
    }
    const auto code = report->has("code") ? report->get("code") : Poco::Dynamic::Var();
    if (code.isInteger() && !code.isBoolean()) {
        const auto wide = code.convert<Poco::Int64>();
        if (wide >= 200 && wide <= 599) answer.code = static_cast<int>(wide);
    }
    if (report->has("reply") && report->get("reply").isString()) {
        answer.reply = report->getValue<std::string>("reply");
        if (answer.reply.size() > kReplyChars) {
            std::size_t end = kReplyChars;
            while (end > 0 && (static_cast<unsigned char>(answer.reply[end]) & 0xC0) == 0x80) --end;
            answer.reply = answer.reply.substr(0, end) + "...";
        }
    }
    return answer;
}

}  // namespace lodestone::outreach
