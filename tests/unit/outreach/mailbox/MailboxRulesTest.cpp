// The classification rules one at a time, on small messages written inline: which headers make
// an automatic reply, how header text is unfolded and decoded, how a delivery report is read.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "domain/Utf8Text.hpp"
#include "outreach/mailbox/MailboxFinding.hpp"

namespace lodestone::outreach {
namespace {

using Kind = MailboxFinding::Kind;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::SizeIs;

const std::string kReplyHeaders =
    "From: Grace <grace@example.org>\n"
    "Subject: Re: a question\n"
    "In-Reply-To: <es_01abc@acme.example>\n";

MailboxFinding read(const std::string& headers, const std::string& body = "Hello.\n") {
    return readMailboxMessage(headers + "\n" + body);
}

TEST(MailboxRules, AutoSubmittedOtherThanNoMakesAnAutomaticReply) {
    EXPECT_EQ(read(kReplyHeaders + "Auto-Submitted: auto-replied\n").kind, Kind::AutoReply);
    EXPECT_EQ(read(kReplyHeaders + "Auto-Submitted: auto-generated (vacation)\n").kind,
              Kind::AutoReply);
    EXPECT_EQ(read(kReplyHeaders + "auto-submitted: Auto-Notified; owner-email=x@y.z\n").kind,
              Kind::AutoReply);
    EXPECT_EQ(read(kReplyHeaders + "Auto-Submitted: no\n").kind, Kind::Reply);
    EXPECT_EQ(read(kReplyHeaders + "Auto-Submitted: No (a person wrote this)\n").kind, Kind::Reply);
}

TEST(MailboxRules, AutoreplyHeadersAndPrecedenceMakeAnAutomaticReply) {
    EXPECT_EQ(read(kReplyHeaders + "X-Autoreply: yes\n").kind, Kind::AutoReply);
    EXPECT_EQ(read(kReplyHeaders + "X-Autorespond: 1\n").kind, Kind::AutoReply);
    for (const char* precedence : {"bulk", "BULK", "auto_reply", "junk"}) {
        EXPECT_EQ(read(kReplyHeaders + "Precedence: " + precedence + "\n").kind, Kind::AutoReply)
            << precedence;
    }
    EXPECT_EQ(read(kReplyHeaders + "Precedence: list\n").kind, Kind::Reply);
}

TEST(MailboxRules, AnAutomaticReplyStillSaysWhichEmailItAnswers) {
    const MailboxFinding finding = read(kReplyHeaders + "X-Autoreply: yes\n");
    EXPECT_THAT(finding.messageIds, ElementsAre("<es_01abc@acme.example>"));
    EXPECT_EQ(finding.summary, "automatic reply from grace@example.org: Re: a question");
}

TEST(MailboxRules, AReplyMustNameAMessage) {
    EXPECT_EQ(read("From: a@b.example\nIn-Reply-To: not an id\n").kind, Kind::Other);
    EXPECT_EQ(read("From: a@b.example\nReferences: <>\n").kind, Kind::Other);
    EXPECT_EQ(read("From: a@b.example\nReferences: <es_1@acme.example>\n").kind, Kind::Reply);
}

TEST(MailboxRules, InReplyToComesFirstThenReferencesEachIdOnce) {
    const MailboxFinding finding = read(
        "FROM: grace@example.org\n"
        "references: <es_00@acme.example>\n"
        "\t<es_01@acme.example>\n"
        "   <es_02@acme.example> (a comment) <es_03@acme.example>\n"
        "IN-REPLY-TO: <es_03@acme.example>\n");
    EXPECT_EQ(finding.kind, Kind::Reply);
    EXPECT_THAT(finding.messageIds, ElementsAre("<es_03@acme.example>", "<es_00@acme.example>",
                                                "<es_01@acme.example>", "<es_02@acme.example>"));
}

TEST(MailboxRules, IdsWithoutAngleBracketsAreStillRead) {
    // Some mailers write the bare id; an "@" tells it from other words.
    const MailboxFinding finding =
        read("From: a@b.example\nIn-Reply-To: es_01abc@acme.example (sent Monday)\n");
    EXPECT_THAT(finding.messageIds, ElementsAre("<es_01abc@acme.example>"));
}

TEST(MailboxRules, ManyReferencesAreCapped) {
    std::string references = "References:";
    for (int i = 0; i < 1000; ++i) references += " <es_" + std::to_string(i) + "@acme.example>";
    const MailboxFinding finding = read("From: a@b.example\n" + references + "\n");
    EXPECT_EQ(finding.kind, Kind::Reply);
    EXPECT_THAT(finding.messageIds, SizeIs(200));
    EXPECT_EQ(finding.messageIds.front(), "<es_0@acme.example>");
}

TEST(MailboxRules, FoldedSubjectsAreUnfolded) {
    const MailboxFinding finding =
        read("From: a@b.example\nSubject: Re: a rather\n long\n\tsubject\n");
    EXPECT_EQ(finding.summary, "message from a@b.example: Re: a rather long subject");
}

TEST(MailboxRules, EncodedWordsAreDecodedToUtf8) {
    auto subject = [](const std::string& value) {
        const std::string summary = read("From: a@b.example\nSubject: " + value + "\n").summary;
        return summary.substr(std::string("message from a@b.example: ").size());
    };
    EXPECT_EQ(subject("=?UTF-8?B?w5xiZXJzZXR6dW5n?="), "\u00dcbersetzung");
    EXPECT_EQ(subject("=?iso-8859-1?q?caf=E9_cr=E8me?="), "caf\u00e9 cr\u00e8me");
    EXPECT_EQ(subject("=?windows-1252?Q?=80_5?="), "\u20ac 5");
    // Blanks between adjacent encoded words go; those next to plain text stay.
    EXPECT_EQ(subject("Re: =?utf-8?Q?a?= =?utf-8?Q?b?=\n =?utf-8?Q?c?= d"), "Re: abc d");
    // A character split between two words (which RFC 2047 forbids, and mailers do) survives.
    EXPECT_EQ(subject("=?utf-8?Q?=C3?= =?utf-8?Q?=9Cber?="), "\u00dcber");
    // Language tags (RFC 2231) are ignored.
    EXPECT_EQ(subject("=?utf-8*de?Q?gr=C3=BC=C3=9Fe?="), "gr\u00fc\u00dfe");
    // Malformed words stay as written.
    EXPECT_EQ(subject("=?utf-8?X?abc?= =?utf-8?Q?no end"), "=?utf-8?X?abc?= =?utf-8?Q?no end");
}

TEST(MailboxRules, FromDisplayNamesAndCommentsAreSkipped) {
    auto from = [](const std::string& value) { return read("From: " + value + "\n").from; };
    EXPECT_EQ(from("\"Hopper, Grace <CTO>\" <Grace@Example.ORG>"), "grace@example.org");
    EXPECT_EQ(from("grace@example.org (Grace Hopper)"), "grace@example.org");
    EXPECT_EQ(from("=?utf-8?Q?J=C3=B6rg?= <joerg@example.de>"), "joerg@example.de");
    EXPECT_EQ(from("undisclosed-recipients:;"), std::nullopt);
}

TEST(MailboxRules, SummariesAreOneLineOfValidUtf8WithoutControls) {
    const MailboxFinding finding = read(
        "From: a@b.example\nSubject: line\r one\x1b[2J \x7f\xc2\x85two\xe2\x80\xa8three \xff\n");
    EXPECT_EQ(finding.summary, "message from a@b.example: line one [2J two three \ufffd");

    const MailboxFinding longOne =
        read("From: a@b.example\nSubject: " + std::string(5000, 'x') + "\n");
    EXPECT_LE(longOne.summary.size(), 303u);
    EXPECT_THAT(longOne.summary, HasSubstr("\u2026"));
    EXPECT_EQ(domain::firstInvalidUtf8(longOne.summary), domain::kNoInvalidUtf8);
}

std::string deliveryReport(const std::string& perRecipient,
                           const std::string& from = "From: MAILER-DAEMON@mx.example\n") {
    return from +
           "Content-Type: multipart/report; report-type=delivery-status; boundary=XYZ\n"
           "\n"
           "--XYZ\n"
           "Content-Type: text/plain\n"
           "\n"
           "A human-readable explanation.\n"
           "--XYZ\n"
           "Content-Type: message/delivery-status\n"
           "\n"
           "Reporting-MTA: dns; mx.example\n"
           "\n" +
           perRecipient +
           "--XYZ\n"
           "Content-Type: text/rfc822-headers\n"
           "\n"
           "Message-ID: <es_01abc@acme.example>\n"
           "--XYZ--\n";
}

TEST(MailboxRules, ASuccessReportIsNeitherBounceNorReply) {
    const MailboxFinding finding = readMailboxMessage(
        deliveryReport("Final-Recipient: rfc822; a@example.com\nAction: delivered\n"
                       "Status: 2.0.0\n"));
    EXPECT_EQ(finding.kind, Kind::Other);
    EXPECT_EQ(finding.status, "2.0.0");
    EXPECT_EQ(finding.summary,
              "delivery report: 2.0.0 (delivered) reported by mailer-daemon@mx.example");
}

TEST(MailboxRules, OnlyAPermanentStatusIsAHardBounce) {
    // Giving up after days of retries is "failed" with a transient status (RFC 3464, 2.3.3): the
    // address may work tomorrow, so it is not suppressed for good.
    const MailboxFinding gaveUp =
        readMailboxMessage(deliveryReport("Final-Recipient: rfc822; a@example.com\nAction: failed\n"
                                          "Status: 4.4.7\n"));
    EXPECT_EQ(gaveUp.kind, Kind::Delayed);
    // A permanent status bounces even when the action is missing, and a failure without any
    // status is taken at its word.
    EXPECT_EQ(readMailboxMessage(deliveryReport("Final-Recipient: rfc822; a@example.com\n"
                                                "Status: 5.7.1\n"))
                  .kind,
              Kind::Bounce);
    EXPECT_EQ(readMailboxMessage(
                  deliveryReport("Final-Recipient: rfc822; a@example.com\nAction: failed\n"))
                  .kind,
              Kind::Bounce);
}

TEST(MailboxRules, TheFailedRecipientIsReportedNotTheFirst) {
    const MailboxFinding finding = readMailboxMessage(
        deliveryReport("Final-Recipient: rfc822; ok@example.com\nAction: delivered\n"
                       "Status: 2.0.0\n\n"
                       "Original-Recipient: rfc822; <Gone@Example.com>\nAction: failed\n"
                       "Status: 5.1.1\n"));
    EXPECT_EQ(finding.kind, Kind::Bounce);
    EXPECT_EQ(finding.recipient, "gone@example.com");
    EXPECT_THAT(finding.messageIds, ElementsAre("<es_01abc@acme.example>"));
}

TEST(MailboxRules, AReportWithoutFromNamesTheReportingMta) {
    const MailboxFinding finding = readMailboxMessage(deliveryReport(
        "Final-Recipient: rfc822; a@example.com\nAction: failed\nStatus: 5.9.99\n", ""));
    EXPECT_EQ(finding.summary, "bounced: 5.9.99 (permanent failure) reported by mx.example");
}

TEST(MailboxRules, AnEncodedStatusPartIsDecoded) {
    const std::string message =
        "From: postmaster@mx.example\n"
        "Content-Type: multipart/report; report-type=delivery-status; boundary=\"=_a\"\n"
        "\n"
        "--=_a\n"
        "Content-Type: message/delivery-status\n"
        "Content-Transfer-Encoding: base64\n"
        "\n"
        // "Final-Recipient: rfc822; x@example.com\nAction: delayed\nStatus: 4.2.2\n"
        "RmluYWwtUmVjaXBpZW50OiByZmM4MjI7IHhAZXhhbXBsZS5jb20KQWN0aW9uOiBkZWxheWVkClN0\n"
        "YXR1czogNC4yLjIK\n"
        "--=_a--\n";
    const MailboxFinding finding = readMailboxMessage(message);
    EXPECT_EQ(finding.kind, Kind::Delayed);
    EXPECT_EQ(finding.status, "4.2.2");
    EXPECT_EQ(finding.recipient, "x@example.com");
}

TEST(MailboxRules, AnOtherReportTypeIsNoDeliveryReport) {
    const MailboxFinding finding = readMailboxMessage(
        "From: grace@example.org\n"
        "In-Reply-To: <es_01abc@acme.example>\n"
        "Content-Type: multipart/report; report-type=disposition-notification; boundary=B\n"
        "\n--B\nContent-Type: message/disposition-notification\n\nDisposition: manual-action/"
        "MDN-sent-manually; displayed\n--B--\n");
    EXPECT_EQ(finding.kind, Kind::Reply);
    EXPECT_THAT(finding.status, IsEmpty());
}

TEST(MailboxRules, KindsHaveNames) {
    EXPECT_STREQ(kindName(Kind::Reply), "reply");
    EXPECT_STREQ(kindName(Kind::AutoReply), "auto_reply");
    EXPECT_STREQ(kindName(Kind::Bounce), "bounce");
    EXPECT_STREQ(kindName(Kind::Delayed), "delayed");
    EXPECT_STREQ(kindName(Kind::Other), "other");
}

}  // namespace
}  // namespace lodestone::outreach
