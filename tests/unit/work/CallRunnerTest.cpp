#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <future>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "unit/work/WorkTestSupport.hpp"
#include "work/CallRunner.hpp"

using lodestone::work::CallRunner;
using lodestone::work::test::eventually;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

namespace {

// A call that blocks until released, owned jointly by the test and the call (which may outlive
// both the runner and the test's interest in it).
struct Gate {
    std::mutex mutex;
    std::condition_variable changed;
    bool open = false;
    std::atomic<bool> started{false};
    std::atomic<bool> finished{false};

    void release() {
        std::lock_guard lock(mutex);
        open = true;
        changed.notify_all();
    }

    static std::function<std::string()> blockingCall(std::shared_ptr<Gate> gate,
                                                     std::string output = "late") {
        return [gate = std::move(gate), output] {
            gate->started = true;
            std::unique_lock lock(gate->mutex);
            gate->changed.wait(lock, [&] { return gate->open; });
            gate->finished = true;
            return output;
        };
    }
};

Clock::time_point far() {
    return Clock::now() + 60s;
}

}  // namespace

TEST(CallRunner, ACallThatReturnsFinishesWithItsOutput) {
    CallRunner runner;
    EXPECT_EQ(runner.run([] { return std::string("hello"); }, far()), CallRunner::Ending::Finished);
    EXPECT_EQ(runner.output(), "hello");
    EXPECT_FALSE(runner.error());
    EXPECT_FALSE(runner.abandoned());
}

TEST(CallRunner, TheCallRunsOnAnotherThread) {
    CallRunner runner;
    std::thread::id ranOn;
    runner.run(
        [&] {
            ranOn = std::this_thread::get_id();
            return std::string();
        },
        far());
    EXPECT_NE(ranOn, std::thread::id());
    EXPECT_NE(ranOn, std::this_thread::get_id());
}

TEST(CallRunner, ACallThatThrowsFinishesWithTheError) {
    CallRunner runner;
    EXPECT_EQ(
        runner.run([]() -> std::string { throw std::runtime_error("plugin exploded"); }, far()),
        CallRunner::Ending::Finished);
    ASSERT_TRUE(runner.error());
    try {
        std::rethrow_exception(runner.error());
        FAIL() << "expected the call's exception";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "plugin exploded");
    }
    EXPECT_FALSE(runner.abandoned());
}

TEST(CallRunner, ARunnerRunsManyCallsInSequence) {
    CallRunner runner;
    for (int i = 0; i < 200; ++i) {
        if (i % 10 == 5) {
            ASSERT_EQ(runner.run([]() -> std::string { throw std::logic_error("odd one"); }, far()),
                      CallRunner::Ending::Finished);
            EXPECT_TRUE(runner.error()) << i;
            continue;
        }
        ASSERT_EQ(runner.run([i] { return std::to_string(i); }, far()),
                  CallRunner::Ending::Finished);
        EXPECT_EQ(runner.output(), std::to_string(i));
        EXPECT_FALSE(runner.error()) << "an earlier call's error must not stick, call " << i;
    }
    EXPECT_FALSE(runner.abandoned());
}

TEST(CallRunner, ACallThatOverrunsItsDeadlineIsAbandoned) {
    auto gate = std::make_shared<Gate>();
    auto runner = std::make_unique<CallRunner>();
    EXPECT_EQ(runner->run(Gate::blockingCall(gate), Clock::now() + 50ms),
              CallRunner::Ending::Overran);
    EXPECT_TRUE(runner->abandoned());
    EXPECT_FALSE(gate->finished);

    // Destroying the abandoned runner must not wait for the call, which is still blocked.
    auto destroyed = std::async(std::launch::async, [&] { runner.reset(); });
    bool returned = destroyed.wait_for(20s) == std::future_status::ready;
    bool finishedBeforeRelease = gate->finished;
    gate->release();  // unblock the call either way, so a failure does not hang the test
    EXPECT_TRUE(returned) << "destroying an abandoned runner blocked on its call";
    EXPECT_FALSE(finishedBeforeRelease);
    destroyed.wait();

    // The call completes on its own afterwards; its thread only touches state it shares.
    EXPECT_TRUE(eventually([&] { return gate->finished.load(); }));
}

TEST(CallRunner, AnInterruptFromAnotherThreadStopsTheWait) {
    auto gate = std::make_shared<Gate>();
    auto runner = std::make_unique<CallRunner>();
    std::thread interrupter([&] {
        if (eventually([&] { return gate->started.load(); })) runner->interrupt();
    });
    auto outcome = runner->run(Gate::blockingCall(gate), far());
    interrupter.join();
    EXPECT_EQ(outcome, CallRunner::Ending::Interrupted);
    EXPECT_TRUE(runner->abandoned());
    EXPECT_FALSE(gate->finished);

    runner.reset();
    gate->release();
    EXPECT_TRUE(eventually([&] { return gate->finished.load(); }));
}

TEST(CallRunner, AnInterruptBeforeTheRunKeepsTheCallFromStarting) {
    // A stop that lands between a worker taking a job and starting its call must not be lost.
    CallRunner runner;
    runner.interrupt();
    bool ran = false;
    EXPECT_EQ(runner.run(
                  [&ran] {
                      ran = true;
                      return std::string("ok");
                  },
                  far()),
              CallRunner::Ending::Interrupted);
    EXPECT_FALSE(ran);
    EXPECT_FALSE(runner.abandoned());  // nothing is left running
}

TEST(CallRunner, AbandonedCallsAreCountedUntilTheyReturn) {
    auto counter = std::make_shared<std::atomic<int>>(0);
    auto gate = std::make_shared<Gate>();
    {
        CallRunner runner(counter);
        EXPECT_EQ(runner.run(Gate::blockingCall(gate), std::chrono::steady_clock::now() + 20ms),
                  CallRunner::Ending::Overran);
        EXPECT_EQ(counter->load(), 1);
    }
    gate->release();
    EXPECT_TRUE(eventually([&] { return counter->load() == 0; }));
}

TEST(CallRunner, AnAbandonedCallsOutputDoesNotLeakIntoAFreshRunner) {
    auto gate = std::make_shared<Gate>();
    {
        CallRunner runner;
        ASSERT_EQ(runner.run(Gate::blockingCall(gate, "stale"), Clock::now() + 20ms),
                  CallRunner::Ending::Overran);
        EXPECT_EQ(runner.output(), "");
    }
    CallRunner fresh;
    EXPECT_EQ(fresh.run([] { return std::string("fresh"); }, far()), CallRunner::Ending::Finished);
    gate->release();
    EXPECT_TRUE(eventually([&] { return gate->finished.load(); }));
    EXPECT_EQ(fresh.output(), "fresh");
}

TEST(CallRunner, ARunnerThatWasNeverUsedIsDestroyedCleanly) {
    auto destroyed = std::async(std::launch::async, [] { CallRunner runner; });
    EXPECT_EQ(destroyed.wait_for(20s), std::future_status::ready);
}
