// Pop3Mailbox over TLS against dovecot with a throw-away CA: implicit TLS and STLS verify the
// server's certificate and its name, with the CA file and without it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

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

const std::string kReply =
    "From: Grace <grace@example.org>\n"
    "Subject: Re: a question\n"
    "In-Reply-To: <es_01abc@acme.example>\n"
    "\n"
    "Yes, let's talk.\n";

class Pop3MailboxTlsTest : public ::testing::Test {
  protected:
    // Connects by name: the server's certificate names "localhost" only.
    MailboxSettings settings(MailboxSettings::Tls tls) const {
        MailboxSettings settings;
        settings.host = "localhost";
        settings.tls = tls;
        settings.port =
            tls == MailboxSettings::Tls::Implicit ? dovecot_.tlsPort() : dovecot_.port();
        settings.username = dovecot_.user();
        settings.password = dovecot_.password();
        settings.caFile = dovecot_.caFile().string();
        settings.timeout = 10s;
        return settings;
    }

    std::vector<std::string> handledUids(const MailboxSettings& settings) {
        std::vector<std::string> uids;
        Pop3Mailbox(settings).poll([](const std::string&) { return false; },
                                   [&](const std::string& uid, const MailboxFinding& finding) {
                                       EXPECT_EQ(finding.kind, Kind::Reply);
                                       uids.push_back(uid);
                                   });
        return uids;
    }

    MailboxError failure(const MailboxSettings& settings) {
        try {
            handledUids(settings);
        } catch (const MailboxError& e) {
            return e;
        }
        ADD_FAILURE() << "the poll did not fail";
        return MailboxError(Stage::Settings, "", "");
    }

    test::Dovecot dovecot_{test::Dovecot::Tls::On};
};

TEST_F(Pop3MailboxTlsTest, ImplicitTlsTrustingTheTestCaReadsTheMailbox) {
    const std::string uid = dovecot_.deliver(kReply);
    EXPECT_THAT(handledUids(settings(MailboxSettings::Tls::Implicit)), ElementsAre(uid));
}

TEST_F(Pop3MailboxTlsTest, StartTlsTrustingTheTestCaReadsTheMailbox) {
    const std::string uid = dovecot_.deliver(kReply);
    EXPECT_THAT(handledUids(settings(MailboxSettings::Tls::StartTls)), ElementsAre(uid));
}

TEST_F(Pop3MailboxTlsTest, WithoutTheCaTheCertificateIsRefusedBeforeLogin) {
    for (auto tls : {MailboxSettings::Tls::Implicit, MailboxSettings::Tls::StartTls}) {
        MailboxSettings systemCas = settings(tls);
        systemCas.caFile.reset();
        const MailboxError error = failure(systemCas);
        EXPECT_EQ(error.stage(), Stage::Tls);
        EXPECT_THAT(error.what(), HasSubstr("localhost:" + std::to_string(systemCas.port)));
        EXPECT_THAT(error.what(), HasSubstr("TLS handshake failed"));
        EXPECT_THAT(error.what(), HasSubstr("certificate verify failed"));
    }
    EXPECT_THAT(dovecot_.log(), Not(HasSubstr("Login: user=<prospects>")));
}

TEST_F(Pop3MailboxTlsTest, ANameTheCertificateDoesNotHoldIsRefused) {
    for (auto tls : {MailboxSettings::Tls::Implicit, MailboxSettings::Tls::StartTls}) {
        MailboxSettings byAddress = settings(tls);
        byAddress.host = "127.0.0.1";
        const MailboxError error = failure(byAddress);
        EXPECT_EQ(error.stage(), Stage::Tls);
        EXPECT_THAT(error.what(), HasSubstr("the server's certificate does not name 127.0.0.1"));
    }
    EXPECT_THAT(dovecot_.log(), Not(HasSubstr("Login: user=<prospects>")));
}

TEST_F(Pop3MailboxTlsTest, PlainPop3OnTheImplicitTlsPortTimesOutAtTheGreeting) {
    MailboxSettings plain = settings(MailboxSettings::Tls::None);
    plain.port = dovecot_.tlsPort();
    plain.timeout = 500ms;
    const MailboxError error = failure(plain);
    EXPECT_EQ(error.stage(), Stage::Greeting);
    EXPECT_THAT(error.what(), HasSubstr("no answer within 500 ms"));
}

TEST(Pop3MailboxTlsSettings, AMissingCaFileIsReportedWhenTheMailboxIsMade) {
    MailboxSettings settings;
    settings.host = "pop.example.org";
    settings.port = 995;
    settings.tls = MailboxSettings::Tls::Implicit;
    settings.username = "replies";
    settings.caFile = "/nonexistent/lodestone-ca.pem";
    try {
        Pop3Mailbox mailbox(settings);
        ADD_FAILURE() << "no error";
    } catch (const MailboxError& e) {
        EXPECT_EQ(e.stage(), Stage::Tls);
        EXPECT_THAT(e.what(), HasSubstr("/nonexistent/lodestone-ca.pem"));
    }
}

}  // namespace
}  // namespace lodestone::outreach
