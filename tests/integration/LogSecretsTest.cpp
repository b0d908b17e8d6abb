// No log line of a whole run shows a secret: API keys, webhook secrets, the SMTP password,
// unsubscribe and booking tokens, or what an email says.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "EmailSupport.hpp"
#include "support/DatabaseBackdoor.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(LogSecrets, NoSecretAppearsInAnyLineOfARunLoggedAtTraceWithAccessLines) {
    const std::string password = "Smtp-Pass-9f2e71";
    EmailDaemon::Options options;
    options.sink.auth = "mailer:" + password;
    options.mailerConfig = "username: mailer, password: \"" + password + "\"";
    options.extraYaml = "logging:\n  level: trace\n  access: true\n";
    EmailDaemon daemon(options);
    auto& engine = daemon.engine();

    const auto prospect = daemon.addLead("Fast", "grace@navy.example");
    auto messages = daemon.waitForMessagesTo("grace@navy.example", 3);
    ASSERT_EQ(messages.size(), 3u);
    EXPECT_EQ(messages[0].authUser, "mailer");
    const auto token = EmailDaemon::unsubscribeToken(messages[0]);
    EXPECT_EQ(httpRequest(engine.port(), "GET", "/u/" + token).status, 200);
    const auto [lead, job] = engine.createJob(
        R"({"email":"ada@analytical-engines.co.uk","fullName":"Ada Lovelace","company":"AE"})");
    engine.waitUntilFinished(job);
    EXPECT_EQ(engine.daemon().stop(SIGTERM).code, 0);

    const DatabaseBackdoor database = engine.backdoor();
    const std::vector<std::string> secrets = {
        kEngineKey,
        password,
        token,
        database.text("SELECT webhook_secret FROM campaigns WHERE name = 'Fast'"),
        database.text("SELECT booking_token FROM prospects WHERE id = '" + prospect + "'"),
        "Book a call:",  // the first email's text
        "Second note.",  // the second's
    };
    const std::string everything =
        engine.daemon().process().errors() + engine.daemon().process().output();
    EXPECT_THAT(everything, HasSubstr("logger=lodestone.access"));
    EXPECT_THAT(everything, ::testing::AnyOf(HasSubstr("level=trace"), HasSubstr("level=debug")));
    for (const auto& secret : secrets) {
        ASSERT_FALSE(secret.empty());
        EXPECT_THAT(everything, Not(HasSubstr(secret))) << "a log line shows " << secret;
    }
}
