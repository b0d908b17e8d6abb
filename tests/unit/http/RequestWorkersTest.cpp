#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>

#include "http/RequestWorkers.hpp"

using lodestone::http::RequestWorkers;

TEST(RequestWorkers, AFullQueueIsRefusedAtOnceAndQueuedRequestsStillRun) {
    std::mutex mutex;
    std::condition_variable changed;
    bool started = false;
    bool release = false;
    std::atomic<int> ran{0};
    RequestWorkers workers(1, 2);
    auto blocking = [&] {
        std::unique_lock lock(mutex);
        started = true;
        changed.notify_all();
        changed.wait(lock, [&] { return release; });
        ++ran;
    };
    ASSERT_TRUE(workers.submit(blocking));
    {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return started; });  // the one worker is busy now
    }
    EXPECT_TRUE(workers.submit(blocking));
    EXPECT_TRUE(workers.submit(blocking));
    EXPECT_FALSE(workers.submit(blocking));  // two wait already
    {
        std::lock_guard lock(mutex);
        release = true;
    }
    changed.notify_all();
    workers.stop();
    EXPECT_EQ(ran.load(), 3);
    EXPECT_FALSE(workers.submit([] {}));
}
