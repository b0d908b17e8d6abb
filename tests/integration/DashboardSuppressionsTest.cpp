// The suppression list from the dashboard and the API's keys (docs/lists.md): every operator
// reads it, admins change it, and only an organisation-wide API key changes it or erases.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "DashboardSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class DashboardSuppressions : public ::testing::Test {
  protected:
    void SetUp() override {
        admin_ = makeOperator(api_, "Acme", "ada@acme.example", "admin");
        member_ = makeOperator(api_, "Acme", "grace@acme.example", "member");
    }

    std::int64_t entries() { return api_.backdoor().count("SELECT COUNT(*) FROM suppressions"); }

    ApiDaemon api_;
    Operator admin_;
    Operator member_;
};

TEST_F(DashboardSuppressions, AnAdminAddsAndLiftsEntries) {
    auto browser = signedIn(api_, admin_);
    browser.get("/dashboard/suppressions");
    auto added = browser.submit("/dashboard/suppressions",
                                {{"entry", "Competitor.example"}, {"note", "they asked"}});
    EXPECT_EQ(added.status, 303);
    auto page = browser.get("/dashboard/suppressions");
    EXPECT_THAT(page.body, HasSubstr("competitor.example"));
    EXPECT_THAT(page.body, HasSubstr("added by operator ada@acme.example"));
    EXPECT_EQ(entries(), 1);

    auto bad = browser.submit("/dashboard/suppressions", {{"entry", "not a domain"}});
    EXPECT_EQ(bad.status, 400);
    EXPECT_EQ(entries(), 1);

    browser.get("/dashboard/suppressions");
    EXPECT_EQ(
        browser.submit("/dashboard/suppressions/lift", {{"entry", "competitor.example"}}).status,
        303);
    EXPECT_EQ(entries(), 0);
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM audit_log WHERE action LIKE "
                                    "'suppression.%'"),
              2);
}

TEST_F(DashboardSuppressions, AMemberReadsButCannotChange) {
    api_.ctl({"suppression", "add", "ann@initech.example", "--org",
              api_.factory().organisationNamed("Acme").id});
    auto browser = signedIn(api_, member_);
    auto page = browser.get("/dashboard/suppressions");
    EXPECT_EQ(page.status, 200);
    EXPECT_THAT(page.body, HasSubstr("ann@initech.example"));
    EXPECT_THAT(page.body, Not(HasSubstr("/dashboard/suppressions/lift")));
    auto refused = browser.submit("/dashboard/suppressions", {{"entry", "globex.example"}});
    EXPECT_EQ(refused.status, 403);
    auto lift = browser.submit("/dashboard/suppressions/lift", {{"entry", "ann@initech.example"}});
    EXPECT_EQ(lift.status, 403);
    EXPECT_EQ(entries(), 1);
}

TEST_F(DashboardSuppressions, OnlyAnOrganisationWideKeyChangesTheListOrErases) {
    auto scoped = api_.post("/api/suppressions", R"({"domain": "initech.example"})", kScopedKey);
    EXPECT_EQ(scoped.status, 403) << scoped.text;
    EXPECT_EQ(api_.get("/api/suppressions", kScopedKey).status, 200);
    auto erase = api_.send(
        "DELETE",
        "/api/campaigns/" + api_.campaignId("Outbound") + "/leads/prospect_000000000unknown0000000",
        "", {{"Authorization", "Bearer " + kScopedKey}});
    EXPECT_EQ(erase.status, 403);
    auto wide = api_.post("/api/suppressions", R"({"domain": "initech.example"})");
    EXPECT_EQ(wide.status, 201) << wide.text;
    // Another organisation's list is its own.
    auto theirs = api_.get("/api/suppressions", kGlobexKey);
    EXPECT_EQ(theirs.json->getArray("suppressions")->size(), 0u);
}

}  // namespace
}  // namespace lodestone::test
