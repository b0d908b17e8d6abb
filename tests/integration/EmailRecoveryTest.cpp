// Outreach emails survive a kill -9 between and during sends: after a restart every step of
// every sequence is sent, and none twice but an email that was being sent at the kill (the one
// duplicate docs/outreach.md documents, which then carries the same Message-ID).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <csignal>
#include <map>
#include <set>

#include "EmailSupport.hpp"

namespace lodestone::test {
namespace {

constexpr int kProspects = 6;
constexpr int kSteps = 3;  // of the "Fast" campaign, a second apart

TEST(EmailRecovery, AKillBetweenSendsNeitherLosesNorRepeatsAStep) {
    EmailDaemon daemon;
    std::vector<std::string> ids;
    for (int i = 0; i < kProspects; ++i) {
        ids.push_back(daemon.addLead("Fast", "p" + std::to_string(i) + "@initech.example"));
    }
    // Every first email out, the second ones due within the second.
    ASSERT_TRUE(daemon.sink().waitForMessages(kProspects, std::chrono::seconds(60)))
        << daemon.sink().log();

    // Frozen, so nothing moves between reading what is in flight and the kill.
    daemon.engine().daemon().process().signal(SIGSTOP);
    const auto mayRepeat = emailsInFlight(daemon.engine());
    daemon.engine().daemon().stop(SIGKILL);
    daemon.engine().start();

    for (int i = 0; i < kProspects; ++i) {
        auto done = daemon.waitForStatus("Fast", ids[static_cast<std::size_t>(i)], "completed");
        for (int step = 1; step <= kSteps; ++step) {
            EXPECT_EQ(EmailDaemon::email(done, step)->getValue<std::string>("status"), "sent")
                << "prospect " << i << " step " << step;
        }
    }
    std::map<std::string, int> arrivals;
    for (const auto& message : daemon.sink().messages()) ++arrivals[message.header("Message-ID")];
    EXPECT_EQ(arrivals.size(), static_cast<std::size_t>(kProspects * kSteps)) << "none lost";
    for (const auto& [messageId, count] : arrivals) {
        if (mayRepeat.count(messageId)) {
            EXPECT_LE(count, 2) << messageId << " was being sent at the kill";
        } else {
            EXPECT_EQ(count, 1) << messageId << " was sent twice";
        }
    }
}

TEST(EmailRecovery, AnEmailTheServerHoldsAtTheKillIsSentAgainWithTheSameMessageId) {
    // The server takes its time answering the end of DATA. lodestoned is frozen while it waits,
    // the server accepts the message (its 250 waits in the frozen process's socket), and then
    // lodestoned is killed: the one moment a duplicate can happen.
    EmailDaemon daemon({.sink = {.delayDataSeconds = 1}});
    auto id = daemon.addLead("Slow", "held@initech.example");
    ASSERT_TRUE(
        eventually([&] { return daemon.sink().dataReceived() >= 1; }, std::chrono::seconds(60)))
        << daemon.sink().log();
    daemon.engine().daemon().process().signal(SIGSTOP);
    ASSERT_TRUE(daemon.sink().waitForMessages(1, std::chrono::seconds(30))) << daemon.sink().log();
    ASSERT_EQ(emailsInFlight(daemon.engine()).size(), 1u);
    daemon.engine().daemon().stop(SIGKILL);
    daemon.engine().start();

    auto messages = daemon.waitForMessagesTo("held@initech.example", 2);
    ASSERT_GE(messages.size(), 2u);
    EXPECT_EQ(messages[0].header("Message-ID"), messages[1].header("Message-ID"));
    auto sent = daemon.waitForStatus("Slow", id, "in_sequence");
    auto first = EmailDaemon::email(sent, 1);
    EXPECT_EQ(first->getValue<std::string>("status"), "sent");
    EXPECT_EQ(first->getValue<int>("attempts"), 2);
}

}  // namespace
}  // namespace lodestone::test
