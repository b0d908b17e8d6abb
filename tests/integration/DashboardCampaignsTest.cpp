// Campaigns and projects made and changed from the dashboard (docs/dashboard.md): through the
// same Administration as lodestonectl, checked the same way, recorded in the audit log.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>

#include "DashboardSupport.hpp"
#include "RawClient.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class DashboardCampaigns : public ::testing::Test {
  protected:
    void SetUp() override {
        admin_ = makeOperator(api_, "Acme", "ada@acme.example", "admin");
        member_ = makeOperator(api_, "Acme", "grace@acme.example", "member");
    }

    Poco::JSON::Object::Ptr shown(const std::string& campaignId) {
        return api_.ctl({"campaign", "show", campaignId});
    }
    std::int64_t count(const std::string& sql) { return api_.backdoor().count(sql); }

    // What a page's textarea named `name` holds, as a browser would post it.
    static std::string textarea(const std::string& html, const std::string& name) {
        std::smatch match;
        const std::regex area("<textarea name=\"" + name + "\"[^>]*>([^<]*)</textarea>");
        return std::regex_search(html, match, area) ? htmlUnescaped(match[1].str()) : "";
    }

    // The settings form of the campaign's page as it shows them, with `changes` made.
    std::map<std::string, std::string> settings(DashboardBrowser& browser,
                                                const std::string& campaignId,
                                                std::map<std::string, std::string> changes) {
        auto page = browser.get("/dashboard/campaigns/" + campaignId);
        EXPECT_EQ(page.status, 200);
        std::map<std::string, std::string> form{
            {"name", inputValue(page.body, "name")},
            {"webhookUrl", inputValue(page.body, "webhookUrl")},
            {"calendarUrl", inputValue(page.body, "calendarUrl")},
            {"version", inputValue(page.body, "version")},
            {"icp", textarea(page.body, "icp")},
            {"sequence", textarea(page.body, "sequence")}};
        for (auto& [name, value] : changes) form[name] = value;
        return form;
    }

    ApiDaemon api_;
    Operator admin_;
    Operator member_;
};

TEST_F(DashboardCampaigns, AMemberCreatesACampaignThatLodestonectlThenShows) {
    auto browser = signedIn(api_, member_);
    browser.get("/dashboard/campaigns");
    auto created = browser.submit("/dashboard/campaigns",
                                  {{"name", "Spring push"},
                                   {"webhookUrl", "https://crm.example.com/hooks/lodestone"},
                                   {"calendarUrl", ""}});
    ASSERT_EQ(created.status, 303) << created.body;
    const auto location = created.headers["Location"];
    ASSERT_THAT(location, HasSubstr("?created=1"));
    auto page = browser.get(location);
    EXPECT_THAT(page.body, HasSubstr("Campaign created."));
    EXPECT_THAT(page.body, Not(HasSubstr("whsec_"))) << "a member never sees the secret";

    const auto id = api_.campaignId("Spring push");
    auto campaign = shown(id);
    EXPECT_EQ(campaign->getValue<std::string>("webhookUrl"),
              "https://crm.example.com/hooks/lodestone");
    EXPECT_TRUE(campaign->isNull("calendarUrl"));
    EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'campaign.create' AND actor = "
                    "'grace@acme.example' AND subject = '" +
                    id + "'"),
              1);
    EXPECT_THAT(browser.get("/dashboard/campaigns").body, HasSubstr("Spring push"));
}

TEST_F(DashboardCampaigns, AnAdminSeesANewCampaignsSigningSecretOnce) {
    auto browser = signedIn(api_, admin_);
    browser.get("/dashboard/campaigns");
    auto created = browser.submit("/dashboard/campaigns", {{"name", "Autumn"}});
    ASSERT_EQ(created.status, 303) << created.body;
    const auto id = api_.campaignId("Autumn");
    EXPECT_EQ(created.headers["Location"], "/dashboard/campaigns/" + id + "/secret");
    auto page = browser.get(created.headers["Location"]);
    ASSERT_EQ(page.status, 200);
    EXPECT_THAT(page.body, HasSubstr(shown(id)->getValue<std::string>("webhookSecret")));
    EXPECT_EQ(browser.get(created.headers["Location"]).status, 303) << "shown once";
}

TEST_F(DashboardCampaigns, BadNewCampaignsAreRefusedAndNothingIsAdded) {
    auto browser = signedIn(api_, admin_);
    const auto before = count("SELECT COUNT(*) FROM campaigns");
    browser.get("/dashboard/campaigns");
    auto badUrl = browser.submit("/dashboard/campaigns",
                                 {{"name", "Ftp"}, {"webhookUrl", "ftp://x.example"}});
    EXPECT_EQ(badUrl.status, 400);
    EXPECT_THAT(badUrl.body, HasSubstr("webhook URL"));
    EXPECT_THAT(badUrl.body, HasSubstr("ftp://x.example")) << "the form keeps what was typed";
    auto taken = browser.submit("/dashboard/campaigns", {{"name", "Outbound"}});
    EXPECT_EQ(taken.status, 400);
    EXPECT_THAT(taken.body, HasSubstr("Another campaign of the organisation has that name."));
    auto empty = browser.submit("/dashboard/campaigns", {{"name", " "}});
    EXPECT_EQ(empty.status, 400);
    EXPECT_THAT(empty.body, HasSubstr("campaign name must not be empty or blank"));
    EXPECT_EQ(count("SELECT COUNT(*) FROM campaigns"), before);
    // A hostile name is stored as typed and shown escaped.
    browser.submit("/dashboard/campaigns", {{"name", "<script>alert(1)</script>"}});
    auto list = browser.get("/dashboard/campaigns");
    EXPECT_THAT(list.body, Not(HasSubstr("<script>alert(1)")));
    EXPECT_THAT(list.body, HasSubstr("&lt;script&gt;alert(1)&lt;/script&gt;"));
}

TEST_F(DashboardCampaigns, SettingsTypedAsYamlAreSavedAsTheCampaignsJson) {
    const auto id = api_.campaignId("Quiet");
    auto browser = signedIn(api_, member_);
    const std::string icp =
        "threshold: 60\r\ncriteria:\r\n  employees: { min: 50, max: 1000, weight: 2 }\r\n";
    const std::string sequence =
        "from: { address: ada@acme.example }\n"
        "steps:\n"
        "  - subject: \"{{firstName}}, a question\"\n"
        "    text: \"Costs ${HOME} nothing. {{unsubscribeUrl}}\"\n";
    auto saved = browser.submit(
        "/dashboard/campaigns/" + id + "/settings",
        settings(browser, id,
                 {{"icp", icp}, {"sequence", sequence}, {"calendarUrl", "https://cal.com/ada"}}));
    ASSERT_EQ(saved.status, 303) << saved.body;
    EXPECT_EQ(saved.headers["Location"], "/dashboard/campaigns/" + id + "?saved=1");

    auto campaign = shown(id);
    EXPECT_EQ(campaign->getObject("icp")->getValue<int>("threshold"), 60);
    EXPECT_EQ(campaign->getObject("icp")
                  ->getObject("criteria")
                  ->getObject("employees")
                  ->getValue<int>("max"),
              1000);
    // Typed text is taken as it is: no environment variable is read into it.
    EXPECT_EQ(campaign->getObject("sequence")
                  ->getArray("steps")
                  ->getObject(0)
                  ->getValue<std::string>("text"),
              "Costs ${HOME} nothing. {{unsubscribeUrl}}");
    EXPECT_EQ(campaign->getValue<std::string>("calendarUrl"), "https://cal.com/ada");
    EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'campaign.update' AND detail "
                    "LIKE '%calendar URL, ICP criteria, email sequence%'"),
              1);

    // The page shows them back as JSON; saving that unchanged changes nothing.
    auto page = browser.get("/dashboard/campaigns/" + id);
    EXPECT_THAT(page.body, HasSubstr("&quot;threshold&quot;: 60"));
    const auto updatedAt = count("SELECT updated_at FROM campaigns WHERE id = '" + id + "'");
    auto form = settings(browser, id, {});
    ASSERT_THAT(form["icp"], HasSubstr("\"threshold\": 60"));
    ASSERT_EQ(browser.submit("/dashboard/campaigns/" + id + "/settings", form).status, 303);
    EXPECT_EQ(count("SELECT updated_at FROM campaigns WHERE id = '" + id + "'"), updatedAt);
    EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'campaign.update'"), 1);
}

TEST_F(DashboardCampaigns, ABrokenSettingIsRefusedNamingItsLineAndKeyAndNothingChanges) {
    const auto id = api_.campaignId("Outbound");
    api_.ctl({"campaign", "update", id, "--webhook-url", "https://crm.example.com/hooks"});
    auto browser = signedIn(api_, member_);
    auto refused = browser.submit(
        "/dashboard/campaigns/" + id + "/settings",
        settings(browser, id,
                 {{"icp", "threshold: 60\ncriteria:\n  employees: { min: 500, max: 10 }\n"},
                  {"webhookUrl", "https://crm.example.com/new"}}));
    EXPECT_EQ(refused.status, 400);
    EXPECT_THAT(refused.body, HasSubstr("ICP criteria:3"));
    EXPECT_THAT(refused.body, HasSubstr("criteria.employees"));
    // What was typed is still in the form, to be mended.
    EXPECT_THAT(refused.body, HasSubstr("max: 10 }"));
    EXPECT_THAT(refused.body, HasSubstr("https://crm.example.com/new"));
    auto after = shown(id);
    EXPECT_EQ(after->getValue<std::string>("webhookUrl"), "https://crm.example.com/hooks");
    EXPECT_TRUE(after->isNull("icp"));

    auto badYaml = browser.submit("/dashboard/campaigns/" + id + "/settings",
                                  settings(browser, id, {{"sequence", "steps: [ unclosed"}}));
    EXPECT_EQ(badYaml.status, 400);
    EXPECT_THAT(badYaml.body, HasSubstr("email sequence"));
    auto badUrl = browser.submit("/dashboard/campaigns/" + id + "/settings",
                                 settings(browser, id, {{"calendarUrl", "javascript:alert(1)"}}));
    EXPECT_EQ(badUrl.status, 400);
    EXPECT_THAT(badUrl.body, HasSubstr("calendar URL"));
    EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'campaign.update' AND actor "
                    "<> 'lodestonectl'"),
              0);
}

TEST_F(DashboardCampaigns, AnEmptyBoxRemovesTheSetting) {
    const auto id = api_.campaignId("Outbound");
    api_.ctl({"campaign", "update", id, "--webhook-url", "https://crm.example.com/hooks"});
    auto browser = signedIn(api_, member_);
    ASSERT_THAT(browser.get("/dashboard/campaigns/" + id).body, HasSubstr("Send a test event"));
    ASSERT_EQ(browser
                  .submit("/dashboard/campaigns/" + id + "/settings",
                          settings(browser, id, {{"icp", "threshold: 70"}}))
                  .status,
              303);
    ASSERT_EQ(shown(id)->getObject("icp")->getValue<int>("threshold"), 70);
    auto saved = browser.submit(
        "/dashboard/campaigns/" + id + "/settings",
        settings(browser, id, {{"webhookUrl", ""}, {"calendarUrl", ""}, {"icp", "  \r\n"}}));
    ASSERT_EQ(saved.status, 303) << saved.body;
    auto campaign = shown(id);
    EXPECT_TRUE(campaign->isNull("webhookUrl"));
    EXPECT_TRUE(campaign->isNull("calendarUrl"));
    EXPECT_TRUE(campaign->isNull("icp"));
    EXPECT_THAT(browser.get("/dashboard/campaigns/" + id).body,
                Not(HasSubstr("Send a test event")));
}

TEST_F(DashboardCampaigns, ASaveFromAPageOlderThanTheSettingsIsRefusedAndKeepsWhatWasTyped) {
    const auto id = api_.campaignId("Quiet");
    auto browser = signedIn(api_, member_);
    auto mine = settings(browser, id, {{"icp", "threshold: 80"}});
    // Meanwhile someone else changes the campaign.
    api_.ctl({"campaign", "update", id, "--calendar-url", "https://cal.example.com/other"});
    auto refused = browser.submit("/dashboard/campaigns/" + id + "/settings", mine);
    EXPECT_EQ(refused.status, 409);
    EXPECT_THAT(refused.body, HasSubstr("were changed after this page was loaded"));
    EXPECT_THAT(refused.body, HasSubstr("threshold: 80"));
    EXPECT_TRUE(shown(id)->isNull("icp"));
    // Saving again replaces them knowingly.
    auto again = browser.submit("/dashboard/campaigns/" + id + "/settings",
                                {{"name", "Quiet"},
                                 {"version", inputValue(refused.body, "version")},
                                 {"webhookUrl", ""},
                                 {"calendarUrl", ""},
                                 {"icp", "threshold: 80"},
                                 {"sequence", ""}});
    EXPECT_EQ(again.status, 303) << again.body;
    EXPECT_EQ(shown(id)->getObject("icp")->getValue<int>("threshold"), 80);
    EXPECT_TRUE(shown(id)->isNull("calendarUrl"));
}

TEST_F(DashboardCampaigns, ALongSequenceFitsTheFormAndALargerFormIsRefused) {
    const auto id = api_.campaignId("Quiet");
    std::string sequence = "from: { address: ada@acme.example }\nsteps:\n";
    for (int step = 0; step < 50; ++step) {
        sequence += "  - subject: \"Step " + std::to_string(step) + "\"\n    text: \"" +
                    std::string(6000, 'x') + " {{unsubscribeUrl}}\"\n";
    }
    auto browser = signedIn(api_, member_);
    auto saved = browser.submit("/dashboard/campaigns/" + id + "/settings",
                                settings(browser, id, {{"sequence", sequence}}));
    EXPECT_EQ(saved.status, 303) << saved.body.substr(0, 2000);
    EXPECT_EQ(shown(id)->getObject("sequence")->getArray("steps")->size(), 50u);

    // A form announcing more than any of ours is answered at once, without waiting for it.
    RawClient raw(api_.port());
    raw.send("POST /dashboard/campaigns HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: lodestone_session=" +
             browser.cookie("lodestone_session") +
             "\r\nContent-Type: application/x-www-form-urlencoded\r\n"
             "Content-Length: 2000000\r\n\r\nname=");
    auto answer = raw.nextAnswer();
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->status, 413);
}

TEST_F(DashboardCampaigns, AWebhookURLDeliveriesWouldRefuseIsFlagged) {
    const auto id = api_.campaignId("Quiet");
    auto browser = signedIn(api_, member_);
    auto saved = browser.submit("/dashboard/campaigns/" + id + "/settings",
                                settings(browser, id, {{"webhookUrl", "http://10.0.0.7/hook"}}));
    ASSERT_EQ(saved.status, 303) << saved.body;
    auto page = browser.get("/dashboard/campaigns/" + id);
    EXPECT_THAT(page.body, HasSubstr("10.0.0.7 is a private network address"));
    EXPECT_THAT(page.body, HasSubstr("allow_private_networks"));
}

TEST_F(DashboardCampaigns, AProvisionedCampaignSaysWhatTheFileSetsAgainAtEveryStart) {
    auto browser = signedIn(api_, member_);
    auto outbound = browser.get("/dashboard/campaigns/" + api_.campaignId("Outbound"));
    EXPECT_THAT(outbound.body, HasSubstr("This campaign is provisioned by "));
    EXPECT_THAT(outbound.body, HasSubstr("what the file sets (calendar URL) is set again"));
    auto quiet = browser.get("/dashboard/campaigns/" + api_.campaignId("Quiet"));
    EXPECT_THAT(quiet.body, HasSubstr("change its name in the file"));
    browser.get("/dashboard/campaigns");
    auto created = browser.submit("/dashboard/campaigns", {{"name", "Made here"}});
    ASSERT_EQ(created.status, 303);
    EXPECT_THAT(browser.get(created.headers["Location"]).body, Not(HasSubstr("provisioned by")));
}

TEST_F(DashboardCampaigns, AnotherOrganisationsCampaignAndAFormWithoutItsTokenChangeNothing) {
    auto rival = api_.factory().campaignNamed("Globex", "Rival");
    auto browser = signedIn(api_, admin_);
    browser.get("/dashboard/campaigns");
    EXPECT_EQ(
        browser.submit("/dashboard/campaigns/" + rival.id + "/settings", {{"name", "Mine"}}).status,
        404);
    const auto id = api_.campaignId("Outbound");
    EXPECT_EQ(
        browser.post("/dashboard/campaigns/" + id + "/settings", {{"name", "Renamed"}}).status,
        403);
    EXPECT_THAT(browser.lastPage(), HasSubstr("Form expired"));
    EXPECT_EQ(browser.post("/dashboard/campaigns", {{"name", "Sneaky"}}).status, 403);
    EXPECT_EQ(browser.post("/dashboard/projects", {{"name", "Sneaky"}}).status, 403);
    EXPECT_EQ(shown(rival.id)->getValue<std::string>("name"), "Rival");
    EXPECT_EQ(shown(id)->getValue<std::string>("name"), "Outbound");
    EXPECT_EQ(count("SELECT COUNT(*) FROM campaigns WHERE name = 'Sneaky'"), 0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM projects WHERE name = 'Sneaky'"), 0);
}

TEST_F(DashboardCampaigns, AMemberPausesAndResumesACampaignAndBothAreAudited) {
    const auto id = api_.campaignId("Outbound");
    auto browser = signedIn(api_, member_);
    EXPECT_THAT(browser.get("/dashboard/campaigns/" + id).body, HasSubstr("Pause campaign"));
    EXPECT_EQ(browser.post("/dashboard/campaigns/" + id + "/pause", {}).status, 403)
        << "no CSRF token";
    EXPECT_EQ(shown(id)->getValue<std::string>("state"), "active");
    browser.get("/dashboard/campaigns/" + id);
    auto paused = browser.submit("/dashboard/campaigns/" + id + "/pause");
    ASSERT_EQ(paused.status, 303) << paused.body;
    auto page = browser.get(paused.headers["Location"]);
    EXPECT_THAT(page.body, HasSubstr("Campaign paused"));
    EXPECT_THAT(page.body, HasSubstr("Paused since"));
    EXPECT_THAT(page.body, HasSubstr("Resume campaign"));
    EXPECT_EQ(shown(id)->getValue<std::string>("state"), "paused");
    auto resumed = browser.submit("/dashboard/campaigns/" + id + "/resume");
    ASSERT_EQ(resumed.status, 303) << resumed.body;
    EXPECT_EQ(shown(id)->getValue<std::string>("state"), "active");
    for (const char* action : {"campaign.pause", "campaign.resume"}) {
        EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = '" + std::string(action) +
                        "' AND actor = 'grace@acme.example' AND subject = '" + id + "'"),
                  1)
            << action;
    }
    auto rival = api_.factory().campaignNamed("Globex", "Rival");
    browser.get("/dashboard/campaigns/" + id);
    EXPECT_EQ(browser.submit("/dashboard/campaigns/" + rival.id + "/pause").status, 404);
    EXPECT_EQ(shown(rival.id)->getValue<std::string>("state"), "active");
}

TEST_F(DashboardCampaigns, AProjectMadeHereTakesGenerateRequestsAtOnce) {
    auto browser = signedIn(api_, member_);
    browser.get("/dashboard/projects");
    auto refused = browser.submit("/dashboard/projects",
                                  {{"name", "Guides"}, {"host", "https://x.example/a"}});
    EXPECT_EQ(refused.status, 400);
    EXPECT_EQ(count("SELECT COUNT(*) FROM projects WHERE name = 'Guides'"), 0);
    auto created = browser.submit("/dashboard/projects", {{"name", "Guides"}, {"host", ""}});
    ASSERT_EQ(created.status, 303) << created.body;
    const auto id = api_.projectId("Guides");
    EXPECT_EQ(created.headers["Location"], "/dashboard/projects/" + id + "?created=1#schema");
    EXPECT_THAT(browser.get(created.headers["Location"]).body,
                HasSubstr("Project created with the default schema"));
    auto generated =
        api_.post("/api/projects/" + id + "/generate", R"({"email":"lin@example.org"})");
    EXPECT_EQ(generated.status, 200) << generated.text;
    EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'project.create' AND "
                    "subject = '" +
                    id + "'"),
              1);
    auto taken = browser.submit("/dashboard/projects", {{"name", "Guides"}});
    EXPECT_EQ(taken.status, 400);
    EXPECT_THAT(taken.body, HasSubstr("Another project of the organisation has that name."));
}

}  // namespace
}  // namespace lodestone::test
