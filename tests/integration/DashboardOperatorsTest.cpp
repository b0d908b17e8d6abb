// Operators managed from the dashboard by their organisation's admins, and when each API key was
// last used (docs/dashboard.md).
#include <Poco/DateTimeFormatter.h>
#include <Poco/Timestamp.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <thread>

#include "DashboardSupport.hpp"
#include "domain/Clock.hpp"
#include "domain/Secrets.hpp"
#include "domain/Time.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class DashboardOperators : public ::testing::Test {
  protected:
    void SetUp() override {
        admin_ = makeOperator(api_, "Acme", "ada@acme.example", "admin");
        member_ = makeOperator(api_, "Acme", "grace@acme.example", "member");
    }

    // The set-password link the page after an add or a new link shows, as a path.
    static std::string shownLinkPath(DashboardBrowser& browser) {
        auto shown = browser.get("/dashboard/operators/link");
        EXPECT_EQ(shown.status, 200) << shown.body;
        std::smatch match;
        if (!std::regex_search(shown.body, match,
                               std::regex("/dashboard/set-password/[A-Za-z0-9]{40}"))) {
            ADD_FAILURE() << "no link on the page: " << shown.body;
            return "";
        }
        return match[0].str();
    }

    std::int64_t count(const std::string& sql) { return api_.backdoor().count(sql); }

    ApiDaemon api_;
    Operator admin_;
    Operator member_;
};

TEST_F(DashboardOperators, AnAdminAddsAnOperatorWhoSetsAPasswordFromTheLinkShownOnce) {
    auto browser = signedIn(api_, admin_);
    EXPECT_THAT(browser.lastPage(), HasSubstr("/dashboard/operators"));
    browser.get("/dashboard/operators");
    auto added = browser.submit("/dashboard/operators",
                                {{"email", "Linus@Acme.example"}, {"role", "member"}});
    ASSERT_EQ(added.status, 303) << added.body;
    EXPECT_EQ(added.headers["Location"], "/dashboard/operators/link");
    const std::string link = shownLinkPath(browser);
    ASSERT_FALSE(link.empty());
    // Shown once: a reload goes back to the list, where the link is not.
    EXPECT_EQ(browser.get("/dashboard/operators/link").status, 303);
    auto listed = browser.get("/dashboard/operators");
    EXPECT_THAT(listed.body, HasSubstr("linus@acme.example"));
    EXPECT_THAT(listed.body, HasSubstr("invited (no password yet)"));
    EXPECT_THAT(listed.body, Not(HasSubstr(link)));

    DashboardBrowser newcomer(api_);
    const std::string password = "correct horse battery staple";
    EXPECT_EQ(newcomer.post(link, {{"password", password}, {"confirm", password}}).status, 303);
    EXPECT_EQ(newcomer.signIn("linus@acme.example", password).status, 303);
    EXPECT_EQ(newcomer.get("/dashboard/campaigns").status, 200);
    EXPECT_EQ(newcomer.get("/dashboard/operators").status, 403) << "added as a member";

    auto audit = browser.get("/dashboard/audit");
    EXPECT_THAT(audit.body, HasSubstr("operator.create"));
    EXPECT_THAT(audit.body, HasSubstr("operator.set_password"));
    EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'operator.create' AND actor = "
                    "'ada@acme.example'"),
              1);
}

TEST_F(DashboardOperators, AnEmailThatIsTakenOrNotOneIsRefusedAndNothingIsAdded) {
    auto browser = signedIn(api_, admin_);
    browser.get("/dashboard/operators");
    auto taken = browser.submit("/dashboard/operators",
                                {{"email", "GRACE@acme.example"}, {"role", "admin"}});
    EXPECT_EQ(taken.status, 409);
    EXPECT_THAT(taken.body, HasSubstr("already exists"));
    auto hostile = browser.submit("/dashboard/operators",
                                  {{"email", "<script>x</script>"}, {"role", "member"}});
    EXPECT_EQ(hostile.status, 400);
    EXPECT_THAT(hostile.body, Not(HasSubstr("<script>x")));
    EXPECT_THAT(hostile.body, HasSubstr("&lt;script&gt;"));
    auto role =
        browser.submit("/dashboard/operators", {{"email", "new@acme.example"}, {"role", "owner"}});
    EXPECT_EQ(role.status, 400);
    EXPECT_EQ(count("SELECT COUNT(*) FROM operators"), 2);
}

TEST_F(DashboardOperators, ANewLinkReplacesTheOldOneAndDisablingEndsTheirSessions) {
    auto memberBrowser = signedIn(api_, member_);
    auto browser = signedIn(api_, admin_);
    browser.get("/dashboard/operators");
    ASSERT_EQ(browser.submit("/dashboard/operators/" + member_.id + "/link").status, 303);
    const std::string first = shownLinkPath(browser);
    browser.get("/dashboard/operators");
    ASSERT_EQ(browser.submit("/dashboard/operators/" + member_.id + "/link").status, 303);
    const std::string second = shownLinkPath(browser);
    ASSERT_NE(first, second);
    DashboardBrowser other(api_);
    const std::string password = "another long passphrase";
    EXPECT_EQ(other.post(first, {{"password", password}, {"confirm", password}}).status, 404);

    browser.get("/dashboard/operators");
    auto disabled = browser.submit("/dashboard/operators/" + member_.id + "/disable");
    ASSERT_EQ(disabled.status, 303) << disabled.body;
    EXPECT_THAT(browser.get(disabled.headers["Location"]).body, HasSubstr("Disabled"));
    EXPECT_EQ(memberBrowser.get("/dashboard/campaigns").status, 303) << "signed out at once";
    EXPECT_EQ(DashboardBrowser(api_).signIn(member_.email, member_.password).status, 401);
    EXPECT_EQ(other.post(second, {{"password", password}, {"confirm", password}}).status, 404);
    EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'operator.disable'"), 1);
}

TEST_F(DashboardOperators, AnAdminCannotDisableThemselvesNorReachAnotherOrganisationsOperators) {
    auto rival = makeOperator(api_, "Globex", "hal@globex.example", "admin");
    auto browser = signedIn(api_, admin_);
    auto page = browser.get("/dashboard/operators");
    EXPECT_THAT(page.body, Not(HasSubstr(admin_.id + "/disable")));
    EXPECT_THAT(page.body, Not(HasSubstr("hal@globex.example")));
    auto self = browser.submit("/dashboard/operators/" + admin_.id + "/disable");
    EXPECT_EQ(self.status, 400);
    EXPECT_EQ(browser.get("/dashboard/campaigns").status, 200) << "still signed in";

    browser.get("/dashboard/operators");
    EXPECT_EQ(browser.submit("/dashboard/operators/" + rival.id + "/disable").status, 404);
    browser.get("/dashboard/operators");
    EXPECT_EQ(browser.submit("/dashboard/operators/" + rival.id + "/link").status, 404);
    EXPECT_EQ(count("SELECT COUNT(*) FROM operators WHERE disabled_at IS NOT NULL"), 0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM operator_password_setups"), 0)
        << "only the links used when the operators set their passwords";
}

TEST_F(DashboardOperators, AMemberCannotReachTheOperatorPages) {
    auto browser = signedIn(api_, member_);
    EXPECT_THAT(browser.lastPage(), Not(HasSubstr("/dashboard/operators")));
    EXPECT_EQ(browser.get("/dashboard/operators").status, 403);
    browser.get("/dashboard/");
    EXPECT_EQ(
        browser.submit("/dashboard/operators", {{"email", "x@acme.example"}, {"role", "admin"}})
            .status,
        403);
    browser.get("/dashboard/");
    EXPECT_EQ(browser.submit("/dashboard/operators/" + admin_.id + "/disable").status, 403);
    EXPECT_EQ(count("SELECT COUNT(*) FROM operators"), 2);
    EXPECT_EQ(count("SELECT COUNT(*) FROM operators WHERE disabled_at IS NOT NULL"), 0);
}

// A daemon that writes the keys' last uses every 100 ms, so the test need not wait a minute.
TEST(DashboardKeyUse, AKeysLastUseIsWrittenSoonAfterAndShownAndAnUnusedKeyHasNone) {
    ApiDaemon api(ApiDaemon::kGenerousLimits, "  key_last_used_interval: 100ms\n");
    auto admin = makeOperator(api, "Acme", "ada@acme.example", "admin");
    const std::string lastUse =
        "SELECT COALESCE(last_used_at, 0) FROM api_keys WHERE key_hash = '" +
        domain::hashApiKey(kAcmeKey) + "'";
    const auto before = domain::SystemClock().now();
    ASSERT_EQ(api.get("/api/campaigns", kAcmeKey).status, 200);
    const auto after = domain::SystemClock().now();
    for (int i = 0; i < 200 && api.backdoor().count(lastUse) == 0; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_GE(api.backdoor().count(lastUse), before);
    EXPECT_LE(api.backdoor().count(lastUse), after);

    // lodestonectl and the dashboard show it; Globex's key, never used, has none.
    auto items = api.ctl({"key", "list"})->getArray("items");
    int used = 0;
    for (std::size_t i = 0; i < items->size(); ++i) {
        auto key = items->getObject(static_cast<unsigned>(i));
        if (!key->isNull("lastUsedAt")) ++used;
    }
    EXPECT_EQ(used, 1);
    auto browser = signedIn(api, admin);
    auto keys = browser.get("/dashboard/keys");
    EXPECT_THAT(keys.body, HasSubstr("<th>Last used</th>"));
    const auto usedAt = api.backdoor().count(lastUse);
    EXPECT_THAT(keys.body, HasSubstr("data-label=\"Last used\">" +
                                     Poco::DateTimeFormatter::format(Poco::Timestamp(usedAt * 1000),
                                                                     "%Y-%m-%d %H:%M UTC")));
    EXPECT_THAT(keys.body, HasSubstr("data-label=\"Last used\">never"));
}

}  // namespace
}  // namespace lodestone::test
