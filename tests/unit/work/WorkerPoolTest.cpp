// The worker pool and the engine around it, on a kind of work that lives in memory: what the
// engine does is the same whatever the kind.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <future>
#include <set>
#include <string>

#include "support/ManualClock.hpp"
#include "unit/storage/StoreFixture.hpp"
#include "unit/work/FakeWork.hpp"
#include "unit/work/WorkTestSupport.hpp"
#include "work/Engine.hpp"

using namespace lodestone;
using namespace lodestone::work;
using namespace lodestone::work::test;
using namespace std::chrono_literals;

namespace {

PoolSettings settings(int concurrency, std::chrono::milliseconds timeout = 5s) {
    PoolSettings pool;
    pool.concurrency = concurrency;
    pool.timeout = timeout;
    pool.lease = timeout + 5s;
    pool.pollInterval = 1h;  // polls never come unless a test asks for them
    return pool;
}

class WorkerPoolTest : public storage::test::StoreFixture {
  protected:
    void SetUp() override {
        StoreFixture::SetUp();
        counting_ = std::make_unique<CountingStore>(*store_);
        kind_ = std::make_unique<FakeKind>(*counting_);
    }
    void TearDown() override {
        released_->store(true);  // before the stop, so that a failed test cannot hang it
        if (engine_) engine_->stop();
    }

    // An engine running the fake kind.
    Engine& start(PoolSettings pool = settings(4), std::chrono::milliseconds grace = 5s) {
        engine_ = std::make_unique<Engine>(*counting_, *clock_, EngineSettings{grace, 1h});
        engine_->add(*kind_, pool);
        engine_->start();
        return *engine_;
    }

    bool finished(const std::string& id) {
        return eventually([&] {
            auto outcome = kind_->outcomeOf(id);
            return !outcome.empty() && outcome != "handed back";
        });
    }
    // Turns manual_ until `id`'s call has overrun: it may not have started yet, and the
    // dispatcher may be mid-turn when the clock moves, so the clock moves on until it has looked.
    // Turns manual_ by `step` until the dispatcher is seen to look after a turn: the look (its
    // stall back under a step) is waited for in real time after each turn, as the dispatcher
    // wakes on its own thread; a turn that finds it mid-look is followed by another.
    bool looksFollowTheClock(Engine& engine, std::chrono::milliseconds step) {
        return eventually([&] {
            manual_.advance(step);
            return eventually([&] { return engine.longestStall() < step; }, 200ms);
        });
    }
    bool overran(const std::string& id) {
        return eventually([&] {
            manual_.advance(50ms);
            return kind_->outcomeOf(id) == "failed: overran";
        });
    }

    const domain::SystemClock systemClock_;
    lodestone::test::ManualClock manual_;
    // The engine's: a test that turns time itself points it at manual_ before start().
    const domain::Clock* clock_ = &systemClock_;
    std::unique_ptr<CountingStore> counting_;
    std::unique_ptr<FakeKind> kind_;
    std::unique_ptr<Engine> engine_;
    // The calls of Script().runningUntil(released_) return once it holds true.
    std::shared_ptr<std::atomic<bool>> released_ = std::make_shared<std::atomic<bool>>(false);
};

}  // namespace

TEST_F(WorkerPoolTest, RunsEveryDueItemAndRecordsItsOutcomeOnce) {
    for (int i = 0; i < 20; ++i) kind_->add("i" + std::to_string(i));
    start();
    for (int i = 0; i < 20; ++i) ASSERT_TRUE(finished("i" + std::to_string(i))) << i;
    std::map<std::string, int> recorded;
    for (const auto& event : kind_->events()) {
        if (event.what != "claimed") ++recorded[event.item];
    }
    EXPECT_EQ(recorded.size(), 20u);
    for (const auto& [item, times] : recorded) EXPECT_EQ(times, 1) << item;
    for (int i = 0; i < 20; ++i) EXPECT_EQ(kind_->outcomeOf("i" + std::to_string(i)), "succeeded");
}

TEST_F(WorkerPoolTest, AnOutcomeIsCommittedTogetherWithTheNextClaim) {
    // One worker and three items: each item's outcome and the claim of the next share a
    // transaction, so three items cost four write transactions, not six.
    for (const char* id : {"a", "b", "c"}) kind_->add(id);
    start(settings(1));
    ASSERT_TRUE(finished("c"));
    std::map<int, std::set<std::string>> byWrite;
    for (const auto& event : kind_->events()) {
        ASSERT_GT(event.write, 0) << "everything happens in a write transaction";
        byWrite[event.write].insert(event.item + " " + event.what);
    }
    EXPECT_EQ(byWrite.size(), 4u);
    int shared = 0;
    for (const auto& [write, happened] : byWrite) {
        if (happened == std::set<std::string>{"a succeeded", "b claimed"} ||
            happened == std::set<std::string>{"b succeeded", "c claimed"}) {
            ++shared;
        }
    }
    EXPECT_EQ(shared, 2);
}

TEST_F(WorkerPoolTest, AFailedOrThrowingCallIsAFailedAttempt) {
    kind_->add("refused", Script().answers("no thanks"));
    kind_->add("thrower", Script().throwing());
    kind_->add("gone", Script().decidedAs(Outcome::failed("its subject is gone", false)));
    start();
    ASSERT_TRUE(finished("refused") && finished("thrower") && finished("gone"));
    EXPECT_EQ(kind_->outcomeOf("refused"), "failed: no thanks");
    EXPECT_EQ(kind_->outcomeOf("thrower"), "failed: threw");
    EXPECT_EQ(kind_->outcomeOf("gone"), "failed: its subject is gone");
}

TEST_F(WorkerPoolTest, ACallPastItsDeadlineIsLeftBehindAndTheWorkerCarriesOn) {
    clock_ = &manual_;
    kind_->add("hangs", Script().runningUntil(released_));
    auto& engine = start(settings(2, 100ms));
    ASSERT_TRUE(overran("hangs"));
    EXPECT_EQ(kind_->running(), 1) << "the call still runs on the thread left behind";
    // A fresh worker took that thread's place: the next item runs and ends while the call left
    // behind still runs (it holds one of the two places until it returns).
    kind_->add("next");
    engine.wake("fake");
    ASSERT_TRUE(finished("next"));
    EXPECT_EQ(kind_->outcomeOf("next"), "succeeded");
    EXPECT_EQ(kind_->running(), 1);
}

TEST_F(WorkerPoolTest, AThreadLeftBehindIsNamedSoAndAFreshWorkerTakesItsPlace) {
    // This process's threads by name: the pool's workers, and those left behind with a call.
    auto threadsNamed = [](const std::string& wanted) {
        int count = 0;
        for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
            std::string name;
            std::getline(std::ifstream(task.path() / "comm"), name);
            if (name == wanted) ++count;
        }
        return count;
    };
    // A call an earlier test left behind may still be running: this test counts from none.
    ASSERT_TRUE(eventually([&] { return threadsNamed("lodestone-hung") == 0; }));
    clock_ = &manual_;
    kind_->add("hangs", Script().runningUntil(released_));
    start(settings(2, 100ms));
    ASSERT_TRUE(overran("hangs"));
    EXPECT_EQ(kind_->running(), 1);
    EXPECT_TRUE(eventually([&] { return threadsNamed("lodestone-work") == 2; }));
    EXPECT_EQ(threadsNamed("lodestone-hung"), 1);
    // Once its call returns, the thread left behind ends.
    released_->store(true);
    EXPECT_TRUE(eventually([&] { return kind_->running() == 0; }));
    EXPECT_TRUE(eventually([&] { return threadsNamed("lodestone-hung") == 0; }));
    EXPECT_EQ(threadsNamed("lodestone-work"), 2);
}

TEST_F(WorkerPoolTest, ClaimingPausesWhileHungCallsHoldEveryPlace) {
    // One place, held by a call that overran: a thread per attempt would pile up behind a plugin
    // that hangs, so nothing more is claimed until the call returns.
    clock_ = &manual_;
    PoolSettings pool = settings(1, 50ms);
    pool.pollInterval = 50ms;  // a call that returns late wakes nobody: the next look finds it
    kind_->add("hangs", Script().runningUntil(released_));
    auto& engine = start(pool);
    ASSERT_TRUE(overran("hangs"));
    kind_->add("next");
    engine.wake("fake");
    // Several looks later (each seen to follow the clock's last turn), it is still not claimed.
    for (int look = 0; look < 5; ++look) ASSERT_TRUE(looksFollowTheClock(engine, 50ms)) << look;
    EXPECT_FALSE(kind_->wasClaimed("next"));
    released_->store(true);
    EXPECT_TRUE(eventually([&] {
        manual_.advance(50ms);  // its next look
        return kind_->outcomeOf("next") == "succeeded";
    }));
    EXPECT_EQ(kind_->running(), 0) << "claimed only after the hung call returned";
}

TEST_F(WorkerPoolTest, AWakeUpClaimsNewWorkWithoutWaitingForAPoll) {
    auto& engine = start();                                         // the poll interval is an hour
    ASSERT_TRUE(eventually([&] { return kind_->claims() >= 1; }));  // its first look found none
    kind_->add("late");
    engine.wake("fake");
    EXPECT_TRUE(finished("late"));
}

TEST_F(WorkerPoolTest, ARetryIsClaimedWhenItIsDueWithoutAPoll) {
    clock_ = &manual_;
    kind_->add("flaky", Script().answers("not yet").retriedAt(manual_.now() + 100));
    start();
    ASSERT_TRUE(eventually([&] { return kind_->outcomeOf("flaky") == "failed: not yet"; }));
    manual_.advance(100ms);  // the retry is due; the poll interval is an hour
    ASSERT_TRUE(eventually([&] { return kind_->outcomeOf("flaky") == "succeeded"; }));
    std::vector<std::string> outcomes;
    for (const auto& event : kind_->events()) {
        if (event.item == "flaky" && event.what != "claimed") outcomes.push_back(event.what);
    }
    EXPECT_EQ(outcomes, (std::vector<std::string>{"failed: not yet", "succeeded"}));
}

TEST_F(WorkerPoolTest, AnItemThatMovesOnWakesTheQueueItMovedTo) {
    auto next = std::make_unique<FakeKind>(*counting_, "next-step");
    kind_->add("first", Script().runningUntil(released_).movingTo("next-step"));
    engine_ = std::make_unique<Engine>(*counting_, *clock_, EngineSettings{5s, 1h});
    engine_->add(*kind_, settings(1));
    engine_->add(*next, settings(1));
    engine_->start();
    // Queued in the next step's queue after its first look found nothing, with no wake-up of
    // its own: only the first item's move wakes that queue (its poll interval is an hour).
    ASSERT_TRUE(eventually([&] { return next->claims() >= 1; }));
    next->add("follow-up");
    released_->store(true);  // only now does the first item finish and move on
    ASSERT_TRUE(finished("first"));
    EXPECT_TRUE(eventually([&] { return next->outcomeOf("follow-up") == "succeeded"; }));
    engine_->stop();  // before the kind it runs goes
}

TEST_F(WorkerPoolTest, AnOutcomeThatCannotBeWrittenDoesNotHoldUpTheOthers) {
    // Two are let finish together; one of their outcomes cannot be written (the kind's own
    // error, not the database's). The group's transaction fails, each is then tried alone: the good
    // one is recorded, the bad one given up on at once (its lease then runs out and the rescuer
    // takes over), and the pool goes on.
    kind_->add("bad", Script().runningUntil(released_).unrecordable());
    kind_->add("good", Script().runningUntil(released_));
    auto& engine = start(settings(2));
    ASSERT_TRUE(eventually([&] { return kind_->running() == 2; }));
    released_->store(true);
    ASSERT_TRUE(finished("good"));
    EXPECT_EQ(kind_->outcomeOf("bad"), "");
    kind_->add("after");
    engine.wake("fake");
    EXPECT_TRUE(finished("after"));
}

TEST_F(WorkerPoolTest, AnOutcomeTheDatabaseCannotTakeYetIsWrittenLaterWhileThePoolGoesOn) {
    // Its writes find the database busy until the test lets them through: it is tried again in
    // later transactions, with a growing pause, and meanwhile the pool records and claims other
    // work. With one worker, the item queued behind it is claimed only if the pool goes on while
    // that outcome waits.
    clock_ = &manual_;  // the pauses between its writes pass as the test turns it
    auto writable = std::make_shared<std::atomic<bool>>(false);
    kind_->add("busy", Script().busyUntil(writable));
    kind_->add("meanwhile");
    start(settings(1));
    ASSERT_TRUE(finished("meanwhile"));
    EXPECT_EQ(kind_->outcomeOf("busy"), "") << "written while the database was busy";
    // It is still being tried: a pool that had given up would never write it.
    const int tried = kind_->writesTried("busy");
    EXPECT_GE(tried, 1);
    ASSERT_TRUE(eventually([&] {
        manual_.advance(50ms);
        return kind_->writesTried("busy") > tried;
    }));

    writable->store(true);
    ASSERT_TRUE(eventually([&] {
        manual_.advance(50ms);
        return kind_->outcomeOf("busy") == "succeeded";
    }));
}

TEST_F(WorkerPoolTest, AStopLetsRunningCallsFinishWithinTheGrace) {
    clock_ = &manual_;  // the grace never ends unless the test turns the clock
    kind_->add("slow", Script().runningUntil(released_));
    auto& engine = start(settings(1), 10s);
    ASSERT_TRUE(eventually([&] { return kind_->running() == 1; }));
    auto stopping = std::async(std::launch::async, [&] { return engine.stop(); });
    // Nothing but the call's return can end this stop, so no slow machine fails this.
    EXPECT_EQ(stopping.wait_for(50ms), std::future_status::timeout) << "the call was not awaited";
    released_->store(true);
    EXPECT_EQ(stopping.get(), 0);
    EXPECT_EQ(kind_->outcomeOf("slow"), "succeeded");
}

TEST_F(WorkerPoolTest, AStopInterruptsCallsStillRunningAfterTheGrace) {
    clock_ = &manual_;
    kind_->add("endless", Script().runningUntilCancelled());
    auto& engine = start(settings(1), 100ms);
    ASSERT_TRUE(eventually([&] { return kind_->running() == 1; }));
    auto stopping = std::async(std::launch::async, [&] { return engine.stop(); });
    while (stopping.wait_for(10ms) != std::future_status::ready) manual_.advance(50ms);
    EXPECT_EQ(stopping.get(), 0) << "a call that stops when cancelled is not left running";
    EXPECT_EQ(kind_->outcomeOf("endless"), "handed back");
    EXPECT_EQ(kind_->running(), 0);
}

TEST_F(WorkerPoolTest, APoolWithALongerStopGraceLetsItsCallsFinishPastTheEngines) {
    clock_ = &manual_;
    kind_->add("slow", Script().runningUntil(released_));
    auto pool = settings(1);
    pool.stopGrace = 10s;
    auto& engine = start(pool, 50ms);
    ASSERT_TRUE(eventually([&] { return kind_->running() == 1; }));
    auto stopping = std::async(std::launch::async, [&] { return engine.stop(); });
    // Up to 2 s by the clock: far past the engine's grace, within the pool's and the call's 5 s.
    for (int turn = 0; turn < 20 && stopping.wait_for(10ms) != std::future_status::ready; ++turn) {
        manual_.advance(100ms);
    }
    released_->store(true);
    EXPECT_EQ(stopping.get(), 0);
    EXPECT_EQ(kind_->outcomeOf("slow"), "succeeded") << "not interrupted after the engine's 50 ms";
}

TEST_F(WorkerPoolTest, LeasesOfRunningAttemptsAreRenewed) {
    clock_ = &manual_;
    PoolSettings pool = settings(1, 1min);  // a 65 s lease: renewed every 10 s (a third, capped)
    kind_->add("long", Script().runningUntil(released_));
    start(pool);
    ASSERT_TRUE(eventually([&] { return kind_->running() == 1; }));
    const auto claimedAt = manual_.now();
    // Turned in ticks, never as far as the call's deadline.
    EXPECT_TRUE(eventually([&] {
        if (manual_.now() - claimedAt < 30'000) manual_.advance(250ms);
        return kind_->fakeTable().renewals() >= 1;
    }));
    released_->store(true);
    ASSERT_TRUE(finished("long"));
    EXPECT_EQ(kind_->outcomeOf("long"), "succeeded");
}

TEST_F(WorkerPoolTest, ALeaseThatCannotOutlastItsCallsIsRefused) {
    PoolSettings pool = settings(1, 5s);
    pool.callGrace = 500ms;
    pool.lease = 5500ms;
    LeaseKeeper leases(*counting_, *clock_);
    EXPECT_THROW(
        WorkerPool(*kind_, pool, *counting_, *clock_, "owner", leases, [](const std::string&) {}),
        std::invalid_argument);
}

TEST_F(WorkerPoolTest, AStuckDispatcherShowsAsAGrowingStallAndAnIdleOneDoesNot) {
    clock_ = &manual_;
    auto pool = settings(2);
    pool.pollInterval = 20ms;
    auto& engine = start(pool);
    // Idle, the dispatcher turns whenever a poll falls due: as time passes, its stall keeps
    // coming back within a poll interval. (Time is turned inside the wait: a turn still in
    // progress when the clock moves sleeps until one interval after it ends, so one advance
    // alone may leave the stall above an interval; a stuck dispatcher's only grows.)
    for (int poll = 0; poll < 10; ++poll) ASSERT_TRUE(looksFollowTheClock(engine, 20ms)) << poll;

    kind_->holdClaims(true);
    engine.wake(kind_->name());
    const bool claimHeld = eventually([&] { return kind_->heldClaims() == 1; });
    if (claimHeld) manual_.advance(300ms);
    const auto stalled = engine.longestStall();
    kind_->holdClaims(false);  // released before any assertion, so a failure cannot hang the stop
    ASSERT_TRUE(claimHeld);
    EXPECT_GE(stalled, 300ms);  // at least as long as the claim has been held
    EXPECT_TRUE(eventually([&] {
        manual_.advance(20ms);  // its next poll
        return engine.longestStall() < 300ms;
    }));
}

TEST_F(WorkerPoolTest, AStopGivesUpAnOutcomeTheDatabaseWillNotTakeWhenItsGraceEnds) {
    // Tried again for the lease's length (10 s here) while the pool runs; a stop with a 200 ms
    // grace gives up at its end instead, leaving the item to its lease.
    auto writable = std::make_shared<std::atomic<bool>>(false);
    kind_->add("stuck", Script().busyUntil(writable));
    clock_ = &manual_;
    auto& engine = start(settings(1), 200ms);
    ASSERT_TRUE(eventually([&] { return kind_->writesTried("stuck") >= 1; }));
    const auto before = manual_.now();
    auto stopping = std::async(std::launch::async, [&] { return engine.stop(); });
    while (stopping.wait_for(20ms) != std::future_status::ready &&
           manual_.now() - before < settings(1).lease.count() / 2) {
        manual_.advance(100ms);
    }
    EXPECT_LT(manual_.now() - before, settings(1).lease.count() / 2)
        << "the stop waited for the write's lease";
    manual_.advance(settings(1).lease);  // so that a stop waiting for the lease ends all the same
    stopping.get();
    EXPECT_EQ(kind_->outcomeOf("stuck"), "");
}
