// What the mailer is asked to send, and how its answers are read.
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "outreach/sending/OutgoingEmail.hpp"

using namespace lodestone;
using outreach::MailerAnswer;
using outreach::readMailerAnswer;
using ::testing::HasSubstr;

namespace {

domain::Prospect grace() {
    domain::Prospect p;
    p.id = "prospect_x";
    p.email = "grace@navy.example";
    p.emailKey = p.email;
    p.contactName = "Grace Hopper";
    p.companyName = "US Navy";
    p.title = "Rear Admiral";
    p.domain = "navy.example";
    p.inputJson =
        R"({"companyName":"US Navy","contactName":"Grace Hopper","email":"grace@navy.example",)"
        R"("researchData":{"hook":"COBOL"},"customData":{"tier":"gold"}})";
    p.bookingToken = "BOOK";
    p.unsubscribeToken = "UNSUB";
    p.score = 82;
    return p;
}

outreach::Sequence sequence() {
    return outreach::Sequence::parse(R"({
      "from": {"address": "ada@acme.example", "name": "Ada at Acme"},
      "reply_to": "replies@acme.example",
      "steps": [{"subject": "{{firstName}}, {{researchData.hook}} at {{companyName}}",
                 "text": "Book: {{bookingUrl}}\nTier {{customData.tier}}, score {{score}}\n{{research.headline}}\nStop: {{unsubscribeUrl}}",
                 "html": "<p>Hi {{firstName}} &amp; {{companyName}}</p>"}]
    })");
}

Poco::JSON::Object::Ptr parse(const std::string& json) {
    return Poco::JSON::Parser().parse(json).extract<Poco::JSON::Object::Ptr>();
}

}  // namespace

TEST(OutgoingEmail, IsPersonalisedAndCarriesTheUnsubscribeHeaders) {
    domain::EmailSend send;
    send.messageId = "<es_1@acme.example>";
    auto email = outreach::composeEmail(send, grace(), sequence(),
                                        std::string(R"({"headline":"Compilers, early"})"),
                                        "https://go.acme.example/");
    EXPECT_EQ(email.content.subject, "Grace, COBOL at US Navy");
    EXPECT_THAT(email.content.text, HasSubstr("Book: https://go.acme.example/b/BOOK"));
    EXPECT_THAT(email.content.text, HasSubstr("Tier gold, score 82"));
    EXPECT_THAT(email.content.text, HasSubstr("Compilers, early"));
    EXPECT_THAT(email.content.text, HasSubstr("Stop: https://go.acme.example/u/UNSUB"));
    EXPECT_EQ(email.content.html, "<p>Hi Grace &amp; US Navy</p>");

    auto input = parse(email.mailerInput());
    EXPECT_EQ(input->getValue<std::string>("messageId"), "<es_1@acme.example>");
    EXPECT_EQ(input->getObject("from")->getValue<std::string>("name"), "Ada at Acme");
    EXPECT_EQ(input->getObject("to")->getValue<std::string>("address"), "grace@navy.example");
    EXPECT_EQ(input->getObject("to")->getValue<std::string>("name"), "Grace Hopper");
    EXPECT_EQ(input->getValue<std::string>("replyTo"), "replies@acme.example");
    auto headers = input->getObject("headers");
    EXPECT_EQ(headers->getValue<std::string>("List-Unsubscribe"),
              "<https://go.acme.example/u/UNSUB>");
    EXPECT_EQ(headers->getValue<std::string>("List-Unsubscribe-Post"),
              "List-Unsubscribe=One-Click");
}

TEST(OutgoingEmail, ResearchThatCannotBeReadLeavesItsVariablesBlank) {
    domain::EmailSend send;
    auto email = outreach::composeEmail(send, grace(), sequence(), std::string("not json"),
                                        "https://go.acme.example");
    EXPECT_THAT(email.content.text, HasSubstr("score 82\n\nStop"));
}

TEST(OutgoingEmail, AStepTheSequenceNoLongerHasIsAnError) {
    domain::EmailSend send;
    send.step = 3;
    EXPECT_THROW(
        outreach::composeEmail(send, grace(), sequence(), std::nullopt, "https://x.example"),
        std::runtime_error);
}

TEST(MailerAnswer, AcceptedAndRefusedAnswersAreRead) {
    auto ok = readMailerAnswer(R"({"accepted":true,"code":250,"reply":"250 Ok"})");
    EXPECT_TRUE(ok.accepted);
    EXPECT_FALSE(ok.isHardBounce());

    auto rcpt = readMailerAnswer(
        R"({"accepted":false,"permanent":true,"stage":"RCPT","code":550,"reply":"550 5.1.1 no"})");
    EXPECT_TRUE(rcpt.isHardBounce());
    EXPECT_EQ(rcpt.describe(), "550 5.1.1 no (at RCPT)");

    auto data =
        readMailerAnswer(R"({"accepted":false,"permanent":true,"stage":"DATA","code":554})");
    EXPECT_TRUE(data.isHardBounce());
    EXPECT_EQ(data.describe(), "554 (at DATA)");

    auto sender = readMailerAnswer(
        R"({"accepted":false,"permanent":true,"stage":"MAIL","code":553,"reply":"553 sender"})");
    EXPECT_FALSE(sender.isHardBounce()) << "the sender refused: a setting to fix, not a bounce";

    auto later = readMailerAnswer(
        R"({"accepted":false,"permanent":false,"stage":"RCPT","code":451,"reply":"451 later"})");
    EXPECT_FALSE(later.isHardBounce());
}

TEST(MailerAnswer, OutputOutsideTheContractIsRefusedAndLongRepliesAreCut) {
    EXPECT_THROW(readMailerAnswer("[]"), std::runtime_error);
    EXPECT_THROW(readMailerAnswer(R"({"accepted":"yes"})"), std::runtime_error);
    auto code = readMailerAnswer(R"({"accepted":false,"code":true})");
    EXPECT_FALSE(code.code) << "a boolean is no SMTP code";
    auto longReply =
        readMailerAnswer(R"({"accepted":false,"reply":")" + std::string(1000, 'x') + R"("})");
    EXPECT_LT(longReply.reply.size(), 310u);
}
