// Lists in from the dashboard: a CSV file chosen on the campaign page, uploaded as a multipart
// form, and the import's page with its progress and rejected rows.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>

#include "DashboardSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const char* const kEngineOn =
    "limits:\n  campaign_leads_per_minute: 10000\n  status_per_minute: 100000\n"
    "jobs:\n  poll_interval: 100ms\n";

// The upload form's action on a campaign page: its path with the CSRF token in the query.
std::string uploadAction(const std::string& page) {
    std::smatch match;
    const std::regex action(R"re(enctype="multipart/form-data" action="([^"]+)")re");
    return std::regex_search(page, match, action) ? htmlUnescaped(match[1].str()) : "";
}

class DashboardImport : public ::testing::Test {
  protected:
    void SetUp() override { member_ = makeOperator(api_, "Acme", "grace@acme.example", "member"); }

    ApiDaemon api_{kEngineOn};
    Operator member_;
};

}  // namespace

TEST_F(DashboardImport, AFileUploadedFromTheCampaignPageIsImportedAndItsPageShowsTheOutcome) {
    auto browser = signedIn(api_, member_);
    const auto campaign = api_.campaignId("Outbound");
    auto page = browser.get("/dashboard/campaigns/" + campaign);
    ASSERT_EQ(page.status, 200);
    const auto action = uploadAction(page.body);
    ASSERT_THAT(action, HasSubstr("/dashboard/campaigns/" + campaign + "/imports?csrf="));

    auto uploaded = browser.upload(action, "file", "spring leads.csv",
                                   "companyName,contactName,email\n"
                                   "Initech,Ann,ann@initech.example\n"
                                   "Hooli,Cy,not-an-address\n");
    ASSERT_EQ(uploaded.status, 303) << uploaded.body;
    const auto importPage = uploaded.headers["Location"];
    ASSERT_THAT(importPage, HasSubstr("/dashboard/imports/import_"));
    ASSERT_TRUE(eventually(
        [&] { return browser.get(importPage).body.find(">completed<") != std::string::npos; },
        std::chrono::seconds(60)));
    auto shown = browser.get(importPage);
    EXPECT_THAT(shown.body, HasSubstr("spring leads.csv"));
    EXPECT_THAT(shown.body, HasSubstr("2 of 2 rows: 1 added, 0 duplicates, 1 rejected"));
    EXPECT_THAT(shown.body, HasSubstr("<td data-label=\"Column\">email</td>"));
    EXPECT_THAT(shown.body, Not(HasSubstr("http-equiv=\"refresh\""))) << "done: no more reloads";
    EXPECT_THAT(browser.get("/dashboard/campaigns/" + campaign).body,
                HasSubstr("spring leads.csv"));
}

TEST_F(DashboardImport, AnUploadWithoutTheFormsTokenIsRefusedAndAddsNothing) {
    auto browser = signedIn(api_, member_);
    const auto campaign = api_.campaignId("Outbound");
    auto refused =
        browser.upload("/dashboard/campaigns/" + campaign + "/imports?csrf=forged", "file", "x.csv",
                       "companyName,contactName,email\nA,B,c@d.example\n");
    EXPECT_EQ(refused.status, 403);
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM lead_imports"), 0);
}

TEST_F(DashboardImport, ABadFileIsExplainedOnAPageOfItsOwn) {
    auto browser = signedIn(api_, member_);
    const auto campaign = api_.campaignId("Outbound");
    const auto action = uploadAction(browser.get("/dashboard/campaigns/" + campaign).body);
    auto refused = browser.upload(action, "file", "x.csv", "name,phone\nA,1\n");
    EXPECT_EQ(refused.status, 400);
    EXPECT_THAT(refused.body, HasSubstr("no companyName, contactName, email column"));
    EXPECT_THAT(browser.get("/dashboard/imports/import_nosuch000000000000000000").body,
                HasSubstr("There is no such import."));
}

}  // namespace lodestone::test
