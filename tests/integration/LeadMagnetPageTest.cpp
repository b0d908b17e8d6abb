#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "EngineSupport.hpp"
#include "support/TempDir.hpp"

using namespace lodestone::test;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

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

namespace {

const std::string kPng = std::string("\x89PNG\r\n\x1A\n", 8) + std::string(64, '\x01');

// A page through the bundled plugins, for a project with a calendar and a brand whose logo is
// `logoPath`.
EngineSetup brandedSetup(const std::string& logoPath) {
    EngineSetup setup;
    setup.realPlugins = true;
    setup.projectYaml =
        "settings:\n  calendar_url: https://cal.example.test/sam?embed=1\n"
        "  language: en-GB\n"
        "  brand: { name: Lodestar Advisory, sender_name: Sam Lee, "
        "sender_title: Head of Partnerships, accent_color: \"#0b7a5a\", "
        "logo_path: " +
        logoPath + " }\n";
    return setup;
}

}  // namespace

TEST(LeadMagnetPage, AFinishedPageBooksThroughTheProjectsCalendarAndShowsItsSender) {
    TempDir assets;
    std::ofstream(assets / "logo.png", std::ios::binary) << kPng;
    EngineDaemon engine(brandedSetup((assets / "logo.png").string()));
    engine.start();
    auto [leadId, jobId] = engine.createJob(
        R"({"email":"ada@analytical-engines.co.uk","fullName":"Ada Lovelace",)"
        R"("company":"Analytical Engines","title":"Head of Operations","companySize":"201-500",)"
        R"("customFields":{"painPoint":"Orders wait for approval"}})");
    ASSERT_EQ(engine.waitUntilFinished(jobId)->getValue<std::string>("status"), "completed");
    auto page = httpRequest(engine.port(), "GET", "/m/" + leadId);
    ASSERT_EQ(page.status, 200);
    EXPECT_THAT(
        page.body,
        AllOf(HasSubstr("<html lang=\"en-GB\">"),
              HasSubstr("<a class=\"button\" href=\"/m/" + leadId + "/cta\""),
              HasSubstr("by Sam Lee, Head of Partnerships at Lodestar Advisory"),
              HasSubstr("<img class=\"logo\" src=\"/assets/" + engine.projectId() + "/logo\""),
              HasSubstr("<meta name=\"description\""), HasSubstr("og:title"),
              HasSubstr("<time datetime=\"20"), HasSubstr("\u201COrders wait for approval\u201D")));
    EXPECT_THAT(page.headers["Content-Security-Policy"], HasSubstr("img-src 'self' data:"));

    // The button's link counts the click, then leads to the lead's calendar link: the
    // project's calendar, prefilled, its own parameters kept.
    auto cta = httpRequest(engine.port(), "GET", "/m/" + leadId + "/cta", "",
                           {{"User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0"}});
    EXPECT_EQ(cta.status, 302);
    EXPECT_EQ(cta.headers["Location"], "/b/" + leadId);
    auto booking = httpRequest(engine.port(), "GET", "/b/" + leadId);
    EXPECT_EQ(booking.status, 302);
    EXPECT_EQ(booking.headers["Location"],
              "https://cal.example.test/sam?embed=1&name=Ada%20Lovelace"
              "&email=ada%40analytical-engines.co.uk");
    EXPECT_EQ(booking.headers["Referrer-Policy"], "no-referrer");
    EXPECT_EQ(httpRequest(engine.port(), "GET", "/b/lead_doesnotexist00000000000").status, 404);

    // The logo, from this server only.
    auto logo = httpRequest(engine.port(), "GET", "/assets/" + engine.projectId() + "/logo");
    EXPECT_EQ(logo.status, 200);
    EXPECT_EQ(logo.headers["Content-Type"], "image/png");
    EXPECT_EQ(logo.headers["X-Content-Type-Options"], "nosniff");
    EXPECT_EQ(logo.body, kPng);
    EXPECT_EQ(httpRequest(engine.port(), "HEAD", "/assets/" + engine.projectId() + "/logo").status,
              200);
    EXPECT_EQ(httpRequest(engine.port(), "POST", "/assets/" + engine.projectId() + "/logo").status,
              405);
}

TEST(LeadMagnetPage, AnUnknownProjectOrOneWithoutALogoHasNoLogo) {
    EngineDaemon engine(EngineSetup{});
    engine.start();
    EXPECT_EQ(httpRequest(engine.port(), "GET", "/assets/" + engine.projectId() + "/logo").status,
              404);
    const std::string unknown =
        "/assets/" + std::string(engine.projectId()).replace(0, 5, "zzzzz") + "/logo";
    EXPECT_EQ(httpRequest(engine.port(), "GET", unknown).status, 404);
}

TEST(LeadMagnetPage, ACampaignProspectsPageBooksThroughTheProspectsOwnLink) {
    EngineSetup setup;
    setup.realPlugins = true;
    setup.campaignsYaml = "- name: Outbound\n  calendar_url: https://cal.example.test/intro\n";
    EngineDaemon engine(setup);
    engine.start();
    const std::string prospectId = engine.addLead(
        "Outbound", R"({"companyName":"Analytical Engines","contactName":"Ada Lovelace",)"
                    R"("email":"Ada@Engines.example","title":"VP Engineering"})");
    ASSERT_FALSE(prospectId.empty());
    const std::string bookingUrl =
        engine.prospect("Outbound", prospectId)->getValue<std::string>("bookingUrl");
    const std::string token = bookingUrl.substr(bookingUrl.rfind("/b/") + 3);
    auto [leadId, jobId] = engine.createJob(
        R"({"email":"ada@engines.example","fullName":"Ada Lovelace","company":"Analytical Engines"})");
    ASSERT_EQ(engine.waitUntilFinished(jobId)->getValue<std::string>("status"), "completed");
    const auto page = httpRequest(engine.port(), "GET", "/m/" + leadId);
    EXPECT_THAT(page.body, HasSubstr("href=\"/m/" + leadId + "/cta\""));
    // The call to action leads to the prospect's own link, not the lead's.
    auto cta = httpRequest(engine.port(), "GET", "/m/" + leadId + "/cta");
    EXPECT_EQ(cta.status, 302);
    EXPECT_EQ(cta.headers["Location"], "/b/" + token);
}

TEST(LeadMagnetPage, LeadDataThatLooksLikeMarkupIsShownAsText) {
    EngineSetup setup;
    setup.realPlugins = true;
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(
        R"({"email":"eve@hostile.example","fullName":"<img src=x onerror=alert(1)> Eve",)"
        R"("company":"<script>alert(1)</script> Ltd","title":"Head of Sales",)"
        R"("customFields":{"painPoint":"</p><script>alert(2)</script>","tools":"<b>CRM</b>"}})");
    ASSERT_EQ(engine.waitUntilFinished(jobId)->getValue<std::string>("status"), "completed");
    const auto page = httpRequest(engine.port(), "GET", "/m/" + leadId);
    EXPECT_THAT(page.body, AllOf(Not(HasSubstr("<script>")), Not(HasSubstr("<img src=x")),
                                 Not(HasSubstr("<b>CRM")), HasSubstr("&lt;script&gt;alert(1)"),
                                 HasSubstr("&lt;img src=x onerror=alert(1)&gt; Eve"),
                                 HasSubstr("&lt;/p&gt;&lt;script&gt;alert(2)")));
}
