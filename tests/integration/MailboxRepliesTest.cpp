// Replies and bounces read from the reply-to mailbox: a real dovecot POP3 server on 127.0.0.1
// holds the messages, lodestoned polls it, and a reply or a delivery status notification that
// names one of our Message-IDs stops that prospect's sequence.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "EmailSupport.hpp"
#include "support/Dovecot.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;

std::string mailboxYaml(const Dovecot& dovecot) {
    return "mailbox:\n  host: 127.0.0.1\n  port: " + std::to_string(dovecot.port()) +
           "\n  tls: none\n  username: " + dovecot.user() + "\n  password: " + dovecot.password() +
           "\n  poll_interval: 100ms\n";
}

std::string replyTo(const std::string& messageId, const std::string& from) {
    return "From: Grace Hopper <" + from +
           ">\r\nTo: replies@acme.example\r\nSubject: Re: a question\r\n"
           "Message-ID: <reply-" +
           from + ">\r\nIn-Reply-To: " + messageId + "\r\nReferences: " + messageId +
           "\r\nDate: Tue, 24 Nov 2026 10:00:00 +0000\r\n\r\nYes, let's talk next week.\r\n";
}

std::string outOfOffice(const std::string& messageId, const std::string& from) {
    return "From: <" + from +
           ">\r\nTo: replies@acme.example\r\nSubject: Out of office\r\nAuto-Submitted: "
           "auto-replied\r\nIn-Reply-To: " +
           messageId + "\r\nDate: Tue, 24 Nov 2026 10:00:00 +0000\r\n\r\nBack on Monday.\r\n";
}

// A Postfix-style RFC 3464 report of a permanent failure, with the original's headers.
std::string bounceOf(const std::string& messageId, const std::string& recipient) {
    return "From: MAILER-DAEMON@mx.initech.example\r\nTo: ada@acme.example\r\n"
           "Subject: Undelivered Mail Returned to Sender\r\nAuto-Submitted: auto-replied\r\n"
           "MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status;"
           " boundary=\"b1\"\r\n\r\n--b1\r\nContent-Type: text/plain\r\n\r\nThe mail could not "
           "be delivered.\r\n--b1\r\nContent-Type: message/delivery-status\r\n\r\n"
           "Reporting-MTA: dns; mx.initech.example\r\n\r\nFinal-Recipient: rfc822; " +
           recipient +
           "\r\nAction: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550 5.1.1 user "
           "unknown\r\n\r\n--b1\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: " +
           messageId + "\r\nFrom: Ada at Acme <ada@acme.example>\r\nTo: " + recipient +
           "\r\nSubject: Hello\r\n\r\n--b1--\r\n";
}

TEST(MailboxReplies, AReplyAndABounceInTheMailboxStopTheirProspectsAndAnOutOfOfficeDoesNot) {
    Dovecot dovecot;
    EmailDaemon daemon({.extraYaml = mailboxYaml(dovecot)});
    auto replying = daemon.addLead("Slow", "grace@navy.example");
    auto bouncing = daemon.addLead("Slow", "nobody@navy.example");
    auto away = daemon.addLead("Slow", "away@navy.example");
    const auto grace = daemon.waitForMessagesTo("grace@navy.example", 1).at(0);
    const auto nobody = daemon.waitForMessagesTo("nobody@navy.example", 1).at(0);
    const auto absent = daemon.waitForMessagesTo("away@navy.example", 1).at(0);
    for (const auto& id : {replying, bouncing, away}) {
        daemon.waitForStatus("Slow", id, "in_sequence");
    }

    dovecot.deliver(outOfOffice(absent.header("Message-ID"), "away@navy.example"));
    dovecot.deliver(replyTo(grace.header("Message-ID"), "grace@navy.example"));
    dovecot.deliver(bounceOf(nobody.header("Message-ID"), "nobody@navy.example"));

    auto replied = daemon.waitForStatus("Slow", replying, "replied");
    EXPECT_EQ(EmailDaemon::email(replied, 2)->getValue<std::string>("status"), "cancelled");
    auto history = replied->getArray("history");
    EXPECT_THAT(history->getObject(static_cast<unsigned>(history->size() - 1))
                    ->getValue<std::string>("detail"),
                HasSubstr("grace@navy.example"));

    daemon.waitForStatus("Slow", bouncing, "bounced");
    // The bounce suppressed the address: the same address in another campaign never gets mail.
    auto again = daemon.addLead("Fast", "nobody@navy.example");
    daemon.waitForStatus("Fast", again, "bounced");

    // The out-of-office was read (it came before the reply) and changed nothing.
    EXPECT_EQ(daemon.prospect("Slow", away)->getValue<std::string>("status"), "in_sequence");
    EXPECT_EQ(dovecot.messageCount(), 3u) << "the mailbox is left as it was";
    EXPECT_EQ(daemon.engine().backdoor().count("SELECT COUNT(*) FROM mailbox_messages"), 3);
}

TEST(MailboxReplies, EachMessageIsProcessedOnceEvenAcrossARestart) {
    Dovecot dovecot;
    EmailDaemon daemon({.extraYaml = mailboxYaml(dovecot)});
    auto id = daemon.addLead("Slow", "twice@navy.example");
    const auto first = daemon.waitForMessagesTo("twice@navy.example", 1).at(0);
    daemon.waitForStatus("Slow", id, "in_sequence");
    dovecot.deliver(replyTo(first.header("Message-ID"), "twice@navy.example"));
    daemon.waitForStatus("Slow", id, "replied");

    daemon.engine().daemon().stop(SIGTERM);
    daemon.engine().start();
    // A later message is read after the restart; the first is not read again.
    dovecot.deliver(replyTo("<unknown@elsewhere.example>", "someone@navy.example"));
    ASSERT_TRUE(eventually(
        [&] {
            return daemon.engine().backdoor().count("SELECT COUNT(*) FROM mailbox_messages") == 2;
        },
        std::chrono::seconds(30)));
    EXPECT_EQ(daemon.engine().backdoor().text(
                  "SELECT outcome FROM mailbox_messages ORDER BY processed_at DESC LIMIT 1"),
              "no email of ours named");
    // The restarted lodestoned read one message: the new one.
    const auto log = daemon.engine().daemon().process().errors();
    std::size_t handled = 0;
    const std::string line = "logger=lodestone.mailbox msg=\"message ";
    for (auto at = log.find(line); at != std::string::npos; at = log.find(line, at + 1)) {
        ++handled;
    }
    EXPECT_EQ(handled, 1u) << log;
    auto history = daemon.prospect("Slow", id)->getArray("history");
    int replies = 0;
    for (std::size_t i = 0; i < history->size(); ++i) {
        replies += history->getObject(static_cast<unsigned>(i))->getValue<std::string>("status") ==
                   "replied";
    }
    EXPECT_EQ(replies, 1);
}

}  // namespace
}  // namespace lodestone::test
