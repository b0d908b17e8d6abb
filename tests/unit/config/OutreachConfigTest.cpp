// pipeline.mailer, mailbox (top-level and a campaign's own) and provisioned sequences.
#include <gtest/gtest.h>

#include "ConfigTestSupport.hpp"

using namespace lodestone::config;
using namespace lodestone::config::testing;
using ::testing::HasSubstr;

namespace {

const std::string kStorage = "storage: { path: x.db }\n";

bool anyHas(const std::vector<std::string>& messages, const std::string& text) {
    for (const auto& message : messages) {
        if (message.find(text) != std::string::npos) return true;
    }
    return false;
}

}  // namespace

TEST(OutreachConfig, NoMailerUntilOneIsNamed) {
    EXPECT_FALSE(parse(kStorage).pipeline.mailer.plugin);
    auto config = parse(kStorage + R"(plugins:
  smtp: { library: mailer-smtp, config: { host: smtp.acme.example } }
pipeline:
  mailer: { plugin: smtp, concurrency: 8, timeout: 20s, max_attempts: 2, retry_backoff: 1m }
)");
    const auto& mailer = config.pipeline.mailer;
    ASSERT_TRUE(mailer.plugin);
    EXPECT_EQ(mailer.plugin->name, "smtp");
    EXPECT_EQ(mailer.plugin->path, "pipeline.mailer.plugin");
    EXPECT_EQ(mailer.concurrency, 8);
    EXPECT_EQ(mailer.timeout, std::chrono::seconds(20));
    EXPECT_EQ(mailer.maxAttempts, 2);
    EXPECT_EQ(mailer.retryBackoff, std::chrono::minutes(1));
}

TEST(OutreachConfig, MailerMistakesNameTheirKeys) {
    auto messages = errorsOf(kStorage + "pipeline:\n  mailer: { concurrency: 0, colour: red }\n");
    EXPECT_TRUE(anyHas(messages, "pipeline.mailer.plugin: required key is missing"));
    EXPECT_TRUE(anyHas(messages, "pipeline.mailer.concurrency"));
    EXPECT_TRUE(anyHas(messages, "pipeline.mailer.colour"));
    auto undeclared = errorsOf(kStorage + "pipeline:\n  mailer: { plugin: smtp }\n");
    EXPECT_TRUE(anyHas(undeclared, "no plugin named \"smtp\" is declared"));
}

TEST(OutreachConfig, AMailboxIsReadWithItsDefaults) {
    auto config = parse(kStorage + R"(mailbox:
  host: mail.acme.example
  tls: implicit
  username: replies@acme.example
  password: ${PASSWORD}
)",
                        {{"PASSWORD", "secret"}});
    ASSERT_TRUE(config.mailbox);
    EXPECT_EQ(config.mailbox->port, 995) << "implicit TLS: POP3S";
    EXPECT_EQ(config.mailbox->password, "secret");
    EXPECT_EQ(config.mailbox->pollInterval, std::chrono::seconds(60));
    EXPECT_FALSE(parse(kStorage + "mailbox: ~\n").mailbox) << "as the shipped file has it";
    auto plain = parse(kStorage + "mailbox: { host: h, username: u, password: p, tls: none }\n");
    EXPECT_EQ(plain.mailbox->port, 110);
    auto secure = parse(kStorage + "mailbox: { host: h, username: u, password: p }\n");
    EXPECT_EQ(secure.mailbox->tls, "implicit") << "never the password in clear by default";
    EXPECT_EQ(secure.mailbox->port, 995);
}

TEST(OutreachConfig, MailboxMistakesNameTheirKeys) {
    auto messages = errorsOf(kStorage + R"(mailbox:
  host: mail.acme.example
  tls: ssl
  port: 70000
  poll_interval: 0s
)");
    EXPECT_TRUE(anyHas(messages, "mailbox.tls: expected none, starttls or implicit"));
    EXPECT_TRUE(anyHas(messages, "mailbox.port"));
    EXPECT_TRUE(anyHas(messages, "mailbox.poll_interval: must be more than 0"));
    EXPECT_TRUE(anyHas(messages, "mailbox.username: required key is missing"));
    EXPECT_TRUE(anyHas(messages, "mailbox.password: required key is missing"));
}

TEST(OutreachConfig, ACampaignMayHaveItsOwnMailboxAndSequence) {
    auto config = parse(kStorage + R"(provision:
  organisations:
    - name: Acme
      campaigns:
        - name: Q3
          sequence:
            from: { address: ada@acme.example }
            steps:
              - { subject: Hello, text: Hi }
          mailbox: { host: pop.acme.example, username: q3, password: pw }
)");
    const auto& campaign = config.provision.organisations[0].campaigns[0];
    ASSERT_TRUE(campaign.mailbox);
    EXPECT_EQ(campaign.mailbox->host, "pop.acme.example");
    ASSERT_TRUE(campaign.sequenceJson);
    EXPECT_THAT(*campaign.sequenceJson, HasSubstr("\"ada@acme.example\""));
    EXPECT_EQ(campaign.sequenceLines.lineOf("steps[0].subject"), 10);
    EXPECT_EQ(campaign.sequenceLines.lineOf("from.address"), 8);
    EXPECT_EQ(campaign.sequenceLines.lineOf("from.address.nothing.below"), 8);
}
