// What each fixture message (written for these tests from RFC 5322, RFC 2047 and RFC 3464) says
// about our outreach, read with LF and with CRLF line endings alike.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "outreach/mailbox/MailboxFinding.hpp"

namespace lodestone::outreach {
namespace {

using Kind = MailboxFinding::Kind;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::string fixture(const std::string& name) {
    std::ifstream in(std::string(MAILBOX_FIXTURES_DIR) + "/" + name, std::ios::binary);
    if (!in) throw std::runtime_error("no fixture " + name);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string withCrlf(const std::string& text) {
    std::string converted;
    for (char c : text) {
        if (c == '\n') converted.push_back('\r');
        converted.push_back(c);
    }
    return converted;
}

struct Expected {
    std::string file;
    Kind kind;
    std::vector<std::string> messageIds;
    std::optional<std::string> recipient;
    std::optional<std::string> from;
    std::string status;
    std::string summary;
};

void PrintTo(const Expected& expected, std::ostream* out) {
    *out << expected.file;
}

class FixtureMessage : public ::testing::TestWithParam<Expected> {};

TEST_P(FixtureMessage, SaysWhatItMeansForOurOutreach) {
    const Expected& expected = GetParam();
    const std::string raw = fixture(expected.file);
    for (const std::string& text : {raw, withCrlf(raw)}) {
        const MailboxFinding finding = readMailboxMessage(text);
        EXPECT_STREQ(kindName(finding.kind), kindName(expected.kind));
        EXPECT_EQ(finding.messageIds, expected.messageIds);
        EXPECT_EQ(finding.recipient, expected.recipient);
        EXPECT_EQ(finding.from, expected.from);
        EXPECT_EQ(finding.status, expected.status);
        EXPECT_EQ(finding.summary, expected.summary);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Fixtures, FixtureMessage,
    ::testing::Values(
        Expected{"gmail-reply.eml",
                 Kind::Reply,
                 {"<es_01abc@acme.example>", "<es_00zzz@acme.example>"},
                 std::nullopt,
                 "grace@example.org",
                 "",
                 "reply from grace@example.org: Re: a question"},
        Expected{"outlook-reply.eml",
                 Kind::Reply,
                 {"<es_06pqr@acme.example>", "<es_05mno@acme.example>"},
                 std::nullopt,
                 "joerg.mueller@contoso.example",
                 "",
                 "reply from joerg.mueller@contoso.example: RE: Quick question about "
                 "\u00dcbersetzung"},
        Expected{"out-of-office.eml",
                 Kind::AutoReply,
                 {"<es_07stu@acme.example>"},
                 std::nullopt,
                 "ada@fabrikam.example",
                 "",
                 "automatic reply from ada@fabrikam.example: Automatische Antwort: Re: a "
                 "question"},
        Expected{"vacation-autoresponder.eml",
                 Kind::AutoReply,
                 {"<es_08vwx@acme.example>"},
                 std::nullopt,
                 "linus@example.net",
                 "",
                 "automatic reply from linus@example.net: Away: Re: a question"},
        Expected{"newsletter-multipart.eml",
                 Kind::Other,
                 {},
                 std::nullopt,
                 "news@vendor.example",
                 "",
                 "message from news@vendor.example: Our product catalogue"},
        Expected{"postfix-dsn-5.1.1.eml",
                 Kind::Bounce,
                 {"<es_02def@acme.example>", "<es_01abc@acme.example>"},
                 "nobody@example.org",
                 "mailer-daemon@example.org",
                 "5.1.1",
                 "bounced: 5.1.1 (user unknown) reported by mailer-daemon@example.org"},
        Expected{"exim-dsn-headers.eml",
                 Kind::Bounce,
                 {"<es_03ghi@acme.example>", "<es_02def@acme.example>", "<es_01abc@acme.example>"},
                 "ghost@example.com",
                 "mailer-daemon@mail.example.com",
                 "5.0.0",
                 "bounced: 5.0.0 (permanent failure) reported by mailer-daemon@mail.example.com"},
        Expected{"delayed-4.4.1.eml",
                 Kind::Delayed,
                 {"<es_04jkl@acme.example>"},
                 "slow@example.com",
                 "mailer-daemon@relay.example.net",
                 "4.4.1",
                 "delivery delayed: 4.4.1 (no answer from host) reported by "
                 "mailer-daemon@relay.example.net"},
        // Malformed: read as far as they go.
        Expected{"malformed/truncated-dsn.eml",
                 Kind::Bounce,
                 {},
                 "nobody@example.org",
                 "mailer-daemon@example.org",
                 "5.1.1",
                 "bounced: 5.1.1 (user unknown) reported by mailer-daemon@example.org"},
        Expected{"malformed/boundary-maze.eml",
                 Kind::Bounce,
                 {"<es_09yz@acme.example>"},
                 "second@example.com",
                 "mailer-daemon@maze.example",
                 "5.2.2",
                 "bounced: 5.2.2 (mailbox full) reported by mailer-daemon@maze.example"},
        Expected{"malformed/report-without-boundary.eml",
                 Kind::Other,
                 {},
                 std::nullopt,
                 "postmaster@broken.example",
                 "",
                 "delivery report from postmaster@broken.example: Returned mail"},
        Expected{"malformed/headers-only.eml",
                 Kind::Other,
                 {},
                 std::nullopt,
                 "a@b.example",
                 "",
                 "message from a@b.example: no body and no blank line"},
        Expected{"malformed/empty.eml",
                 Kind::Other,
                 {},
                 std::nullopt,
                 std::nullopt,
                 "",
                 "message from an unknown sender: (no subject)"}),
    [](const ::testing::TestParamInfo<Expected>& info) {
        std::string name;
        for (char c : info.param.file)
            name.push_back(std::isalnum(static_cast<unsigned char>(c)) ? c : '_');
        return name;
    });

TEST(FixtureMessage, JunkBytesStillYieldTheReplyTheyHold) {
    const MailboxFinding finding = readMailboxMessage(fixture("malformed/binary-junk.eml"));
    EXPECT_EQ(finding.kind, Kind::Reply);
    EXPECT_THAT(finding.messageIds, ElementsAre("<es_01abc@acme.example>"));
    EXPECT_EQ(finding.from, "evil@bad.example");
    // Unknown charset bytes become U+FFFD; escape, bidi override and NUL become blanks.
    EXPECT_EQ(finding.summary,
              "reply from evil@bad.example: \ufffd\ufffd ok [31mred [0m reversed nul "
              "=?utf-8?Q?broken");
}

}  // namespace
}  // namespace lodestone::outreach
