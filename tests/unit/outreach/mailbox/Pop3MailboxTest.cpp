// Pop3Mailbox against a real POP3 server: dovecot on 127.0.0.1 (tests/support/Dovecot.hpp),
// without TLS. Pop3MailboxTlsTest.cpp has the TLS cases.
#include <Poco/Net/ServerSocket.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "outreach/mailbox/Pop3Mailbox.hpp"
#include "support/Dovecot.hpp"

namespace lodestone::outreach {
namespace {

using namespace std::chrono_literals;
using Kind = MailboxFinding::Kind;
using Stage = MailboxError::Stage;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

std::string fixture(const std::string& name) {
    std::ifstream in(std::string(MAILBOX_FIXTURES_DIR) + "/" + name, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

struct Handled {
    std::string uid;
    MailboxFinding finding;
};

class Pop3MailboxTest : public ::testing::Test {
  protected:
    MailboxSettings settings() const {
        MailboxSettings settings;
        settings.host = "127.0.0.1";
        settings.port = dovecot_.port();
        settings.username = dovecot_.user();
        settings.password = dovecot_.password();
        settings.timeout = 10s;
        return settings;
    }

    // One poll that has seen the uids in `seen`, recording what it handles and skips.
    MailboxPoll poll(const MailboxSettings& settings, const std::set<std::string>& seen = {}) {
        handled_.clear();
        skipped_.clear();
        Pop3Mailbox mailbox(settings);
        return mailbox.poll([&](const std::string& uid) { return seen.count(uid) > 0; },
                            [&](const std::string& uid, const MailboxFinding& finding) {
                                handled_.push_back({uid, finding});
                            },
                            [&](const std::string& uid, const std::string& problem) {
                                skipped_.emplace_back(uid, problem);
                            });
    }

    std::vector<std::string> handledUids() const {
        std::vector<std::string> uids;
        for (const auto& one : handled_) uids.push_back(one.uid);
        return uids;
    }

    MailboxError failure(const MailboxSettings& settings) {
        try {
            poll(settings);
        } catch (const MailboxError& e) {
            return e;
        }
        ADD_FAILURE() << "the poll did not fail";
        return MailboxError(Stage::Settings, "", "");
    }

    test::Dovecot dovecot_;
    std::vector<Handled> handled_;
    std::vector<std::pair<std::string, std::string>> skipped_;
};

TEST_F(Pop3MailboxTest, FindsDeliveredMessagesUnderStableUids) {
    const std::string reply = dovecot_.deliver(fixture("gmail-reply.eml"));
    const std::string bounce = dovecot_.deliver(fixture("postfix-dsn-5.1.1.eml"));
    const std::string away = dovecot_.deliver(fixture("out-of-office.eml"));

    const MailboxPoll first = poll(settings());
    EXPECT_EQ(first.listed, 3u);
    EXPECT_EQ(first.handled, 3u);
    EXPECT_EQ(first.skipped, 0u);
    ASSERT_THAT(handledUids(), ElementsAre(reply, bounce, away));
    EXPECT_EQ(handled_[0].finding.kind, Kind::Reply);
    EXPECT_THAT(handled_[0].finding.messageIds,
                ElementsAre("<es_01abc@acme.example>", "<es_00zzz@acme.example>"));
    EXPECT_EQ(handled_[1].finding.kind, Kind::Bounce);
    EXPECT_EQ(handled_[1].finding.recipient, "nobody@example.org");
    EXPECT_EQ(handled_[2].finding.kind, Kind::AutoReply);

    // Nothing is deleted, and the next session names the same messages the same way.
    poll(settings());
    EXPECT_THAT(handledUids(), ElementsAre(reply, bounce, away));
    EXPECT_EQ(dovecot_.messageCount(), 3u);
}

TEST_F(Pop3MailboxTest, SeenMessagesAreNotDownloadedAgain) {
    dovecot_.deliver(fixture("gmail-reply.eml"));
    dovecot_.deliver(fixture("delayed-4.4.1.eml"));
    poll(settings());
    std::set<std::string> seen;
    for (const auto& uid : handledUids()) seen.insert(uid);
    ASSERT_EQ(seen.size(), 2u);

    const std::string later = dovecot_.deliver(fixture("exim-dsn-headers.eml"));
    const MailboxPoll second = poll(settings(), seen);
    EXPECT_EQ(second.listed, 3u);
    EXPECT_EQ(second.handled, 1u);
    ASSERT_THAT(handledUids(), ElementsAre(later));
    EXPECT_EQ(handled_[0].finding.kind, Kind::Bounce);
    EXPECT_EQ(handled_[0].finding.recipient, "ghost@example.com");
}

TEST_F(Pop3MailboxTest, AnEmptyMailboxHandsOverNothing) {
    const MailboxPoll result = poll(settings());
    EXPECT_EQ(result.listed, 0u);
    EXPECT_TRUE(handled_.empty());
}

TEST_F(Pop3MailboxTest, ATooLargeMessageIsSkippedAndTheRestHandled) {
    const std::string large =
        dovecot_.deliver("From: big@example.org\nSubject: big\n\n" + std::string(64 * 1024, 'x'));
    const std::string small = dovecot_.deliver(fixture("gmail-reply.eml"));
    MailboxSettings limited = settings();
    limited.maxMessageBytes = 16 * 1024;
    const MailboxPoll result = poll(limited);
    EXPECT_EQ(result.skipped, 1u);
    ASSERT_EQ(skipped_.size(), 1u);
    EXPECT_EQ(skipped_[0].first, large);
    EXPECT_THAT(skipped_[0].second, HasSubstr("more than the 16384"));
    EXPECT_THAT(handledUids(), ElementsAre(small));
}

TEST_F(Pop3MailboxTest, AMessageGoneBeforeItsDownloadIsSkippedAndTheRestHandled) {
    const std::string gone = dovecot_.deliver(fixture("gmail-reply.eml"));
    const std::string kept = dovecot_.deliver(fixture("out-of-office.eml"));
    handled_.clear();
    Pop3Mailbox mailbox(settings());
    std::vector<std::pair<std::string, std::string>> skipped;
    const MailboxPoll result = mailbox.poll(
        [&](const std::string& uid) {
            // Another client (a person reading the mailbox) deletes it in the meantime.
            if (uid == gone) dovecot_.remove(gone);
            return false;
        },
        [&](const std::string& uid, const MailboxFinding& finding) {
            handled_.push_back({uid, finding});
        },
        [&](const std::string& uid, const std::string& problem) {
            skipped.emplace_back(uid, problem);
        });
    EXPECT_EQ(result.skipped, 1u);
    ASSERT_EQ(skipped.size(), 1u);
    EXPECT_EQ(skipped[0].first, gone);
    EXPECT_THAT(skipped[0].second, HasSubstr("the server answered RETR with \"-ERR"));
    EXPECT_THAT(handledUids(), ElementsAre(kept));
}

TEST_F(Pop3MailboxTest, AWrongPasswordFailsTheLoginWithoutShowingIt) {
    MailboxSettings wrong = settings();
    wrong.password = "not-the-password-0123";
    const MailboxError error = failure(wrong);
    EXPECT_EQ(error.stage(), Stage::Login);
    EXPECT_EQ(error.server(), "127.0.0.1:" + std::to_string(dovecot_.port()));
    EXPECT_THAT(error.what(), HasSubstr("127.0.0.1:" + std::to_string(dovecot_.port())));
    EXPECT_THAT(error.what(), HasSubstr("(login)"));
    EXPECT_THAT(error.what(), HasSubstr("refused the password for user \"prospects\": \"-ERR"));
    EXPECT_THAT(error.what(), HasSubstr("check mailbox.username and mailbox.password"));
    EXPECT_THAT(error.what(), Not(HasSubstr(wrong.password)));
}

TEST_F(Pop3MailboxTest, AClosedPortFailsToConnect) {
    Poco::Net::ServerSocket probe(Poco::Net::SocketAddress("127.0.0.1", 0));
    const std::uint16_t closed = probe.address().port();
    probe.close();
    MailboxSettings nowhere = settings();
    nowhere.port = closed;
    const MailboxError error = failure(nowhere);
    EXPECT_EQ(error.stage(), Stage::Connect);
    EXPECT_THAT(error.what(), HasSubstr("POP3 mailbox 127.0.0.1:" + std::to_string(closed) +
                                        " (connect): cannot connect"));
    EXPECT_THAT(error.what(), HasSubstr("check mailbox.host and mailbox.port"));
}

TEST_F(Pop3MailboxTest, StartTlsAgainstAServerWithoutTlsIsRefusedBeforeLogin) {
    MailboxSettings startTls = settings();
    startTls.tls = MailboxSettings::Tls::StartTls;
    const MailboxError error = failure(startTls);
    EXPECT_EQ(error.stage(), Stage::StartTls);
    EXPECT_THAT(error.what(), HasSubstr("the server refused STLS: \"-ERR"));
    EXPECT_THAT(dovecot_.log(), Not(HasSubstr("Login: user=<prospects>")));
}

TEST(Pop3MailboxSettings, AreCheckedBeforeAnyConnection) {
    auto problem = [](auto change) {
        MailboxSettings settings;
        settings.host = "pop.example.org";
        settings.username = "replies";
        settings.password = "secret";
        change(settings);
        try {
            Pop3Mailbox mailbox(settings);
        } catch (const MailboxError& e) {
            EXPECT_EQ(e.stage(), Stage::Settings);
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_THAT(problem([](MailboxSettings&) {}), "no error");
    EXPECT_THAT(problem([](MailboxSettings& s) { s.host = ""; }),
                HasSubstr("mailbox.host is empty"));
    EXPECT_THAT(problem([](MailboxSettings& s) { s.port = 0; }),
                HasSubstr("mailbox.port 0 is not a TCP port"));
    EXPECT_THAT(problem([](MailboxSettings& s) { s.username = "a\r\nDELE 1"; }),
                HasSubstr("mailbox.username holds a line break"));
    EXPECT_THAT(problem([](MailboxSettings& s) { s.password = "x\nQUIT"; }),
                HasSubstr("mailbox.password holds a line break"));
    EXPECT_THAT(problem([](MailboxSettings& s) { s.timeout = 0ms; }), HasSubstr("timeout"));
}

}  // namespace
}  // namespace lodestone::outreach
