#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <stdexcept>
#include <thread>

#include "StoreFixture.hpp"
#include "StoreSuite.hpp"
#include "domain/Ids.hpp"
#include "domain/RequestId.hpp"
#include "storage/OrganisationRepository.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using ::testing::HasSubstr;

namespace {

constexpr domain::Timestamp kT0 = 1'750'000'000'000;

domain::Organisation organisation(const std::string& name) {
    return {domain::newId(domain::IdKind::Organisation), name, 0, kT0, kT0};
}

// Holds a write open inside its transaction until released, so that the writes arriving
// meanwhile queue for the next one.
class HeldWrite {
  public:
    explicit HeldWrite(Store& store) {
        done_ = std::async(std::launch::async, [this, &store] {
            store.write([this](Repositories& r) {
                r.organisations().insert(organisation("Held"));
                entered_.set_value();
                release_.get_future().wait();
            });
        });
        entered_.get_future().wait();
    }
    void release() {
        release_.set_value();
        done_.get();
    }

  private:
    std::promise<void> entered_;
    std::promise<void> release_;
    std::future<void> done_;
};

bool waitForQueued(Store& store, std::size_t writes) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (store.writeStats().waiting < writes) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return true;
}

}  // namespace

class GroupCommit : public storage::test::OnEveryBackend<storage::test::StoreFixture> {
  protected:
    std::int64_t organisations(const std::string& name) {
        return count("SELECT COUNT(*) FROM organisations WHERE name = '" + name + "'");
    }
};

INSTANTIATE_TEST_SUITE_P(, GroupCommit, storage::test::everyBackend(), storage::test::backendName);

TEST_P(GroupCommit, WritesQueuedTogetherShareATransactionAndAFailingOneUndoesOnlyItself) {
    if (GetParam().name != "sqlite") {
        GTEST_SKIP() << "PostgreSQL takes concurrent writers itself: each write is a transaction";
    }
    HeldWrite held(*store_);
    const auto before = store_->writeStats();
    auto insert = [&](const std::string& name, bool thenFail) {
        return std::async(std::launch::async, [this, name, thenFail] {
            store_->write([&](Repositories& r) {
                r.organisations().insert(organisation(name));
                if (thenFail) throw std::runtime_error(name + " changed its mind");
            });
        });
    };
    auto first = insert("First", false);
    auto failing = insert("Failing", true);
    auto last = insert("Last", false);
    // A name the held write has taken, in the same transaction: a constraint error.
    auto duplicate = insert("Held", false);
    ASSERT_TRUE(waitForQueued(*store_, 4));
    held.release();

    EXPECT_NO_THROW(first.get());
    EXPECT_NO_THROW(last.get());
    try {
        failing.get();
        ADD_FAILURE() << "the failing write returned";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "Failing changed its mind");
    }
    EXPECT_THROW(duplicate.get(), Conflict);

    EXPECT_EQ(organisations("Held"), 1);
    EXPECT_EQ(organisations("First"), 1);
    EXPECT_EQ(organisations("Last"), 1);
    EXPECT_EQ(organisations("Failing"), 0);
    const auto after = store_->writeStats();
    EXPECT_EQ(after.writes - before.writes, 5u);
    // The held write's transaction, then one for the four that queued behind it.
    EXPECT_EQ(after.transactions - before.transactions, 2u);
}

TEST_P(GroupCommit, AWriteAloneThatFailsLeavesNothingBehind) {
    EXPECT_THROW(store_->write([](Repositories& r) {
        r.organisations().insert(organisation("Alone"));
        throw std::runtime_error("no");
    }),
                 std::runtime_error);
    EXPECT_EQ(organisations("Alone"), 0);
    store_->write([](Repositories& r) { r.organisations().insert(organisation("Alone")); });
    EXPECT_EQ(organisations("Alone"), 1);
}

TEST_P(GroupCommit, ConcurrentWritersLoseNoUpdate) {
    auto org = organisation("Counter");
    store_->write([&](Repositories& r) { r.organisations().insert(org); });
    constexpr int kThreads = 8;
    constexpr int kWritesEach = 100;
    std::vector<std::thread> writers;
    for (int t = 0; t < kThreads; ++t) {
        writers.emplace_back([&] {
            for (int i = 0; i < kWritesEach; ++i) {
                store_->write([&](Repositories& r) {
                    r.organisations().changeCredits(
                        {org.id, 1, CreditReason::Adjustment, std::nullopt, kT0});
                });
            }
        });
    }
    for (auto& writer : writers) writer.join();
    auto stored = store_->read([&](Repositories& r) { return r.organisations().find(org.id); });
    EXPECT_EQ(stored->credits, kThreads * kWritesEach);
    EXPECT_EQ(store_->writeStats().waiting, 0u);
}

TEST_P(GroupCommit, AWriteTakesTheCallersRequestIdToTheThreadThatRunsIt) {
    HeldWrite held(*store_);
    std::string seen;
    auto tagged = std::async(std::launch::async, [&] {
        domain::RequestIdScope scope("req-queued");
        store_->write([&](Repositories&) { seen = domain::currentRequestId(); });
    });
    // On SQLite the write queues behind the held one and runs on the committing thread; on
    // PostgreSQL it is a transaction of its own, on the caller's thread.
    if (GetParam().name == "sqlite") {
        ASSERT_TRUE(waitForQueued(*store_, 1));
    }
    held.release();
    tagged.get();
    EXPECT_EQ(seen, "req-queued");
}
