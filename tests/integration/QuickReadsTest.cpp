#include <gtest/gtest.h>

#include <future>

#include "EngineSupport.hpp"

using namespace lodestone::test;

namespace {

const std::string kAda = R"({"email":"ada@analytical-engines.co.uk","fullName":"Ada Lovelace"})";

}  // namespace

// A status poll is answered by the front's loop thread itself (docs/http.md): it still gets its
// answer when the only worker is taken by a create waiting for the database and the one place
// queued for a worker is taken too.
TEST(QuickReads, AStatusPollIsAnsweredWhileEveryWorkerWaitsForTheDatabase) {
    LODESTONE_SQLITE_ONLY(
        "on PostgreSQL every request counts against its rate limit in the database, shared by "
        "the hosts (docs/postgresql.md), so no request is answered while writes wait");
    EngineSetup setup;
    setup.runJobs = false;
    setup.serverYaml = "threads: 1\nmax_queued: 1";
    setup.storageYaml = "busy_timeout: 30s";
    EngineDaemon engine(setup);
    engine.start();
    const auto [leadId, jobId] = engine.createJob(kAda);
    const std::string generate = "/api/projects/" + engine.projectId() + "/generate";

    std::future<HttpReply> create;
    auto startCreate = [&] {
        create = std::async(std::launch::async, [&] { return engine.post(generate, kAda); });
    };
    {
        // Another process holds the write lock: the create waits for it, on the only worker.
        auto lock = engine.backdoor().holdWriteLock();
        startCreate();
        // A request that needs a worker is answered at once while the worker is free, and
        // refused (503) or left waiting in the queue once the create holds it; either way the
        // worker and the queue are then taken. A create that arrives while a probe holds the
        // queue is refused itself, and sent again.
        ASSERT_TRUE(eventually(
            [&] {
                if (create.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
                    auto refused = create.get();
                    EXPECT_EQ(refused.status, 503) << refused.body;
                    startCreate();
                    return false;
                }
                auto probe = rawExchange(engine.port(), "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n",
                                         std::chrono::milliseconds(300));
                return probe.received.rfind("HTTP/1.1 200", 0) != 0 &&
                       create.wait_for(std::chrono::seconds(0)) != std::future_status::ready;
            },
            std::chrono::seconds(30)));
        auto poll = engine.get("/api/generation/" + jobId + "/status");
        EXPECT_EQ(poll.status, 200) << poll.body;
        EXPECT_NE(poll.body.find(jobId), std::string::npos);
        EXPECT_EQ(engine.get("/api/leads/" + leadId + "/job-status").status, 200);
    }
    // The lock is gone: the waiting create goes through.
    EXPECT_EQ(create.get().status, 200);
}
