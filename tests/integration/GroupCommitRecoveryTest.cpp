#include <Poco/JSON/Parser.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "EngineSupport.hpp"

using namespace lodestone::test;

namespace {

constexpr std::int64_t kCredits = 100000;

// Clients creating jobs as fast as the daemon answers, each remembering the jobs it was
// answered 200 for, until the daemon is gone.
class CreatingClients {
  public:
    CreatingClients(EngineDaemon& engine, int clients, int round) {
        const std::string path = "/api/projects/" + engine.projectId() + "/generate";
        for (int c = 0; c < clients; ++c) {
            threads_.emplace_back([this, &engine, path, c, round] {
                for (int n = 0;; ++n) {
                    const std::string body = R"({"email":"client)" + std::to_string(c) + "." +
                                             std::to_string(n) + ".r" + std::to_string(round) +
                                             R"(@example.com"})";
                    HttpReply reply;
                    try {
                        reply = engine.post(path, body);
                    } catch (const std::exception&) {
                        return;  // the daemon is gone
                    }
                    if (reply.status != 200) {
                        std::lock_guard lock(mutex_);
                        refusals_.push_back(std::to_string(reply.status) + " " + reply.body);
                        continue;
                    }
                    auto answer =
                        Poco::JSON::Parser().parse(reply.body).extract<Poco::JSON::Object::Ptr>();
                    std::lock_guard lock(mutex_);
                    answered_.insert(answer->getValue<std::string>("jobId"));
                }
            });
        }
    }
    ~CreatingClients() { join(); }

    std::size_t answered() {
        std::lock_guard lock(mutex_);
        return answered_.size();
    }
    void join() {
        for (auto& thread : threads_) {
            if (thread.joinable()) thread.join();
        }
    }
    const std::set<std::string>& jobs() const { return answered_; }
    const std::vector<std::string>& refusals() const { return refusals_; }

  private:
    std::mutex mutex_;
    std::set<std::string> answered_;
    std::vector<std::string> refusals_;
    std::vector<std::thread> threads_;
};

}  // namespace

// Creates share transactions (group commit), and each is answered only once its transaction is
// committed: whenever the daemon is killed, every job a client was told about is in the
// database, with its lead and its credit, and no job exists without both.
TEST(GroupCommitRecovery, EveryJobAnsweredWith200SurvivesAKill9AtAnyMoment) {
    EngineSetup setup;
    setup.runJobs = false;
    setup.synchronous = "full";
    EngineDaemon engine(setup);
    engine.start();
    engine.backdoor().execute("UPDATE organisations SET credits = " + std::to_string(kCredits));

    std::set<std::string> answered;
    for (int round = 0; round < 3; ++round) {
        CreatingClients clients(engine, 16, round);
        // A different moment each round: the kill lands while creates are in flight.
        const std::size_t killAfter = 40 + 60 * static_cast<std::size_t>(round);
        ASSERT_TRUE(
            eventually([&] { return clients.answered() >= killAfter; }, std::chrono::seconds(60)));
        engine.daemon().process().signal(SIGKILL);
        auto killed = engine.daemon().process().wait(std::chrono::seconds(10));
        ASSERT_TRUE(killed.has_value());
        clients.join();
        EXPECT_TRUE(clients.refusals().empty()) << clients.refusals().front();
        answered.insert(clients.jobs().begin(), clients.jobs().end());

        for (const auto& jobId : clients.jobs()) {
            ASSERT_EQ(
                engine.backdoor().count("SELECT COUNT(*) FROM jobs WHERE id = '" + jobId + "'"), 1)
                << "job " << jobId << " was answered with 200 but is not in the database";
        }
        const auto jobs = engine.backdoor().count("SELECT COUNT(*) FROM jobs");
        EXPECT_GE(jobs, static_cast<std::int64_t>(answered.size()));
        EXPECT_EQ(engine.backdoor().count("SELECT COUNT(*) FROM leads"), jobs);
        EXPECT_EQ(engine.backdoor().count("SELECT credits FROM organisations"), kCredits - jobs);
        engine.start();
    }
}
