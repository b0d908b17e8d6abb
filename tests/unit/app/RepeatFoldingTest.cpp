// A warning repeated word for word is written once per window with a count, not every time.
#include <Poco/AutoPtr.h>
#include <Poco/Channel.h>
#include <Poco/Message.h>
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "app/RepeatFolding.hpp"
#include "support/ManualClock.hpp"

using namespace lodestone;
using namespace std::chrono_literals;

namespace {

class Collecting final : public Poco::Channel {
  public:
    void log(const Poco::Message& message) override { lines.push_back(message); }
    std::vector<Poco::Message> lines;
};

Poco::Message warning(const std::string& text) {
    return Poco::Message("lodestone.work", text, Poco::Message::PRIO_WARNING);
}

}  // namespace

TEST(RepeatFolding, RepeatsWithinTheWindowAreCountedAndWrittenOnceAfterIt) {
    Poco::AutoPtr<Collecting> sink(new Collecting);
    auto clock = std::make_shared<lodestone::test::ManualClock>();
    Poco::AutoPtr<app::RepeatFoldingChannel> folding(
        new app::RepeatFoldingChannel(Poco::AutoPtr<Poco::Channel>(sink, true), clock, 100ms));
    for (int i = 0; i < 50; ++i) folding->log(warning("renewing leases failed: disk I/O error"));
    folding->log(warning("something else"));
    ASSERT_EQ(sink->lines.size(), 2u);
    EXPECT_FALSE(sink->lines[0].has("count"));

    clock->advance(100ms);  // the window has passed: the next one says how many
    folding->log(warning("renewing leases failed: disk I/O error"));
    ASSERT_EQ(sink->lines.size(), 3u);
    EXPECT_EQ(sink->lines[2].get("count"), "50");
}

TEST(RepeatFolding, InformationPassesUntouchedAndPendingCountsAreWrittenAtClose) {
    Poco::AutoPtr<Collecting> sink(new Collecting);
    Poco::AutoPtr<app::RepeatFoldingChannel> folding(
        new app::RepeatFoldingChannel(Poco::AutoPtr<Poco::Channel>(sink, true),
                                      std::make_shared<lodestone::test::ManualClock>(), 1h));
    for (int i = 0; i < 3; ++i) {
        folding->log(Poco::Message("lodestone.http", "same", Poco::Message::PRIO_INFORMATION));
    }
    EXPECT_EQ(sink->lines.size(), 3u);
    for (int i = 0; i < 4; ++i) folding->log(warning("busy"));
    EXPECT_EQ(sink->lines.size(), 4u);
    folding->close();
    ASSERT_EQ(sink->lines.size(), 5u);
    EXPECT_EQ(sink->lines[4].get("count"), "3");
}
