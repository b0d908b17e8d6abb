// Work queued through one host wakes the idle workers of the others at once: PostgreSQL's
// LISTEN/NOTIFY between two stores on one database, as two lodestoned would hold them.
#include <gtest/gtest.h>

#include <mutex>
#include <vector>

#include "support/Process.hpp"
#include "unit/storage/postgres/PostgresBackend.hpp"

namespace lodestone::storage::test {
namespace {

class Heard {
  public:
    void add(const std::string& queue) {
        std::lock_guard lock(mutex_);
        queues_.push_back(queue);
    }
    std::vector<std::string> queues() {
        std::lock_guard lock(mutex_);
        return queues_;
    }

  private:
    std::mutex mutex_;
    std::vector<std::string> queues_;
};

TEST(PgWorkAnnouncements, AnotherHostHearsEachQueueAnnouncedAndAHostNotItsOwn) {
    PostgresDatabase database;
    auto here = database.open();
    auto there = database.open();
    Heard heardHere;
    Heard heardThere;
    auto listeningHere = here->listenForWork([&](const std::string& q) { heardHere.add(q); });
    auto listeningThere = there->listenForWork([&](const std::string& q) { heardThere.add(q); });
    ASSERT_NE(listeningHere, nullptr);

    // The listener may still be connecting: announced until heard, as the engine's next
    // queueing would.
    ASSERT_TRUE(lodestone::test::eventually(
        [&] {
            here->announceWork("jobs");
            return !heardThere.queues().empty();
        },
        std::chrono::seconds(10)));
    here->announceWork("webhooks");
    ASSERT_TRUE(lodestone::test::eventually(
        [&] {
            auto queues = heardThere.queues();
            return !queues.empty() && queues.back() == "webhooks";
        },
        std::chrono::seconds(10)));
    for (const auto& queue : heardThere.queues()) {
        EXPECT_TRUE(queue == "jobs" || queue == "webhooks") << queue;
    }

    ASSERT_TRUE(lodestone::test::eventually(
        [&] {
            there->announceWork("jobs");
            return !heardHere.queues().empty();
        },
        std::chrono::seconds(10)));
    for (const auto& queue : heardHere.queues()) {
        EXPECT_EQ(queue, "jobs") << "a host hears the other's announcements, never its own";
    }
}

TEST(PgWorkAnnouncements, SqliteHasNoOneToTellAndNothingToHear) {
    lodestone::test::TempDir dir;
    StoreOptions options;
    options.path = dir / "lodestone.db";
    auto store = openStore(options);
    store->announceWork("jobs");  // nothing, and no error
    EXPECT_EQ(store->listenForWork([](const std::string&) {}), nullptr);
}

}  // namespace
}  // namespace lodestone::storage::test
