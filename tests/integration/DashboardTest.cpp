// The dashboard over HTTP (docs/dashboard.md): who may see what, sessions, CSRF tokens, and
// that the pages escape what clients sent. The job engine is off: what a test writes stays.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>

#include "DashboardSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class Dashboard : public ::testing::Test {
  protected:
    void SetUp() override {
        admin_ = makeOperator(api_, "Acme", "ada@acme.example", "admin");
        member_ = makeOperator(api_, "Acme", "grace@acme.example", "member");
    }

    // A browser signed in as `op`.
    DashboardBrowser signedIn(const Operator& op) { return test::signedIn(api_, op); }

    // A webhook delivery of the campaign that failed for good.
    std::string failedDelivery(const domain::Campaign& campaign) {
        return test::failedDelivery(api_, campaign, {}, 500, "HTTP 500: <b>down</b>");
    }

    ApiDaemon api_;
    Operator admin_;
    Operator member_;
};

TEST_F(Dashboard, EveryPageSendsAnAnonymousRequestToSignIn) {
    const auto campaign = api_.campaignId("Outbound");
    DashboardBrowser anonymous(api_);
    for (const auto& path : std::vector<std::string>{
             "/dashboard", "/dashboard/", "/dashboard/campaigns",
             "/dashboard/campaigns/" + campaign,
             "/dashboard/campaigns/" + campaign + "/prospects/prospect_x", "/dashboard/keys",
             "/dashboard/audit", "/dashboard/no-such-page"}) {
        auto reply = anonymous.get(path);
        EXPECT_EQ(reply.status, 303) << path;
        EXPECT_EQ(reply.headers["Location"], "/dashboard/login") << path;
    }
    auto post = anonymous.post("/dashboard/keys", {{"name", "sneaky"}});
    EXPECT_EQ(post.status, 303);
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM api_keys WHERE name = 'sneaky'"), 0);
    // The sign-in page and the style sheet need no session.
    EXPECT_EQ(anonymous.get("/dashboard/login").status, 200);
    EXPECT_EQ(anonymous.get("/dashboard/assets/dashboard.css").status, 200);
}

TEST_F(Dashboard, PagesCarryHeadersThatAllowNoScriptAndNoFraming) {
    auto browser = signedIn(admin_);
    auto reply = browser.get("/dashboard/");
    ASSERT_EQ(reply.status, 200);
    const auto& policy = reply.headers["Content-Security-Policy"];
    EXPECT_THAT(policy, HasSubstr("default-src 'none'"));
    EXPECT_THAT(policy, HasSubstr("frame-ancestors 'none'"));
    EXPECT_THAT(policy, Not(HasSubstr("unsafe-inline")));
    EXPECT_EQ(reply.headers["X-Frame-Options"], "DENY");
    EXPECT_EQ(reply.headers["Cache-Control"], "no-store");
    EXPECT_THAT(reply.body, Not(HasSubstr("<script")));
}

TEST_F(Dashboard, SignInGivesAStrictHttpOnlyCookieAndSignOutEndsTheSessionOnTheServer) {
    DashboardBrowser browser(api_);
    auto reply = browser.signIn(admin_.email, admin_.password);
    ASSERT_EQ(reply.status, 303);
    std::string sessionCookie;
    for (const auto& line : reply.setCookies) {
        if (line.starts_with("lodestone_session=")) sessionCookie = line;
    }
    EXPECT_THAT(sessionCookie, HasSubstr("HttpOnly"));
    EXPECT_THAT(sessionCookie, HasSubstr("SameSite=Strict"));
    EXPECT_THAT(sessionCookie, HasSubstr("Path=/dashboard"));
    const std::string token = browser.cookie("lodestone_session");
    ASSERT_FALSE(token.empty());
    EXPECT_EQ(browser.get("/dashboard/").status, 200);

    EXPECT_EQ(browser.submit("/dashboard/logout").status, 303);
    EXPECT_TRUE(browser.cookie("lodestone_session").empty());
    // The old token is dead on the server too, not only forgotten by the browser.
    DashboardBrowser replay(api_);
    replay.setCookie("lodestone_session", token);
    EXPECT_EQ(replay.get("/dashboard/").status, 303);
}

TEST_F(Dashboard, ATokenPlantedBeforeSignInIsNeverTheSession) {
    DashboardBrowser browser(api_);
    const std::string planted = std::string(43, 'a');
    browser.setCookie("lodestone_session", planted);
    ASSERT_EQ(browser.signIn(admin_.email, admin_.password).status, 303);
    EXPECT_NE(browser.cookie("lodestone_session"), planted);
    DashboardBrowser attacker(api_);
    attacker.setCookie("lodestone_session", planted);
    EXPECT_EQ(attacker.get("/dashboard/").status, 303);
}

TEST_F(Dashboard, AFormWithoutItsCsrfTokenIsRefusedAndChangesNothing) {
    auto browser = signedIn(admin_);
    auto missing = browser.post("/dashboard/keys", {{"name", "forged"}});
    EXPECT_EQ(missing.status, 403);
    auto wrong = browser.post("/dashboard/keys", {{"name", "forged"}, {"csrf", "guess"}});
    EXPECT_EQ(wrong.status, 403);
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM api_keys WHERE name = 'forged'"), 0);
    // Signing in needs the form's own token, paired with its cookie.
    DashboardBrowser other(api_);
    auto login = other.post(
        "/dashboard/login",
        {{"email", admin_.email}, {"password", admin_.password}, {"login_token", "guess"}});
    EXPECT_EQ(login.status, 403);
    EXPECT_TRUE(other.cookie("lodestone_session").empty());
}

TEST_F(Dashboard, AnotherOrganisationsObjectsAreNotFound) {
    auto browser = signedIn(admin_);
    auto rival = api_.factory().campaignNamed("Globex", "Rival");
    auto prospect = api_.factory().prospect(rival);
    const auto delivery = failedDelivery(rival);
    EXPECT_EQ(browser.get("/dashboard/campaigns/" + rival.id).status, 404);
    EXPECT_EQ(browser.get("/dashboard/campaigns/" + rival.id + "/prospects/" + prospect.id).status,
              404);
    // Nor through a campaign of one's own.
    EXPECT_EQ(browser
                  .get("/dashboard/campaigns/" + api_.campaignId("Outbound") + "/prospects/" +
                       prospect.id)
                  .status,
              404);
    browser.get("/dashboard/");
    EXPECT_EQ(
        browser
            .submit("/dashboard/campaigns/" + rival.id + "/deliveries/" + delivery + "/redeliver")
            .status,
        404);
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM webhook_outbox WHERE id = '" + delivery +
                                    "' AND status = 'failed'"),
              1);
    const auto globexKey = api_.backdoor().count("SELECT COUNT(*) FROM api_keys");
    browser.get("/dashboard/keys");
    auto keyId = api_.ctl({"key", "list", "--org", api_.factory().organisationNamed("Globex").id})
                     ->getArray("items")
                     ->getObject(0)
                     ->getValue<std::string>("id");
    EXPECT_EQ(browser.submit("/dashboard/keys/" + keyId + "/revoke").status, 404);
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM api_keys WHERE revoked_at IS NULL"),
              globexKey);
    // Campaign lists show one's own only.
    auto list = browser.get("/dashboard/campaigns");
    EXPECT_THAT(list.body, HasSubstr("Outbound"));
    EXPECT_THAT(list.body, Not(HasSubstr("Rival")));
}

TEST_F(Dashboard, AMemberCannotReachTheKeyPages) {
    auto browser = signedIn(member_);
    EXPECT_THAT(browser.lastPage(), Not(HasSubstr("/dashboard/keys")));
    EXPECT_EQ(browser.get("/dashboard/keys").status, 403);
    browser.get("/dashboard/");
    EXPECT_EQ(browser.submit("/dashboard/keys", {{"name", "member-made"}}).status, 403);
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM api_keys WHERE name = 'member-made'"), 0);
    // A member still sees the pipeline.
    EXPECT_EQ(browser.get("/dashboard/campaigns").status, 200);
}

TEST_F(Dashboard, AKeyIsShownOnceWorksAtOnceAndItsRevocationToo) {
    auto browser = signedIn(admin_);
    browser.get("/dashboard/keys");
    auto posted = browser.submit("/dashboard/keys", {{"name", "CRM sync"}});
    ASSERT_EQ(posted.status, 303) << posted.body;
    ASSERT_EQ(posted.headers["Location"], "/dashboard/keys/new");
    auto created = browser.get("/dashboard/keys/new");
    ASSERT_EQ(created.status, 200) << created.body;
    std::smatch match;
    ASSERT_TRUE(std::regex_search(created.body, match, std::regex("lsk_[a-z0-9]{40}")));
    const std::string key = match[0].str();
    EXPECT_EQ(api_.get("/api/campaigns", key).status, 200);

    // Shown once: a reload of that page goes back to the list, and creates nothing.
    auto reload = browser.get("/dashboard/keys/new");
    EXPECT_EQ(reload.status, 303);
    EXPECT_THAT(reload.body, Not(HasSubstr(key)));
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM api_keys WHERE name = 'CRM sync'"), 1);
    auto listed = browser.get("/dashboard/keys");
    EXPECT_THAT(listed.body, HasSubstr("CRM sync"));
    EXPECT_THAT(listed.body, Not(HasSubstr(key))) << "shown once only";
    auto audit = browser.get("/dashboard/audit");
    EXPECT_THAT(audit.body, HasSubstr("api_key.create"));
    EXPECT_THAT(audit.body, HasSubstr(admin_.email));

    const auto keyId = api_.backdoor().text("SELECT id FROM api_keys WHERE name = 'CRM sync'");
    browser.get("/dashboard/keys");
    EXPECT_EQ(browser.submit("/dashboard/keys/" + keyId + "/revoke").status, 303);
    // The API's key cache forgets the key within its TTL (half a second): asked until it has.
    EXPECT_TRUE(eventually([&] { return api_.get("/api/campaigns", key).status == 401; },
                           std::chrono::seconds(10)))
        << "the revoked key still works";
    EXPECT_THAT(browser.get("/dashboard/audit").body, HasSubstr("api_key.revoke"));
}

TEST_F(Dashboard, RedeliverQueuesAFailedDeliveryAgainAndRecordsWhoDidIt) {
    auto campaign = api_.factory().campaignNamed("Acme", "Outbound");
    const auto delivery = failedDelivery(campaign);
    auto browser = signedIn(admin_);
    auto page = browser.get("/dashboard/campaigns/" + campaign.id);
    ASSERT_EQ(page.status, 200);
    EXPECT_THAT(page.body, HasSubstr(delivery));
    EXPECT_THAT(page.body, HasSubstr("HTTP 500: &lt;b&gt;down&lt;/b&gt;"));
    auto reply = browser.submit("/dashboard/campaigns/" + campaign.id + "/deliveries/" + delivery +
                                "/redeliver");
    ASSERT_EQ(reply.status, 303) << reply.body;
    EXPECT_EQ(
        api_.backdoor().text("SELECT status FROM webhook_outbox WHERE id = '" + delivery + "'"),
        "pending");
    EXPECT_THAT(browser.get(reply.headers["Location"]).body, HasSubstr("Redelivery queued"));
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM audit_log WHERE action = "
                                    "'webhook.redeliver' AND actor = 'ada@acme.example'"),
              1);
}

TEST_F(Dashboard, WhatClientsSentIsEscapedOnEveryPage) {
    auto campaign = api_.factory().campaignNamed("Acme", "Outbound");
    ProspectSpec spec;
    spec.contactName = "<script>alert(1)</script>";
    spec.companyName = "\"><img src=x onerror=alert(2)>";
    spec.title = "' onmouseover='alert(3)";
    auto prospect = api_.factory().prospect(campaign, spec);
    auto browser = signedIn(admin_);
    for (const auto& path : std::vector<std::string>{
             "/dashboard/campaigns/" + campaign.id,
             "/dashboard/campaigns/" + campaign.id + "/prospects/" + prospect.id,
             "/dashboard/campaigns/" + campaign.id + "?q=%3Cscript%3E"}) {
        auto reply = browser.get(path);
        ASSERT_EQ(reply.status, 200) << path;
        EXPECT_THAT(reply.body, Not(HasSubstr("<script>"))) << path;
        EXPECT_THAT(reply.body, Not(HasSubstr("<img src=x"))) << path;
        EXPECT_THAT(reply.body, Not(HasSubstr("' onmouseover='"))) << path;
    }
    EXPECT_THAT(browser.get("/dashboard/campaigns/" + campaign.id).body,
                HasSubstr("&lt;script&gt;alert(1)&lt;/script&gt;"));
}

TEST_F(Dashboard, SearchFindsAProspectAndItsPageShowsTheBreakdown) {
    auto campaign = api_.factory().campaignNamed("Acme", "Outbound");
    ProspectSpec spec;
    spec.status = domain::ProspectStatus::Qualified;
    spec.score = 75;
    spec.scoreJson =
        R"({"score":75,"threshold":60,"qualified":true,"breakdown":[{"criterion":"industry","weight":3,"outcome":"match","credit":1,"reason":"Software is one of the target industries","evidence":"research","source":"https://engines.example/about"}]})";
    auto ada = api_.factory().prospect(campaign, spec);
    ProspectSpec other;
    other.email = "alan@bletchley.example";
    other.contactName = "Alan Turing";
    api_.factory().prospect(campaign, other);
    auto browser = signedIn(admin_);
    auto found = browser.get("/dashboard/campaigns/" + campaign.id + "?q=lovelace");
    EXPECT_THAT(found.body, HasSubstr(ada.id));
    EXPECT_THAT(found.body, Not(HasSubstr("Alan Turing")));
    auto page = browser.get("/dashboard/campaigns/" + campaign.id + "/prospects/" + ada.id);
    ASSERT_EQ(page.status, 200);
    EXPECT_THAT(page.body, HasSubstr("Software is one of the target industries"));
    EXPECT_THAT(page.body, HasSubstr("https://engines.example/about"));
    EXPECT_THAT(page.body, HasSubstr("75 of 100, threshold 60: qualified"));
}

TEST_F(Dashboard, SignInIsRefusedAfterRepeatedFailuresEvenWithTheRightPassword) {
    DashboardBrowser browser(api_);
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(browser.signIn(admin_.email, "wrong password " + std::to_string(i)).status, 401);
    }
    auto refused = browser.signIn(admin_.email, admin_.password);
    EXPECT_EQ(refused.status, 429);
    EXPECT_THAT(refused.body, HasSubstr("Too many failed sign-ins"));
    // Another account from the same address still may.
    EXPECT_EQ(browser.signIn(member_.email, member_.password).status, 303);
}

TEST_F(Dashboard, ASetPasswordLinkWorksOnceAndRefusesAShortPassword) {
    const auto orgId = api_.factory().organisationNamed("Acme").id;
    auto made = api_.ctl({"user", "create", "--org", orgId, "--email", "new@acme.example"});
    const std::string link = made->getValue<std::string>("setPasswordLink");
    const std::string path = link.substr(link.find("/dashboard/"));
    DashboardBrowser browser(api_);
    EXPECT_EQ(browser.post(path, {{"password", "short"}, {"confirm", "short"}}).status, 400);
    EXPECT_EQ(browser.post(path, {{"password", "long enough now!"}, {"confirm", "different one!!"}})
                  .status,
              400);
    EXPECT_EQ(
        browser.post(path, {{"password", "long enough now!"}, {"confirm", "long enough now!"}})
            .status,
        303);
    EXPECT_EQ(browser.get(path).status, 404) << "used up";
    EXPECT_EQ(browser.signIn("new@acme.example", "long enough now!").status, 303);
    // A disabled operator's sessions end at once.
    api_.ctl({"user", "disable", made->getValue<std::string>("id")});
    EXPECT_EQ(browser.get("/dashboard/").status, 303);
}

TEST_F(Dashboard, TokensAreTakenFromTheFormOnlyAndAWrongMethodSaysWhichAreAllowed) {
    auto browser = signedIn(admin_);
    const std::string csrf = inputValue(browser.lastPage(), "csrf");
    auto inQuery = browser.post("/dashboard/keys?csrf=" + csrf, {{"name", "from-query"}});
    EXPECT_EQ(inQuery.status, 403);
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM api_keys WHERE name = 'from-query'"), 0);
    auto wrongMethod = browser.get("/dashboard/logout");
    EXPECT_EQ(wrongMethod.status, 405);
    EXPECT_EQ(wrongMethod.headers["Allow"], "POST");
}

TEST_F(Dashboard, SigningInAgainInABrowserEndsTheSessionItHadBefore) {
    DashboardBrowser browser(api_);
    ASSERT_EQ(browser.signIn(admin_.email, admin_.password).status, 303);
    const std::string first = browser.cookie("lodestone_session");
    ASSERT_EQ(browser.signIn(member_.email, member_.password).status, 303);
    DashboardBrowser replay(api_);
    replay.setCookie("lodestone_session", first);
    EXPECT_EQ(replay.get("/dashboard/").status, 303);
}

TEST_F(Dashboard, ADisabledOperatorsSetPasswordLinkIsDeadToo) {
    const auto orgId = api_.factory().organisationNamed("Acme").id;
    auto made = api_.ctl({"user", "create", "--org", orgId, "--email", "gone@acme.example"});
    api_.ctl({"user", "disable", made->getValue<std::string>("id")});
    const std::string link = made->getValue<std::string>("setPasswordLink");
    const std::string path = link.substr(link.find("/dashboard/"));
    DashboardBrowser browser(api_);
    EXPECT_EQ(browser.get(path).status, 404);
    EXPECT_EQ(
        browser.post(path, {{"password", "long enough now!"}, {"confirm", "long enough now!"}})
            .status,
        404);
}

TEST_F(Dashboard, AnEditedSchemaIsWhatGenerateAcceptsAndABrokenOneIsRefused) {
    const auto project = api_.projectId("Default");
    auto browser = signedIn(member_);
    ASSERT_EQ(browser.get("/dashboard/projects/" + project).status, 200);
    auto broken =
        browser.submit("/dashboard/projects/" + project + "/schema", {{"rows", "2"},
                                                                      {"f0_name", "company"},
                                                                      {"f0_type", "string"},
                                                                      {"f1_name", "company"},
                                                                      {"f1_type", "url"}});
    EXPECT_EQ(broken.status, 400);
    EXPECT_THAT(broken.body, HasSubstr("company"));
    auto saved =
        browser.submit("/dashboard/projects/" + project + "/schema", {{"rows", "2"},
                                                                      {"f0_name", "email"},
                                                                      {"f0_type", "email"},
                                                                      {"f0_required", "1"},
                                                                      {"f1_name", "company"},
                                                                      {"f1_type", "string"},
                                                                      {"f1_required", "1"},
                                                                      {"f1_label", "Company"}});
    ASSERT_EQ(saved.status, 303) << saved.body;
    // The API reads projects through a half-second cache.
    ASSERT_TRUE(eventually(
        [&] {
            auto reply = api_.post("/api/projects/" + project + "/generate",
                                   R"({"email":"ada@example.com"})");
            return reply.status == 400 && reply.text.find("company") != std::string::npos;
        },
        std::chrono::seconds(10)));
    EXPECT_EQ(
        api_.backdoor().count("SELECT COUNT(*) FROM audit_log WHERE action = 'project.schema' "
                              "AND actor = 'grace@acme.example'"),
        1);
    // Another organisation's project is as unknown.
    EXPECT_EQ(browser.get("/dashboard/projects/" + api_.projectId("Other")).status, 404);
}

TEST_F(Dashboard, AFailedJobIsRetriedFromItsProjectsPage) {
    auto project = api_.factory().projectNamed("Acme", "Default");
    auto lead = api_.factory().lead(project);
    JobState state;
    state.completed = {domain::StepName::Research};
    state.failed = domain::StepName::Content;
    state.retries = 3;
    auto job = api_.factory().job(lead, state);
    auto browser = signedIn(admin_);
    auto page = browser.get("/dashboard/projects/" + project.id + "?status=failed");
    ASSERT_EQ(page.status, 200);
    EXPECT_THAT(page.body, HasSubstr(job.id));
    auto retried =
        browser.submit("/dashboard/projects/" + project.id + "/jobs/" + job.id + "/retry");
    ASSERT_EQ(retried.status, 303) << retried.body;
    EXPECT_EQ(api_.backdoor().text("SELECT status FROM jobs WHERE id = '" + job.id + "'"),
              "queued");
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM audit_log WHERE action = 'job.retry'"),
              1);
    // A job that is not failed is not retried again.
    browser.get("/dashboard/projects/" + project.id);
    EXPECT_EQ(
        browser.submit("/dashboard/projects/" + project.id + "/jobs/" + job.id + "/retry").status,
        409);
}

TEST_F(Dashboard, ATestEventGoesToTheWebhookURLThroughTheOutbox) {
    auto campaign = api_.factory().campaignNamed("Acme", "Outbound");
    api_.factory().setWebhookUrl(campaign.id, "https://hooks.acme.example/lodestone");
    auto browser = signedIn(member_);
    browser.get("/dashboard/campaigns/" + campaign.id);
    auto sent = browser.submit("/dashboard/campaigns/" + campaign.id + "/test-event");
    ASSERT_EQ(sent.status, 303) << sent.body;
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM webhook_outbox WHERE campaign_id = '" +
                                    campaign.id + "' AND event = 'test' AND status = 'pending'"),
              1);
    EXPECT_THAT(browser.get(sent.headers["Location"]).body, HasSubstr("A test event is queued"));
    EXPECT_EQ(
        api_.backdoor().count("SELECT COUNT(*) FROM audit_log WHERE action = 'webhook.test_event'"),
        1);
    // A campaign without a URL has nowhere to send one.
    auto quiet = api_.factory().campaignNamed("Acme", "Quiet");
    EXPECT_EQ(browser.submit("/dashboard/campaigns/" + quiet.id + "/test-event").status, 409);
}

TEST_F(Dashboard, ARotatedSecretIsShownOnceAndOnlyToAnAdmin) {
    auto campaign = api_.factory().campaignNamed("Acme", "Outbound");
    auto member = signedIn(member_);
    EXPECT_THAT(member.get("/dashboard/campaigns/" + campaign.id).body,
                Not(HasSubstr("rotate-secret")));
    EXPECT_EQ(member.submit("/dashboard/campaigns/" + campaign.id + "/rotate-secret").status, 403);
    const auto before = api_.backdoor().text("SELECT webhook_secret FROM campaigns WHERE id = '" +
                                             campaign.id + "'");

    auto admin = signedIn(admin_);
    admin.get("/dashboard/campaigns/" + campaign.id);
    auto rotated = admin.submit("/dashboard/campaigns/" + campaign.id + "/rotate-secret");
    ASSERT_EQ(rotated.status, 303) << rotated.body;
    const auto after = api_.backdoor().text("SELECT webhook_secret FROM campaigns WHERE id = '" +
                                            campaign.id + "'");
    EXPECT_NE(after, before);
    auto shown = admin.get(rotated.headers["Location"]);
    ASSERT_EQ(shown.status, 200);
    EXPECT_THAT(shown.body, HasSubstr(after));
    EXPECT_THAT(shown.body, Not(HasSubstr(before)));
    auto again = admin.get(rotated.headers["Location"]);
    EXPECT_EQ(again.status, 303) << "shown once";
    EXPECT_THAT(again.body, Not(HasSubstr(after)));
    EXPECT_EQ(api_.backdoor().count(
                  "SELECT COUNT(*) FROM audit_log WHERE action = 'webhook.rotate_secret'"),
              1);
}

}  // namespace
}  // namespace lodestone::test
