// Campaign outreach emails end to end: leads added over HTTP qualify, and their sequences go out
// through the bundled mailer-smtp to a real SMTP server (aiosmtpd) on 127.0.0.1, until the last
// step, a reply, a meeting, an unsubscribe or a bounce.
#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "EmailSupport.hpp"
#include "support/TestCertificates.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

std::string decodedSubject(const ReceivedMessage& message) {
    auto subjects = message.decoded()->getObject("headers")->getArray("subject");
    return subjects && subjects->size() == 1 ? subjects->getElement<std::string>(0) : "";
}

TEST(EmailOutreach, AQualifiedProspectReceivesTheWholeSequenceAndCompletes) {
    EmailDaemon daemon;
    auto id = daemon.addLead("Fast", "zoe@aerzte.example", "Zoë Müller", "Ärzte Nord GmbH");
    auto messages = daemon.waitForMessagesTo("zoe@aerzte.example", 3);
    ASSERT_EQ(messages.size(), 3u);
    auto done = daemon.waitForStatus("Fast", id, "completed");

    // Personalised, non-ASCII names and subjects encoded so a mail reader shows them as written.
    EXPECT_EQ(decodedSubject(messages[0]), "Zoë, a question about Ärzte Nord GmbH");
    EXPECT_EQ(decodedSubject(messages[1]), "Following up, Zoë");
    auto first = messages[0].decoded();
    EXPECT_EQ(first->getObject("from")->getValue<std::string>("name"), "Ada at Acme");
    EXPECT_EQ(first->getObject("from")->getValue<std::string>("address"), "ada@acme.example");
    EXPECT_EQ(first->getObject("to")->getValue<std::string>("name"), "Zoë Müller");
    EXPECT_FALSE(first->get("date").isEmpty()) << "a Date header a reader can parse";
    EXPECT_EQ(messages[0].mailFrom, "ada@acme.example");
    EXPECT_EQ(messages[0].header("Reply-To"), "replies@acme.example");
    EXPECT_EQ(messages[0].header("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
    EXPECT_THAT(messages[0].header("List-Unsubscribe"), StartsWith("<http://127.0.0.1:8080/u/"));
    EXPECT_EQ(first->getArray("defects")->size(), 0u);

    // The first step has HTML: multipart/alternative, plain text first. The others: text only.
    auto parts = first->getArray("parts");
    ASSERT_EQ(parts->size(), 2u);
    EXPECT_EQ(parts->getObject(0)->getValue<std::string>("contentType"), "text/plain");
    EXPECT_EQ(parts->getObject(1)->getValue<std::string>("contentType"), "text/html");
    EXPECT_THAT(messages[0].header("Content-Type"), StartsWith("multipart/alternative"));
    const auto text = parts->getObject(0)->getValue<std::string>("content");
    EXPECT_THAT(text, HasSubstr("Hi Zoë,"));
    EXPECT_THAT(text, HasSubstr("Book a call: http://127.0.0.1:8080/b/"));
    EXPECT_THAT(parts->getObject(1)->getValue<std::string>("content"),
                HasSubstr("Hi Zoë of Ärzte Nord GmbH"));
    EXPECT_THAT(messages[1].header("Content-Type"), StartsWith("text/plain"));

    // What the API shows matches what arrived: each Message-ID, and the delays between steps.
    std::int64_t previousSent = 0;
    for (int step = 1; step <= 3; ++step) {
        auto email = EmailDaemon::email(done, step);
        EXPECT_EQ(email->getValue<std::string>("status"), "sent") << step;
        EXPECT_EQ(email->getValue<std::string>("messageId"),
                  messages[static_cast<std::size_t>(step - 1)].header("Message-ID"));
        EXPECT_EQ(email->getValue<int>("attempts"), 1);
        auto sent = email->getValue<std::int64_t>("sentAt");
        if (step > 1) {
            // A lower bound on a real wait in the daemon: a slow machine cannot fail it.
            EXPECT_GE(sent - previousSent, 1000) << "step " << step << "'s 1 s delay";
        }
        previousSent = sent;
    }
    std::vector<std::string> statuses;
    auto history = done->getArray("history");
    for (std::size_t i = 0; i < history->size(); ++i) {
        statuses.push_back(
            history->getObject(static_cast<unsigned>(i))->getValue<std::string>("status"));
    }
    EXPECT_THAT(statuses, ::testing::ElementsAre("queued", "researching", "scored", "qualified",
                                                 "in_sequence", "completed"));
}

TEST(EmailOutreach, AQualifiedProspectsFirstEmailGoesOutWithoutWaitingForAPoll) {
    // Every pool looks for work it was not told about only every hour: an email out at all was
    // woken by the prospect's qualification. No timing is asserted: without the wake-up, the
    // wait for the message runs out long before the next poll.
    EmailDaemon daemon({.pollInterval = "1h"});
    daemon.addLead("Slow", "quick@initech.example");
    EXPECT_EQ(daemon.waitForMessagesTo("quick@initech.example", 1).size(), 1u);
}

TEST(EmailOutreach, AReplyRecordedThroughTheApiStopsTheSequence) {
    EmailDaemon daemon;
    auto id = daemon.addLead("Slow", "ann@initech.example");
    daemon.waitForMessagesTo("ann@initech.example", 1);
    auto waiting = daemon.waitForStatus("Slow", id, "in_sequence");
    EXPECT_EQ(EmailDaemon::email(waiting, 2)->getValue<std::string>("status"), "pending");

    auto reply = daemon.engine().post("/api/campaigns/" + daemon.engine().campaignId("Slow") +
                                      "/leads/" + id + "/replied");
    EXPECT_EQ(reply.status, 200) << reply.body;
    auto stopped = daemon.prospect("Slow", id);
    EXPECT_EQ(stopped->getValue<std::string>("status"), "replied");
    EXPECT_EQ(EmailDaemon::email(stopped, 2)->getValue<std::string>("status"), "cancelled");

    // Again: nothing changes. A prospect never emailed cannot be marked replied.
    EXPECT_EQ(daemon.engine()
                  .post("/api/campaigns/" + daemon.engine().campaignId("Slow") + "/leads/" + id +
                        "/replied")
                  .status,
              200);
    auto other = daemon.engine().post("/api/campaigns/" + daemon.engine().campaignId("Fast") +
                                      "/leads/" + id + "/replied");
    EXPECT_EQ(other.status, 404) << "another campaign's prospect";
}

TEST(EmailOutreach, ABookedMeetingStopsTheSequence) {
    EmailDaemon daemon;
    auto id = daemon.addLead("Slow", "bob@initech.example");
    daemon.waitForMessagesTo("bob@initech.example", 1);
    daemon.waitForStatus("Slow", id, "in_sequence");
    auto booked = daemon.engine().post(
        "/api/campaigns/" + daemon.engine().campaignId("Slow") + "/meetings",
        R"({"prospectId":")" + id +
            R"(","scheduledAt":"2026-12-03T10:30:00Z","duration":30,"title":"Intro"})");
    ASSERT_EQ(booked.status, 201) << booked.body;
    auto after = daemon.prospect("Slow", id);
    EXPECT_EQ(after->getValue<std::string>("status"), "meeting_booked");
    EXPECT_EQ(EmailDaemon::email(after, 2)->getValue<std::string>("status"), "cancelled");
}

TEST(EmailOutreach, TheUnsubscribePageAsksThenItsButtonUnsubscribes) {
    EmailDaemon daemon;
    auto id = daemon.addLead("Slow", "cat@initech.example");
    auto messages = daemon.waitForMessagesTo("cat@initech.example", 1);
    daemon.waitForStatus("Slow", id, "in_sequence");
    const auto token = EmailDaemon::unsubscribeToken(messages[0]);
    ASSERT_FALSE(token.empty()) << messages[0].header("List-Unsubscribe");
    const auto port = daemon.engine().port();

    auto page = httpRequest(port, "GET", "/u/" + token);
    EXPECT_EQ(page.status, 200);
    EXPECT_THAT(page.body, HasSubstr("<form method=\"post\""));
    EXPECT_THAT(page.body, HasSubstr("name=\"List-Unsubscribe\" value=\"One-Click\""));
    EXPECT_THAT(page.headers["Content-Security-Policy"], HasSubstr("form-action 'self'"));
    EXPECT_EQ(daemon.prospect("Slow", id)->getValue<std::string>("status"), "in_sequence")
        << "a GET (a mail scanner following the link) changes nothing";
    auto unknown = httpRequest(port, "GET", "/u/" + std::string(32, 'x'));
    EXPECT_EQ(unknown.status, page.status);
    EXPECT_EQ(unknown.body, page.body) << "an unknown token looks the same";

    // What the page's form posts.
    auto done = httpRequest(port, "POST", "/u/" + token, "List-Unsubscribe=One-Click",
                            {{"Content-Type", "application/x-www-form-urlencoded"}});
    EXPECT_EQ(done.status, 200);
    EXPECT_THAT(done.body, HasSubstr("You are unsubscribed"));
    auto after = daemon.prospect("Slow", id);
    EXPECT_EQ(after->getValue<std::string>("status"), "unsubscribed");
    EXPECT_EQ(EmailDaemon::email(after, 2)->getValue<std::string>("status"), "cancelled");
    auto unknownPost =
        httpRequest(port, "POST", "/u/" + std::string(32, 'x'), "List-Unsubscribe=One-Click",
                    {{"Content-Type", "application/x-www-form-urlencoded"}});
    EXPECT_EQ(unknownPost.status, done.status);
    EXPECT_EQ(unknownPost.body, done.body);
}

TEST(EmailOutreach, AMailClientsOneClickPostUnsubscribesAndTheAddressIsSuppressedEverywhere) {
    EmailDaemon daemon;
    auto id = daemon.addLead("Slow", "dan@initech.example");
    auto messages = daemon.waitForMessagesTo("dan@initech.example", 1);
    daemon.waitForStatus("Slow", id, "in_sequence");
    const auto token = EmailDaemon::unsubscribeToken(messages[0]);
    const auto port = daemon.engine().port();

    auto refused = httpRequest(port, "POST", "/u/" + token, "something=else",
                               {{"Content-Type", "application/x-www-form-urlencoded"}});
    EXPECT_EQ(refused.status, 400);
    EXPECT_EQ(daemon.prospect("Slow", id)->getValue<std::string>("status"), "in_sequence");

    // RFC 8058: what a mail client sends, as multipart/form-data here.
    const std::string boundary = "----lodestone-test";
    auto oneClick = httpRequest(
        port, "POST", "/u/" + token,
        "--" + boundary +
            "\r\nContent-Disposition: form-data; name=\"List-Unsubscribe\"\r\n\r\nOne-Click\r\n--" +
            boundary + "--\r\n",
        {{"Content-Type", "multipart/form-data; boundary=" + boundary}});
    EXPECT_EQ(oneClick.status, 200) << oneClick.body;
    daemon.waitForStatus("Slow", id, "unsubscribed");

    // The same address added to another campaign of the organisation: accepted, scored, never
    // emailed.
    auto again = daemon.addLead("Fast", "Dan@Initech.example");
    auto suppressed = daemon.waitForStatus("Fast", again, "unsubscribed");
    auto history = suppressed->getArray("history");
    EXPECT_THAT(history->getObject(static_cast<unsigned>(history->size() - 1))
                    ->getValue<std::string>("detail"),
                StartsWith("suppressed:"));
    EXPECT_EQ(suppressed->getArray("emails")->size(), 0u);
    EXPECT_EQ(daemon.messagesTo("dan@initech.example").size(), 1u);
}

TEST(EmailOutreach, AHardBounceStopsTheProspectAndSuppressesTheAddress) {
    EmailDaemon daemon({.sink = {.failRcpt = {"^gone@"}}});
    auto id = daemon.addLead("Fast", "gone@initech.example");
    auto bounced = daemon.waitForStatus("Fast", id, "bounced");
    auto first = EmailDaemon::email(bounced, 1);
    EXPECT_EQ(first->getValue<std::string>("status"), "bounced");
    EXPECT_THAT(first->getValue<std::string>("error"), HasSubstr("550"));
    EXPECT_THAT(first->getValue<std::string>("error"), HasSubstr("RCPT"));
    EXPECT_EQ(first->getValue<int>("attempts"), 1) << "a 5xx is not retried";
    EXPECT_EQ(bounced->getArray("emails")->size(), 1u);

    auto again = daemon.addLead("Slow", "gone@initech.example");
    daemon.waitForStatus("Slow", again, "bounced");
}

TEST(EmailOutreach, ATemporaryRefusalIsRetriedUntilTheServerTakesIt) {
    EmailDaemon daemon({.sink = {.tempfailRcpt = {{"^later@", 2}}}});
    auto id = daemon.addLead("Slow", "later@initech.example");
    daemon.waitForMessagesTo("later@initech.example", 1);
    auto sent = daemon.waitForStatus("Slow", id, "in_sequence");
    auto first = EmailDaemon::email(sent, 1);
    EXPECT_EQ(first->getValue<std::string>("status"), "sent");
    EXPECT_EQ(first->getValue<int>("attempts"), 3);
    EXPECT_EQ(daemon.messagesTo("later@initech.example").size(), 1u);
}

TEST(EmailOutreach, TheMailerSpeaksStartTlsAndVerifiesTheServersCertificate) {
    TestCertificates certificates;  // for 127.0.0.1, which the mailer connects to
    EmailDaemon daemon(
        {.sink = {.starttls = std::pair{certificates.certificate(), certificates.key()},
                  .requireTls = true},
         .tls = "starttls",
         .mailerConfig = "ca_file: " + certificates.ca().string()});
    auto id = daemon.addLead("Slow", "eve@initech.example");
    auto messages = daemon.waitForMessagesTo("eve@initech.example", 1);
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_TRUE(messages[0].tls);
    daemon.waitForStatus("Slow", id, "in_sequence");
}

}  // namespace
}  // namespace lodestone::test
