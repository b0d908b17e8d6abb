// Several lodestoned on one PostgreSQL database, as operators run them behind a load balancer:
// they share the work without doing any of it twice, one's death costs only its leases, and the
// API's limits are the installation's, not each host's. Always on PostgreSQL, whatever
// LODESTONE_TEST_STORAGE says: SQLite is one host's.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <csignal>
#include <fstream>
#include <map>
#include <thread>

#include "WebhookSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;

constexpr int kJobs = 1000;
constexpr int kDeliveries = 200;
constexpr int kConcurrency = 8;  // of each step, per daemon

// How often each step ran for each job, by one daemon, from its scripted plugins' log.
std::map<std::pair<std::string, std::string>, int> invocationsIn(const EngineDaemon& engine) {
    std::map<std::pair<std::string, std::string>, int> runs;
    std::ifstream log(engine.stateDir() / "invocations.log");
    std::string job, kind;
    while (log >> job >> kind) ++runs[{job, kind}];
    return runs;
}

EngineSetup sharedSetup(const TestDatabase& database, const WebhookReceiver& receiver) {
    EngineSetup setup;
    setup.database = database;
    setup.concurrency = kConcurrency;
    // Leases far longer than a step, so only a death (never a busy machine) takes one back; a
    // dead daemon on this host is known dead at once (its process is gone).
    setup.stepTimeout = "10s";
    setup.campaignsYaml = "- name: Hooks\n  webhook_url: " + receiver.url() + "\n";
    // A receiver answering in 500 ms is never near the timeout, even queued on a busy machine.
    setup.extraYaml =
        "webhooks:\n  allow_private_networks: true\n  timeout: 5s\n"
        "  retry_schedule: [200ms, 400ms, 600ms, 800ms]\n"
        "  concurrency: " +
        std::to_string(kConcurrency) + "\n";
    return setup;
}

// Creates `count` jobs through both daemons in turn, from a few clients at once.
std::vector<std::string> createJobs(EngineDaemon& first, EngineDaemon& second, int count) {
    std::vector<std::string> jobs(static_cast<std::size_t>(count));
    first.projectId();  // looked up once, before the clients share the daemons
    second.projectId();
    std::vector<std::thread> clients;
    std::atomic<int> next{0};
    for (int c = 0; c < 4; ++c) {
        clients.emplace_back([&] {
            for (int i = next++; i < count; i = next++) {
                EngineDaemon& via = i % 2 == 0 ? first : second;
                jobs[static_cast<std::size_t>(i)] =
                    via.createJob(R"({"email":"lead)" + std::to_string(i) + R"(@example.com"})")
                        .second;
            }
        });
    }
    for (auto& client : clients) client.join();
    return jobs;
}

TEST(ScaleOut, TwoDaemonsShareTheWorkAndTheSurvivorOfAKill9FinishesItNoneTwice) {
    WebhookReceiver receiver;
    // Slow enough that deliveries are still going out when the kill comes.
    receiver.answerAfterScript({200, std::chrono::milliseconds(500)});
    const auto database = TestDatabase::forSeveralDaemons();
    auto setup = sharedSetup(database, receiver);
    // Slow enough that steps are still running when the kill comes, after every job is created
    // and a tenth of the deliveries have arrived: 1,000 jobs of two 200 ms steps take the two
    // daemons' 16 workers per step over 12 s, about four times what creating them takes.
    setup.research = "work: 200ms";
    setup.content = "work: 200ms";
    EngineDaemon doomed(setup);
    doomed.start();
    EngineDaemon survivor(setup);
    survivor.start();
    doomed.backdoor().execute("UPDATE organisations SET credits = 1000000");

    const auto jobs = createJobs(doomed, survivor, kJobs);
    const auto campaign = doomed.factory().campaignNamed("Engine", "Hooks");
    std::set<std::string> deliveries;
    for (int i = 0; i < kDeliveries; ++i) deliveries.insert(doomed.factory().delivery(campaign).id);
    ASSERT_EQ(std::count(jobs.begin(), jobs.end(), ""), 0);

    // Killed while both are at work: some of its steps and deliveries are in flight.
    ASSERT_TRUE(eventually([&] { return receiver.requests().size() >= kDeliveries / 10; },
                           std::chrono::seconds(120)));
    ASSERT_LT(receiver.requests().size(), static_cast<std::size_t>(kDeliveries));
    ASSERT_LT(doomed.backdoor().count("SELECT COUNT(*) FROM jobs WHERE status = 'completed'"),
              kJobs);
    doomed.daemon().process().signal(SIGKILL);
    ASSERT_TRUE(doomed.daemon().process().wait(std::chrono::seconds(10)).has_value());

    ASSERT_TRUE(eventually(
        [&] {
            return survivor.backdoor().count(
                       "SELECT COUNT(*) FROM jobs WHERE status = 'completed'") == kJobs &&
                   survivor.backdoor().count(
                       "SELECT COUNT(*) FROM webhook_outbox WHERE status = 'delivered'") ==
                       kDeliveries;
        },
        std::chrono::seconds(180)))
        << survivor.backdoor().count("SELECT COUNT(*) FROM jobs WHERE status = 'completed'")
        << " jobs completed";

    // Each step of each job ran once, but for those the killed daemon had in flight, which the
    // survivor ran again once their leases ran out: never more than its workers held.
    const auto byDoomed = invocationsIn(doomed);
    const auto bySurvivor = invocationsIn(survivor);
    int rerun = 0;
    for (const auto& job : jobs) {
        for (const std::string kind : {"research", "content"}) {
            const int here = byDoomed.count({job, kind}) ? byDoomed.at({job, kind}) : 0;
            const int there = bySurvivor.count({job, kind}) ? bySurvivor.at({job, kind}) : 0;
            ASSERT_LE(here, 1) << job << " " << kind << " ran twice on one daemon";
            ASSERT_LE(there, 1) << job << " " << kind << " ran twice on one daemon";
            ASSERT_GE(here + there, 1) << job << " " << kind << " never ran";
            rerun += here + there - 1;
        }
    }
    EXPECT_LE(rerun, 2 * kConcurrency);
    EXPECT_GT(byDoomed.size(), 0u) << "the killed daemon did none of the work";
    EXPECT_GT(bySurvivor.size(), 0u);

    // Every delivery reached the receiver; again, only those in flight at the kill twice.
    std::map<std::string, int> received;
    for (const auto& request : receiver.requests()) {
        if (request.headers.count("webhook-id")) ++received[request.headers.at("webhook-id")];
    }
    int redelivered = 0;
    for (const auto& id : deliveries) {
        ASSERT_TRUE(received.count(id)) << id << " never arrived";
        redelivered += received[id] - 1;
    }
    EXPECT_LE(redelivered, kConcurrency);
}

TEST(ScaleOut, TheRateLimitIsTheInstallationsNotEachDaemons) {
    WebhookReceiver receiver;
    const auto database = TestDatabase::forSeveralDaemons();
    EngineSetup setup = sharedSetup(database, receiver);
    setup.runJobs = false;
    setup.limitsYaml = "{ generate_per_minute: 100, status_per_minute: 100000 }";
    EngineDaemon first(setup);
    first.start();
    EngineDaemon second(setup);
    second.start();
    first.backdoor().execute("UPDATE organisations SET credits = 1000000");

    first.projectId();  // looked up once, before the clients share the daemons
    second.projectId();
    std::atomic<int> created{0};
    std::atomic<int> limited{0};
    std::vector<std::thread> clients;
    for (int c = 0; c < 4; ++c) {
        clients.emplace_back([&, c] {
            EngineDaemon& via = c % 2 == 0 ? first : second;
            for (int i = 0; i < 40; ++i) {
                auto reply = via.post("/api/projects/" + via.projectId() + "/generate",
                                      R"({"email":"ada@example.com"})");
                if (reply.status == 200) ++created;
                if (reply.status == 429) ++limited;
            }
        });
    }
    for (auto& client : clients) client.join();
    EXPECT_EQ(created.load(), 100) << "100 a minute in all, whichever daemon answers";
    EXPECT_EQ(limited.load(), 60);
    EXPECT_EQ(first.backdoor().count("SELECT COUNT(*) FROM jobs"), 100);
    auto refused = second.post("/api/projects/" + second.projectId() + "/generate",
                               R"({"email":"ada@example.com"})");
    EXPECT_EQ(refused.status, 429);
    EXPECT_EQ(refused.headers["X-RateLimit-Remaining"], "0");
}

TEST(ScaleOut, AKeyRevokedThroughOneDaemonStopsWorkingOnTheOther) {
    WebhookReceiver receiver;
    const auto database = TestDatabase::forSeveralDaemons();
    EngineSetup setup = sharedSetup(database, receiver);
    setup.runJobs = false;
    EngineDaemon first(setup);
    first.start();
    EngineDaemon second(setup);
    second.start();
    const std::string status = "/api/leads/lead_x/job-status";
    ASSERT_EQ(second.get(status).status, 404);  // known key, unknown lead: the key works

    auto revoked = runToCompletion(
        LODESTONECTL_PATH, {"--config", first.configPath().string(), "key", "revoke",
                            first.backdoor().text("SELECT id FROM api_keys WHERE name = 'tests'")});
    ASSERT_EQ(revoked.status.code, 0) << revoked.errors;
    // How soon (the cache's 500 ms) is tested on a turned clock (ApiKeyCacheDefaults); here, that
    // a revocation through one daemon reaches the other at all. No timing is asserted.
    EXPECT_TRUE(
        eventually([&] { return second.get(status).status == 401; }, std::chrono::seconds(30)));
}

}  // namespace
}  // namespace lodestone::test
