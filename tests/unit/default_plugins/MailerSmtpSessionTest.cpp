// mailer-smtp's conversation: STARTTLS and implicit TLS with certificate verification on by
// default, AUTH, the time limit, cancellation, and the config it refuses.
#include <future>

#include "MailerSmtpSupport.hpp"

namespace lodestone::plugins::testing {
namespace {

using lodestone::test::SmtpSink;
using lodestone::test::SmtpSinkOptions;
using lodestone::test::TestCertificates;
using ::testing::AnyOf;
using ::testing::HasSubstr;

class MailerSmtpTls : public ::testing::Test {
  protected:
    // One CA and server certificate (localhost, 127.0.0.1) for the whole suite.
    static void SetUpTestSuite() { certificates_ = new TestCertificates(); }
    static void TearDownTestSuite() {
        delete certificates_;
        certificates_ = nullptr;
    }
    static std::pair<std::filesystem::path, std::filesystem::path> serverFiles() {
        return {certificates_->certificate(), certificates_->key()};
    }
    static std::vector<std::string> tlsConfig(std::uint16_t port, const std::string& mode,
                                              bool trustTestCa) {
        std::vector<std::string> lines{"host: 127.0.0.1", "port: " + std::to_string(port),
                                       "tls: " + mode};
        if (trustTestCa) lines.push_back("ca_file: " + certificates_->ca().string());
        return lines;
    }

    static TestCertificates* certificates_;
};

TestCertificates* MailerSmtpTls::certificates_ = nullptr;

TEST_F(MailerSmtpTls, StartTlsWithTheServersCaTrustedThroughCaFile) {
    SmtpSink sink({.starttls = serverFiles(), .requireTls = true});
    auto result = Mailer(tlsConfig(sink.port(), "starttls", true)).send(sampleMessage());
    EXPECT_TRUE(result->getValue<bool>("accepted")) << toJson(result) << sink.log();
    ASSERT_TRUE(sink.waitForMessages(1)) << sink.log();
    EXPECT_TRUE(sink.messages()[0].tls);
}

TEST_F(MailerSmtpTls, CertificatesAreVerifiedByDefault) {
    SmtpSink sink({.starttls = serverFiles(), .requireTls = true});
    // The system's CA store does not know the test CA.
    Mailer mailer(tlsConfig(sink.port(), "starttls", false));
    auto error = mailer.failure(sampleMessage());
    EXPECT_EQ(error.status(), LODESTONE_ERROR_FAILED);
    EXPECT_THAT(error.what(), HasSubstr("127.0.0.1:" + std::to_string(sink.port())));
    EXPECT_THAT(error.what(), HasSubstr("TLS handshake"));
    EXPECT_THAT(error.what(), HasSubstr("certificate verify failed"));
    EXPECT_EQ(sink.messageCount(), 0u);
}

TEST_F(MailerSmtpTls, TheCertificateMustNameTheHost) {
    TestCertificates other({"mail.example.test"});
    SmtpSink sink({.starttls = std::make_pair(other.certificate(), other.key())});
    Mailer mailer({"host: 127.0.0.1", "port: " + std::to_string(sink.port()),
                   "ca_file: " + other.ca().string()});
    auto error = mailer.failure(sampleMessage());
    EXPECT_EQ(error.status(), LODESTONE_ERROR_FAILED);
    EXPECT_THAT(error.what(), HasSubstr("TLS handshake"));
    EXPECT_EQ(sink.messageCount(), 0u);
}

TEST_F(MailerSmtpTls, ImplicitTls) {
    SmtpSink sink({.implicitTls = serverFiles()});
    auto result = Mailer(tlsConfig(sink.port(), "implicit", true)).send(sampleMessage());
    EXPECT_TRUE(result->getValue<bool>("accepted")) << toJson(result) << sink.log();
    ASSERT_TRUE(sink.waitForMessages(1)) << sink.log();
    EXPECT_TRUE(sink.messages()[0].tls);
}

// tls: starttls is required TLS, not opportunistic: the server's refusal is the verdict.
TEST_F(MailerSmtpTls, AServerWithoutStartTlsRefusesItAndNothingIsSentInClear) {
    SmtpSink sink;
    auto result = Mailer(tlsConfig(sink.port(), "starttls", true)).send(sampleMessage());
    EXPECT_FALSE(result->getValue<bool>("accepted"));
    EXPECT_EQ(result->getValue<std::string>("stage"), "STARTTLS");
    EXPECT_EQ(result->getValue<std::string>("reply"), "454 TLS not available");
    EXPECT_FALSE(result->getValue<bool>("permanent"));
    EXPECT_EQ(sink.messageCount(), 0u);
}

TEST(MailerSmtpAuth, PlainLogsInAsTheConfiguredUser) {
    SmtpSink sink({.auth = "ada:s3cret pass"});
    Mailer mailer(Mailer::plainConfig(sink.port(), {"username: ada", "password: s3cret pass"}));
    EXPECT_TRUE(mailer.send(sampleMessage())->getValue<bool>("accepted")) << sink.log();
    ASSERT_TRUE(sink.waitForMessages(1));
    EXPECT_EQ(sink.messages()[0].authUser, "ada");
}

TEST(MailerSmtpAuth, LoginWhenThatIsAllTheServerOffers) {
    SmtpSink sink({.auth = "ada:s3cret", .authMechanisms = "LOGIN"});
    Mailer mailer(Mailer::plainConfig(sink.port(), {"username: ada", "password: s3cret"}));
    EXPECT_TRUE(mailer.send(sampleMessage())->getValue<bool>("accepted")) << sink.log();
    ASSERT_TRUE(sink.waitForMessages(1));
    EXPECT_EQ(sink.messages()[0].authUser, "ada");
}

TEST(MailerSmtpAuth, AWrongPasswordIsARefusalAtAuthThatNeverQuotesThePassword) {
    SmtpSink sink({.auth = "ada:s3cret"});
    Mailer mailer(Mailer::plainConfig(sink.port(), {"username: ada", "password: wrong-one"}));
    auto result = mailer.send(sampleMessage());
    EXPECT_FALSE(result->getValue<bool>("accepted"));
    EXPECT_EQ(result->getValue<std::string>("stage"), "AUTH");
    EXPECT_EQ(result->getValue<int>("code"), 535);
    EXPECT_TRUE(result->getValue<bool>("permanent"));
    EXPECT_THAT(toJson(result), ::testing::Not(HasSubstr("wrong-one")));
    EXPECT_EQ(sink.messageCount(), 0u);
}

// In these tests the server holds its verdict for 20 s, far longer than the limit under test: a
// limit that did not cut the wait would see the message accepted, and the test fail. No timing
// is asserted.
TEST(MailerSmtpTime, AServerSlowerThanTheTimeoutFailsTheRun) {
    SmtpSink sink({.delayDataSeconds = 20});
    Mailer mailer(Mailer::plainConfig(sink.port(), {"timeout: 500ms"}));
    auto error = mailer.failure(sampleMessage());
    EXPECT_EQ(error.status(), LODESTONE_ERROR_FAILED);
    EXPECT_THAT(error.what(), HasSubstr("127.0.0.1:" + std::to_string(sink.port())));
    EXPECT_THAT(error.what(), HasSubstr("timed out"));
    EXPECT_THAT(error.what(), HasSubstr("waiting for the reply to the message"));
}

TEST(MailerSmtpTime, TheRunsDeadlineBoundsTheConversationToo) {
    SmtpSink sink({.delayDataSeconds = 20});
    Mailer mailer(Mailer::plainConfig(sink.port()));  // timeout: 30s
    RunControl control(RunControl::deadlineIn(std::chrono::milliseconds(500)));
    auto error = mailer.failure(toJson(sampleMessage()), control);
    // The host counts a run past its deadline as cancelled.
    EXPECT_THAT(error.status(), AnyOf(LODESTONE_ERROR_CANCELLED, LODESTONE_ERROR_FAILED));
}

// Cancelled while blocked on the server: the watchdog cuts the connection.
TEST(MailerSmtpTime, CancellingARunWaitingForTheServerStopsItPromptly) {
    SmtpSink sink({.delayDataSeconds = 20});
    Mailer mailer(Mailer::plainConfig(sink.port()));
    RunControl control(RunControl::deadlineIn(std::chrono::seconds(30)));
    auto run = std::async(std::launch::async,
                          [&] { return mailer.failure(toJson(sampleMessage()), control); });
    ASSERT_TRUE(lodestone::test::eventually([&] { return sink.dataReceived() == 1; },
                                            std::chrono::seconds(10)));
    control.cancel();
    auto error = run.get();
    EXPECT_EQ(error.status(), LODESTONE_ERROR_CANCELLED) << error.what();
    EXPECT_THAT(error.what(), HasSubstr("cancelled while waiting for the reply to the message"));
}

// Cancelled between two commands: the next one is never sent.
TEST(MailerSmtpTime, CancellingARunBetweenCommandsStopsIt) {
    SmtpSink sink;
    Mailer mailer(Mailer::plainConfig(sink.port()));
    RunControl control(RunControl::deadlineIn(std::chrono::seconds(30)),
                       [&](int, const std::string& note) {
                           if (note == "sending") control.cancel();
                       });
    auto error = mailer.failure(toJson(sampleMessage()), control);
    EXPECT_EQ(error.status(), LODESTONE_ERROR_CANCELLED) << error.what();
    EXPECT_THAT(error.what(), HasSubstr("cancelled while MAIL FROM"));
    EXPECT_EQ(sink.dataReceived(), 0u);
}

TEST(MailerSmtpTime, ARunCancelledBeforeItStartsSendsNothing) {
    SmtpSink sink;
    Mailer mailer(Mailer::plainConfig(sink.port()));
    RunControl control;
    control.cancel();
    EXPECT_EQ(mailer.failure(toJson(sampleMessage()), control).status(), LODESTONE_ERROR_CANCELLED);
    EXPECT_EQ(sink.messageCount(), 0u);
}

TEST(MailerSmtpConfig, BadValuesAreRefusedNamingTheKey) {
    TestCertificates certificates;
    const std::string ca = certificates.ca().string();
    const std::string notPem = certificates.ca().parent_path() / "server.ext";
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"host: smtp://mail.example"}, "host: "},
        {{"host: mail.example:25"}, "host: "},
        {{"host: ''"}, "host: "},
        {{"host: x", "port: 0"}, "port: must be between 1 and 65535"},
        {{"host: x", "port: 70000"}, "port: must be between 1 and 65535"},
        {{"host: x", "tls: ssl"}, "tls: \"ssl\" is none of none, starttls, implicit"},
        {{"host: x", "password: p"}, "password: is set but username is not"},
        {{"host: x", "username: u"}, "password: is required with username"},
        {{"host: x", "timeout: 0s"}, "timeout: must be between 1ms and 1h, got 0s"},
        {{"host: x", "helo_name: 'bad name'"}, "helo_name: "},
        {{"host: x", "ca_file: /nonexistent/ca.pem"}, "ca_file: cannot read"},
        {{"host: x", "tls: none", "ca_file: " + ca}, "ca_file: is set, but with tls: none"},
        {{"host: x", "ca_file: " + notPem}, "ca_file: cannot set up TLS"},
    };
    for (const auto& [lines, expected] : cases) {
        auto errors = loadErrors(kMailerSmtp, lines);
        ASSERT_FALSE(errors.empty()) << expected;
        EXPECT_THAT(errors[0], HasSubstr(expected));
    }
    EXPECT_TRUE(loadErrors(kMailerSmtp, {"host: mail.example", "ca_file: " + ca}).empty());
    EXPECT_TRUE(loadErrors(kMailerSmtp, {"host: ::1", "port: 465", "tls: implicit"}).empty());
}

}  // namespace
}  // namespace lodestone::plugins::testing
