// Changes that cannot be undone ask first (docs/dashboard.md): the link opens a page saying what
// will happen, changing nothing; its button sends the change's own form.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>

#include "DashboardSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class DashboardConfirm : public ::testing::Test {
  protected:
    void SetUp() override {
        admin_ = makeOperator(api_, "Acme", "ada@acme.example", "admin");
        member_ = makeOperator(api_, "Acme", "grace@acme.example", "member");
    }

    std::int64_t count(const std::string& sql) { return api_.backdoor().count(sql); }

    // Opens the confirmation at `path` from `listPage`, checks it changed nothing (`unchanged`
    // still holds) and names `what`, then presses its button: the change's own answer.
    HttpReply confirm(DashboardBrowser& browser, const std::string& listPage,
                      const std::string& path, const std::string& what,
                      const std::function<bool()>& unchanged) {
        EXPECT_THAT(browser.get(listPage).body, HasSubstr("href=\"" + path + "\""));
        auto asked = browser.get(path);
        EXPECT_EQ(asked.status, 200) << path;
        EXPECT_THAT(asked.body, HasSubstr(what));
        EXPECT_THAT(asked.body, HasSubstr("action=\"" + path + "\""));
        EXPECT_THAT(asked.body, HasSubstr(">Cancel</a>"));
        EXPECT_TRUE(unchanged()) << "opening " << path << " changed something";
        return browser.submit(path);
    }

    ApiDaemon api_;
    Operator admin_;
    Operator member_;
};

TEST_F(DashboardConfirm, EachChangeThatCannotBeUndoneAsksFirst) {
    auto browser = signedIn(api_, admin_);
    const auto org = api_.factory().organisationNamed("Acme").id;

    const auto key =
        api_.ctl({"key", "create", "--org", org, "--name", "doomed"})->getValue<std::string>("id");
    auto revoked = confirm(browser, "/dashboard/keys", "/dashboard/keys/" + key + "/revoke",
                           "Revoke the API key doomed", [&] {
                               return count("SELECT COUNT(*) FROM api_keys WHERE id = '" + key +
                                            "' AND revoked_at IS NULL") == 1;
                           });
    EXPECT_EQ(revoked.status, 303);
    EXPECT_EQ(
        count("SELECT COUNT(*) FROM api_keys WHERE id = '" + key + "' AND revoked_at IS NOT NULL"),
        1);

    auto disabled = confirm(
        browser, "/dashboard/operators", "/dashboard/operators/" + member_.id + "/disable",
        "Disable grace@acme.example?",
        [&] { return count("SELECT COUNT(*) FROM operators WHERE disabled_at IS NULL") == 2; });
    EXPECT_EQ(disabled.status, 303);
    EXPECT_EQ(count("SELECT COUNT(*) FROM operators WHERE disabled_at IS NOT NULL"), 1);

    const auto endpoint = api_.ctl({"endpoint", "create", "--org", org, "--url",
                                    "https://crm.example.com/h", "--events", "lead.created"})
                              ->getValue<std::string>("id");
    auto deleted =
        confirm(browser, "/dashboard/endpoints", "/dashboard/endpoints/" + endpoint + "/delete",
                "Delete the endpoint for https://crm.example.com/h?", [&] {
                    return count(
                               "SELECT COUNT(*) FROM webhook_endpoints WHERE "
                               "disabled_at IS NULL") == 1;
                });
    EXPECT_EQ(deleted.status, 303);
    EXPECT_EQ(api_.ctl({"endpoint", "show", endpoint})->getValue<std::string>("status"), "deleted");

    const auto campaign = api_.campaignId("Outbound");
    const auto secret =
        api_.ctl({"campaign", "show", campaign})->getValue<std::string>("webhookSecret");
    auto rotated = confirm(browser, "/dashboard/campaigns/" + campaign,
                           "/dashboard/campaigns/" + campaign + "/rotate-secret",
                           "Rotate the webhook signing secret of Outbound?", [&] {
                               return api_.ctl({"campaign", "show", campaign})
                                          ->getValue<std::string>("webhookSecret") == secret;
                           });
    EXPECT_EQ(rotated.status, 303);
    EXPECT_NE(api_.ctl({"campaign", "show", campaign})->getValue<std::string>("webhookSecret"),
              secret);
}

TEST_F(DashboardConfirm, TheQuestionsAreAdminsOnlyAndOtherOrganisationsObjectsAreNotFound) {
    const auto campaign = api_.campaignId("Outbound");
    auto member = signedIn(api_, member_);
    EXPECT_EQ(member.get("/dashboard/campaigns/" + campaign + "/rotate-secret").status, 403);
    EXPECT_EQ(member.get("/dashboard/operators/" + admin_.id + "/disable").status, 403);
    EXPECT_THAT(member.get("/dashboard/campaigns/" + campaign).body,
                Not(HasSubstr("rotate-secret")));

    auto admin = signedIn(api_, admin_);
    const auto globex = api_.factory().organisationNamed("Globex").id;
    const auto theirKey = api_.ctl({"key", "list", "--org", globex})
                              ->getArray("items")
                              ->getObject(0)
                              ->getValue<std::string>("id");
    EXPECT_EQ(admin.get("/dashboard/keys/" + theirKey + "/revoke").status, 404);
    const auto rival = api_.factory().campaignNamed("Globex", "Rival");
    EXPECT_EQ(admin.get("/dashboard/campaigns/" + rival.id + "/rotate-secret").status, 404);
    // One's own account has no Disable, and its question leads back to the list.
    EXPECT_EQ(admin.get("/dashboard/operators/" + admin_.id + "/disable").status, 303);
    EXPECT_EQ(count("SELECT COUNT(*) FROM operators WHERE disabled_at IS NOT NULL"), 0);
}

}  // namespace
}  // namespace lodestone::test
