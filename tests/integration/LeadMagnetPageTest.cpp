#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "EngineSupport.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;

namespace {
const std::string kAda =
    R"({"email":"ada@analytical-engines.co.uk","fullName":"Ada Lovelace","company":"Analytical Engines"})";
}  // namespace

TEST(LeadMagnetPage, WhileTheJobRunsThePageRefreshesItself) {
    EngineSetup setup;
    setup.research = "work: 30s";
    setup.shutdownGrace = "100ms";
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    auto page = httpRequest(engine.port(), "GET", "/m/" + leadId);
    EXPECT_EQ(page.status, 200);
    EXPECT_THAT(page.body, HasSubstr("being prepared"));
    EXPECT_THAT(page.body, HasSubstr("http-equiv=\"refresh\""));
    EXPECT_EQ(page.headers["Cache-Control"], "no-store");
    EXPECT_THAT(page.headers["Content-Security-Policy"], HasSubstr("frame-ancestors 'none'"));
    auto head = httpRequest(engine.port(), "HEAD", "/m/" + leadId);
    EXPECT_EQ(head.status, 200);
    EXPECT_TRUE(head.body.empty());
}

TEST(LeadMagnetPage, UnknownLeadsAre404AndOtherMethods405) {
    EngineDaemon engine(EngineSetup{});
    engine.start();
    auto page = httpRequest(engine.port(), "GET", "/m/lead_doesnotexist00000000000");
    EXPECT_EQ(page.status, 404);
    EXPECT_EQ(page.headers["Content-Type"], "text/html; charset=utf-8");
    EXPECT_THAT(page.body, HasSubstr("does not exist"));
    EXPECT_EQ(httpRequest(engine.port(), "POST", "/m/lead_x", "{}").status, 405);
}

TEST(LeadMagnetPage, AProjectsOwnHostServesItsLeadsAtTheRoot) {
    EngineSetup setup;
    setup.projectYaml = "lead_magnet_host: http://guides.example.test";
    EngineDaemon engine(setup);
    engine.start();
    auto reply = engine.post("/api/projects/" + engine.projectId() + "/generate", kAda);
    ASSERT_EQ(reply.status, 200);
    auto [leadId, jobId] = engine.createJob(kAda);
    engine.waitUntilFinished(jobId);
    auto onItsHost =
        httpRequest(engine.port(), "GET", "/" + leadId, "", {{"Host", "guides.example.test"}});
    EXPECT_EQ(onItsHost.status, 200);
    EXPECT_THAT(onItsHost.body, HasSubstr("Analytical Engines"));
    auto elsewhere =
        httpRequest(engine.port(), "GET", "/" + leadId, "", {{"Host", "other.example.test"}});
    EXPECT_EQ(elsewhere.status, 404);
    // On the service's own host the root is not a page; /m/ always is.
    EXPECT_EQ(httpRequest(engine.port(), "GET", "/" + leadId).status, 404);
    EXPECT_EQ(httpRequest(engine.port(), "GET", "/m/" + leadId).status, 200);
}
