// The bundled mailer-smtp plugin through its real library, sending to a real SMTP server on
// 127.0.0.1: the envelope, the headers and MIME a mail reader decodes, and the server's verdicts.
// TLS, AUTH, time limits and config: MailerSmtpSessionTest.cpp.
#include <Poco/DateTimeFormat.h>
#include <Poco/DateTimeParser.h>
#include <Poco/Timestamp.h>

#include "MailerSmtpSupport.hpp"

namespace lodestone::plugins::testing {
namespace {

using lodestone::test::ReceivedMessage;
using lodestone::test::SmtpSink;
using lodestone::test::SmtpSinkOptions;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::StartsWith;

class MailerSmtp : public ::testing::Test {
  protected:
    // The one message the sink got, and what a mail reader makes of it.
    ReceivedMessage received(const SmtpSink& sink) {
        EXPECT_TRUE(sink.waitForMessages(1)) << sink.log();
        auto messages = sink.messages();
        EXPECT_EQ(messages.size(), 1u);
        if (messages.empty()) throw std::runtime_error("no message arrived");
        return messages[0];
    }

    static Poco::JSON::Object::Ptr part(const Poco::JSON::Object::Ptr& decoded, unsigned index) {
        return decoded->getArray("parts")->getObject(index);
    }

    // Every line of the message, as the wire has it.
    static std::vector<std::string> lines(const ReceivedMessage& message) {
        std::vector<std::string> result;
        std::size_t start = 0;
        while (start <= message.raw.size()) {
            const std::size_t end = std::min(message.raw.find("\r\n", start), message.raw.size());
            result.push_back(message.raw.substr(start, end - start));
            start = end + 2;
        }
        return result;
    }

    SmtpSink sink_;
    Mailer mailer_{Mailer::plainConfig(sink_.port())};
};

TEST_F(MailerSmtp, SendsToTheRecipientFromTheSenderAndReportsTheAcceptance) {
    auto result = mailer_.send(sampleMessage());
    EXPECT_TRUE(result->getValue<bool>("accepted")) << toJson(result);
    EXPECT_EQ(result->getValue<int>("code"), 250);
    EXPECT_THAT(result->getValue<std::string>("reply"), StartsWith("250 2.0.0 Ok: queued as"));
    EXPECT_EQ(result->getValue<std::string>("messageId"), "<es_01abc@acme.example>");
    auto message = received(sink_);
    EXPECT_EQ(message.mailFrom, "ada@acme.example");
    EXPECT_THAT(message.rcptTos, ElementsAre("grace@example.org"));
    EXPECT_FALSE(message.tls);
    EXPECT_FALSE(message.authUser.has_value());
}

TEST_F(MailerSmtp, WritesEveryHeaderOfTheContract) {
    const auto before = Poco::Timestamp();
    mailer_.send(sampleMessage());
    auto message = received(sink_);
    EXPECT_EQ(message.header("Message-ID"), "<es_01abc@acme.example>");
    EXPECT_EQ(message.header("MIME-Version"), "1.0");
    EXPECT_EQ(message.header("Reply-To"), "replies@acme.example");
    EXPECT_EQ(message.header("Subject"), "Grace, a question about Example");
    EXPECT_EQ(message.header("List-Unsubscribe"), "<http://127.0.0.1:8080/u/TOKEN>");
    EXPECT_EQ(message.header("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
    EXPECT_EQ(message.headers.count("date"), 1u) << "names are looked up without regard to case";

    int zone = 0;
    const auto date = Poco::DateTimeParser::parse(Poco::DateTimeFormat::RFC1123_FORMAT,
                                                  message.header("Date"), zone);
    EXPECT_EQ(zone, 0);
    // Between the send and its arrival at the sink, to the second the header is written in.
    EXPECT_GE(date.timestamp().epochTime(), before.epochTime()) << message.header("Date");
    EXPECT_LE(date.timestamp().epochTime(), Poco::Timestamp().epochTime())
        << message.header("Date");

    auto decoded = message.decoded();
    EXPECT_EQ(decoded->getArray("defects")->size(), 0u) << toJson(decoded);
    EXPECT_FALSE(decoded->isNull("date")) << "a mail reader parses the Date too";
    EXPECT_EQ(decoded->getObject("from")->getValue<std::string>("name"), "Ada at Acme");
    EXPECT_EQ(decoded->getObject("from")->getValue<std::string>("address"), "ada@acme.example");
    EXPECT_EQ(decoded->getObject("to")->getValue<std::string>("name"), "Grace Hopper");
    EXPECT_EQ(decoded->getObject("to")->getValue<std::string>("address"), "grace@example.org");
}

TEST_F(MailerSmtp, TextAloneIsOneSevenBitTextPlainPart) {
    mailer_.send(sampleMessage());
    auto message = received(sink_);
    EXPECT_EQ(message.header("Content-Type"), "text/plain; charset=utf-8");
    EXPECT_EQ(message.header("Content-Transfer-Encoding"), "7bit");
    EXPECT_EQ(message.body, "Hi Grace,\r\n\r\nA short question about Example.\r\n\r\nAda\r\n");
    auto decoded = message.decoded();
    EXPECT_EQ(decoded->getValue<std::string>("contentType"), "text/plain");
    EXPECT_EQ(part(decoded, 0)->getValue<std::string>("content"),
              "Hi Grace,\n\nA short question about Example.\n\nAda\n");
}

TEST_F(MailerSmtp, TextAndHtmlAreMultipartAlternativeTextFirst) {
    auto input = sampleMessage();
    input->set("html", "<p>Hi Grace,</p><p>A short question about Example.</p>");
    mailer_.send(input);
    auto message = received(sink_);
    EXPECT_THAT(message.header("Content-Type"), StartsWith("multipart/alternative;"));
    auto decoded = message.decoded();
    EXPECT_EQ(decoded->getArray("defects")->size(), 0u) << toJson(decoded);
    EXPECT_EQ(decoded->getValue<std::string>("contentType"), "multipart/alternative");
    ASSERT_EQ(decoded->getArray("parts")->size(), 2u) << toJson(decoded);
    EXPECT_EQ(part(decoded, 0)->getValue<std::string>("contentType"), "text/plain");
    EXPECT_EQ(part(decoded, 0)->getValue<std::string>("charset"), "utf-8");
    EXPECT_EQ(part(decoded, 0)->getValue<std::string>("content"),
              "Hi Grace,\n\nA short question about Example.\n\nAda\n");
    EXPECT_EQ(part(decoded, 1)->getValue<std::string>("contentType"), "text/html");
    EXPECT_EQ(part(decoded, 1)->getValue<std::string>("charset"), "utf-8");
    EXPECT_EQ(part(decoded, 1)->getValue<std::string>("content"),
              "<p>Hi Grace,</p><p>A short question about Example.</p>");
}

TEST_F(MailerSmtp, NonAsciiNamesSubjectAndBodiesArriveEncodedAndDecodeIntact) {
    const std::string subject =
        "Grüße, Zoë: eine Frage zu Straße & Köln, die länger ist als eine Zeile es sein sollte";
    const std::string text =
        "Liebe Zoë,\n\nkurz zu Ihrem Café in Köln — “quoted” and a line "
        "long enough that quoted-printable has to break it softly.  \n";
    const std::string html = "<p>Здравствуйте, Зоя! Это письмо почти целиком по-русски.</p>";
    auto input = sampleMessage();
    input->getObject("from")->set("name", "Åda Lövelace, \"the Countess\"");
    input->getObject("to")->set("name", "Zoë Ångström");
    input->set("subject", subject);
    input->set("text", text);
    input->set("html", html);
    mailer_.send(input);
    auto message = received(sink_);

    for (unsigned char c : message.raw) ASSERT_LT(c, 0x80) << "the message is 7-bit clean";
    // Headers folded within 78 columns, encoded bodies within 76.
    for (const auto& line : lines(message)) EXPECT_LE(line.size(), 78u) << line;
    EXPECT_THAT(message.header("Subject"), StartsWith("=?utf-8?B?"));
    auto decoded = message.decoded();
    EXPECT_EQ(decoded->getArray("defects")->size(), 0u) << toJson(decoded);
    EXPECT_EQ(decoded->getObject("headers")->getArray("subject")->getElement<std::string>(0),
              subject);
    EXPECT_EQ(decoded->getObject("from")->getValue<std::string>("name"),
              "Åda Lövelace, \"the Countess\"");
    EXPECT_EQ(decoded->getObject("to")->getValue<std::string>("name"), "Zoë Ångström");
    EXPECT_EQ(part(decoded, 0)->getValue<std::string>("transferEncoding"), "quoted-printable");
    EXPECT_EQ(part(decoded, 0)->getValue<std::string>("content"), text);
    EXPECT_EQ(part(decoded, 1)->getValue<std::string>("transferEncoding"), "base64");
    EXPECT_EQ(part(decoded, 1)->getValue<std::string>("content"), html);
}

TEST_F(MailerSmtp, AsciiNamesWithSpecialsAreQuotedAndLongSubjectsFolded) {
    const std::string subject =
        "Grace, a question about Example and the way your team runs its pipeline reviews "
        "every quarter, with a word that only looks like =?encoded?= text";
    auto input = sampleMessage();
    input->getObject("from")->set("name", "Acme, Inc. (sales)");
    input->set("subject", subject);
    mailer_.send(input);
    auto message = received(sink_);
    EXPECT_EQ(message.header("From"), "\"Acme, Inc. (sales)\" <ada@acme.example>");
    for (const auto& line : lines(message)) EXPECT_LE(line.size(), 78u) << line;
    auto decoded = message.decoded();
    EXPECT_EQ(decoded->getObject("from")->getValue<std::string>("name"), "Acme, Inc. (sales)");
    EXPECT_EQ(decoded->getObject("headers")->getArray("subject")->getElement<std::string>(0),
              subject);
}

TEST_F(MailerSmtp, BodyLinesStartingWithADotSurviveDotStuffing) {
    auto input = sampleMessage();
    input->set("text", ".\n.hidden line\n..two dots\nend\n.");
    mailer_.send(input);
    auto message = received(sink_);
    EXPECT_EQ(message.body, ".\r\n.hidden line\r\n..two dots\r\nend\r\n.\r\n");
    EXPECT_EQ(part(message.decoded(), 0)->getValue<std::string>("content"),
              ".\n.hidden line\n..two dots\nend\n.\n");
}

TEST(MailerSmtpVerdicts, ARecipientRefusedWith550IsAPermanentRefusalAtRcpt) {
    SmtpSink sink({.failRcpt = {"^grace@"}});
    auto result = Mailer(Mailer::plainConfig(sink.port())).send(sampleMessage());
    EXPECT_FALSE(result->getValue<bool>("accepted"));
    EXPECT_TRUE(result->getValue<bool>("permanent"));
    EXPECT_EQ(result->getValue<std::string>("stage"), "RCPT");
    EXPECT_EQ(result->getValue<int>("code"), 550);
    EXPECT_EQ(result->getValue<std::string>("reply"),
              "550 5.1.1 <grace@example.org>: user unknown");
    EXPECT_EQ(sink.messageCount(), 0u);
}

TEST(MailerSmtpVerdicts, A451AtRcptIsATemporaryRefusalAndTheRetryGoesThrough) {
    SmtpSink sink({.tempfailRcpt = {{"^grace@", 1}}});
    Mailer mailer(Mailer::plainConfig(sink.port()));
    auto first = mailer.send(sampleMessage());
    EXPECT_FALSE(first->getValue<bool>("accepted"));
    EXPECT_FALSE(first->getValue<bool>("permanent"));
    EXPECT_EQ(first->getValue<std::string>("stage"), "RCPT");
    EXPECT_EQ(first->getValue<int>("code"), 451);
    EXPECT_TRUE(mailer.send(sampleMessage())->getValue<bool>("accepted"));
    EXPECT_TRUE(sink.waitForMessages(1));
}

TEST(MailerSmtpVerdicts, A554AfterTheMessageIsARefusalAtData) {
    SmtpSink sink({.failData = {"example\\.org$"}});
    auto result = Mailer(Mailer::plainConfig(sink.port())).send(sampleMessage());
    EXPECT_FALSE(result->getValue<bool>("accepted"));
    EXPECT_TRUE(result->getValue<bool>("permanent"));
    EXPECT_EQ(result->getValue<std::string>("stage"), "DATA");
    EXPECT_EQ(result->getValue<int>("code"), 554);
    EXPECT_EQ(sink.messageCount(), 0u);
}

TEST(MailerSmtpVerdicts, NoServerFailsTheRunNamingHostAndPort) {
    const std::uint16_t port = closedPort();
    Mailer mailer(Mailer::plainConfig(port));
    auto error = mailer.failure(sampleMessage());
    EXPECT_EQ(error.status(), LODESTONE_ERROR_FAILED);
    EXPECT_THAT(error.what(), HasSubstr("127.0.0.1:" + std::to_string(port)));
    EXPECT_THAT(error.what(), HasSubstr("refused"));
}

// Field by field: what the input must not be, and the field the message names.
TEST(MailerSmtpInput, MalformedMessagesAreInvalidInputNamingTheField) {
    const std::uint16_t port = closedPort();  // never reached: the input is refused first
    Mailer mailer(Mailer::plainConfig(port));
    const std::vector<std::pair<std::function<void(Poco::JSON::Object&)>, std::string>> cases = {
        {[](auto& m) { m.remove("to"); }, "to: required"},
        {[](auto& m) { m.remove("from"); }, "from: required"},
        {[](auto& m) { m.remove("subject"); }, "subject: required"},
        {[](auto& m) { m.remove("text"); }, "text: required"},
        {[](auto& m) { m.remove("messageId"); }, "messageId: required"},
        {[](auto& m) { m.set("messageId", "es_01abc"); }, "messageId: must look like"},
        {[](auto& m) { m.getObject("to")->set("address", "grace"); }, "to.address: not an email"},
        {[](auto& m) { m.getObject("to")->set("address", "a b@x.org"); }, "to.address"},
        {[](auto& m) { m.getObject("from")->set("address", "ada@-acme"); }, "from.address"},
        {[](auto& m) { m.set("replyTo", "replies"); }, "replyTo: not an email"},
        {[](auto& m) { m.getObject("to")->set("name", "Grace\r\nBcc: x@y.z"); }, "to.name: must"},
        {[](auto& m) { m.set("subject", "Hi\nBcc: x@y.z"); }, "subject: must be one line"},
        {[](auto& m) { m.set("subject", "   "); }, "subject: must not be empty"},
        {[](auto& m) { m.set("text", 42); }, "text: must be a string"},
        {[](auto& m) { m.getObject("headers")->set("X-Evil", "a\r\nBcc: x@y.z"); },
         "headers.X-Evil: must be one line"},
        {[](auto& m) { m.getObject("headers")->set("X-Name", "Zoë"); },
         "headers.X-Name: must be printable ASCII"},
        {[](auto& m) { m.getObject("headers")->set("Bad Name", "x"); }, "headers.Bad Name"},
        {[](auto& m) { m.getObject("headers")->set("bcc", "x@y.z"); }, "headers.bcc: written by"},
        {[](auto& m) { m.set("headers", "List-Unsubscribe: x"); }, "headers: must be an object"},
    };
    for (const auto& [change, expected] : cases) {
        auto input = sampleMessage();
        change(*input);
        auto error = mailer.failure(input);
        EXPECT_EQ(error.status(), LODESTONE_ERROR_INVALID_INPUT)
            << expected << ": " << error.what();
        EXPECT_THAT(error.what(), HasSubstr(expected));
    }
    RunControl control;
    EXPECT_EQ(mailer.failure("[]", control).status(), LODESTONE_ERROR_INVALID_INPUT);
}

}  // namespace
}  // namespace lodestone::plugins::testing
