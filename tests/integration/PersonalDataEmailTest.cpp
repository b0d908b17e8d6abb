// A person's data (docs/lists.md) after their sequence went out through the bundled mailer-smtp
// to a real SMTP server (aiosmtpd) on 127.0.0.1: each email with the subject and text they
// received.
#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "EmailSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;

TEST(PersonalData, HoldsTheEmailsSentWithWhatTheySaid) {
    EmailDaemon daemon;
    auto id = daemon.addLead("Fast", "zoe@aerzte.example", "Zoë Müller", "Ärzte Nord GmbH");
    auto messages = daemon.waitForMessagesTo("zoe@aerzte.example", 3);
    ASSERT_EQ(messages.size(), 3u);
    daemon.waitForStatus("Fast", id, "completed");

    auto& engine = daemon.engine();
    auto reply =
        engine.get("/api/campaigns/" + engine.campaignId("Fast") + "/leads/" + id + "/export");
    ASSERT_EQ(reply.status, 200) << reply.body;
    auto data = parseJson(reply.body);
    auto emails = data->getArray("emails");
    ASSERT_EQ(emails->size(), 3u) << reply.body;
    for (unsigned step = 1; step <= 3; ++step) {
        auto email = emails->getObject(step - 1);
        EXPECT_EQ(email->getValue<int>("step"), static_cast<int>(step));
        EXPECT_EQ(email->getValue<std::string>("status"), "sent");
        EXPECT_FALSE(email->isNull("sentAt"));
        EXPECT_EQ(email->getValue<std::string>("messageId"),
                  messages[step - 1].header("Message-ID"));
    }
    EXPECT_EQ(emails->getObject(0)->getValue<std::string>("subject"),
              "Zoë, a question about Ärzte Nord GmbH");
    EXPECT_THAT(emails->getObject(0)->getValue<std::string>("text"), HasSubstr("Hi Zoë,"));
    EXPECT_EQ(emails->getObject(1)->getValue<std::string>("subject"), "Following up, Zoë");

    auto view = data->getObject("prospect");
    EXPECT_EQ(view->getValue<std::string>("status"), "completed");
    EXPECT_EQ(view->getObject("fields")->getValue<std::string>("contactName"), "Zoë Müller");
    EXPECT_EQ(data->getArray("replies")->size(), 0u);

    // The same document from lodestonectl, but for the moment it was made.
    auto viaCtl = engine.ctl({"prospect", "export", id});
    EXPECT_EQ(viaCtl->getArray("emails")->size(), 3u);
}

}  // namespace
}  // namespace lodestone::test
