// One rescuer for every kind of work: a lodestoned killed while it holds both a job's step and a
// webhook delivery attempt leaves both leased; the next one takes both back at once.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <csignal>

#include "WebhookSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

const std::string kAda =
    R"({"email":"ada@engines.example","fullName":"Ada Lovelace","company":"Analytical Engines"})";

// "host:pid:random" of a claim's lease owner.
std::string processOwnerOf(const std::string& leaseOwner) {
    return leaseOwner.substr(0, leaseOwner.rfind(':'));
}

TEST(OneRescuer, TakesBackAJobStepAndAWebhookAttemptLeftByKill9) {
    WebhookReceiver receiver;
    receiver.script({{200, std::chrono::milliseconds(5000)}});  // still answering at the kill
    WebhookScenario scenario(
        receiver, "allow_private_networks: true\nretry_schedule: [200ms]\ntimeout: 30s\n");
    auto setup = scenario.setup();
    setup.realPlugins = false;  // the scripted ones: a content step that takes its time
    setup.content = "work: 60s";
    setup.stepTimeout = "90s";
    auto& engine = scenario.engine();
    engine.start(setup);

    auto [leadId, jobId] = engine.createJob(kAda);
    ASSERT_TRUE(eventually([&] { return engine.invocations(jobId, "content") == 1; },
                           std::chrono::seconds(30)));
    auto booking = scenario.book();
    ASSERT_TRUE(receiver.waitForRequests(1));

    // Both kinds are leased, by claims of the same process.
    const std::string jobLease =
        engine.backdoor().text("SELECT lease_owner FROM jobs WHERE id = '" + jobId + "'");
    const std::string deliveryLease = engine.backdoor().text(
        "SELECT lease_owner FROM webhook_outbox WHERE id = '" + booking.webhookId + "'");
    ASSERT_FALSE(jobLease.empty());
    ASSERT_FALSE(deliveryLease.empty());
    const std::string killed = processOwnerOf(jobLease);
    ASSERT_EQ(processOwnerOf(deliveryLease), killed);
    engine.daemon().stop(SIGKILL);

    setup.content = "work: 0s";
    engine.start(setup);
    auto job = engine.waitUntilFinished(jobId);
    EXPECT_EQ(job->getValue<std::string>("status"), "completed");
    EXPECT_EQ(job->getValue<int>("retryCount"), 1);  // the interrupted content step counted
    EXPECT_EQ(engine.invocations(jobId, "content"), 2);
    auto delivery = scenario.waitForStatus(booking.webhookId, "delivered");
    ASSERT_TRUE(delivery);
    EXPECT_EQ(delivery->getValue<int>("attemptCount"), 2);
    EXPECT_THAT(attempt(delivery, 0)->getValue<std::string>("error"), StartsWith("interrupted"));

    // Both were taken back by the one rescuer of the new process, naming what it took back.
    const std::string log = engine.daemon().process().errors();
    const std::string host = killed.substr(0, killed.rfind(':'));
    EXPECT_THAT(log, HasSubstr("logger=lodestone.work msg=\"job " + jobId +
                               ": lodestoned stopped while the content_generation step was "
                               "running (process " +
                               host + " is gone)"));
    EXPECT_THAT(log, HasSubstr("logger=lodestone.work msg=\"delivery " + booking.webhookId +
                               ", attempt 1: interrupted"));
}

}  // namespace
}  // namespace lodestone::test
