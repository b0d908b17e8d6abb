// Webhook endpoints managed from the dashboard by the organisation's admins (docs/dashboard.md):
// subscribed with the secret shown once, refused when wrong, deleted, and their failed
// deliveries sent again, through the same code as `lodestonectl endpoint`.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>

#include "DashboardSupport.hpp"
#include "domain/Time.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class DashboardEndpoints : public ::testing::Test {
  protected:
    void SetUp() override {
        admin_ = makeOperator(api_, "Acme", "ada@acme.example", "admin");
        member_ = makeOperator(api_, "Acme", "grace@acme.example", "member");
    }

    std::int64_t count(const std::string& sql) { return api_.backdoor().count(sql); }

    std::string subscribe(const std::string& organisation, const std::string& url) {
        return api_
            .ctl({"endpoint", "create", "--org", api_.factory().organisationNamed(organisation).id,
                  "--url", url, "--events", "lead.created"})
            ->getValue<std::string>("id");
    }

    // A lifecycle event for the endpoint, of the organisation of `campaign`, whose one attempt
    // failed for good.
    std::string failedDelivery(const std::string& endpointId, const domain::Campaign& campaign) {
        DeliverySpec spec;
        spec.event = "lead.created";
        spec.endpointId = endpointId;
        return test::failedDelivery(api_, campaign, spec, 410, "HTTP 410: <i>gone</i>");
    }

    ApiDaemon api_;
    Operator admin_;
    Operator member_;
};

TEST_F(DashboardEndpoints, AnAdminSubscribesAnEndpointAndSeesItsSecretOnce) {
    auto browser = signedIn(api_, admin_);
    auto page = browser.get("/dashboard/endpoints");
    ASSERT_EQ(page.status, 200);
    EXPECT_THAT(page.body, HasSubstr("value=\"magnet.viewed\"")) << "every event type offered";
    auto created =
        browser.submitEach("/dashboard/endpoints", {{"url", "https://crm.example.com/lodestone"},
                                                    {"events", "lead.created"},
                                                    {"events", "prospect.replied"},
                                                    {"project", api_.projectId("Default")},
                                                    {"retrySchedule", "1m,10m"}});
    ASSERT_EQ(created.status, 303) << created.body;
    std::smatch match;
    const std::string location = created.headers["Location"];
    ASSERT_TRUE(std::regex_match(location, match,
                                 std::regex("/dashboard/endpoints/([A-Za-z0-9_]+)/secret")))
        << location;
    const std::string id = match[1].str();
    auto shown = api_.ctl({"endpoint", "show", id});
    EXPECT_EQ(shown->getValue<std::string>("url"), "https://crm.example.com/lodestone");
    EXPECT_EQ(shown->getValue<std::string>("events"), "lead.created,prospect.replied");
    EXPECT_EQ(shown->getValue<std::string>("projectId"), api_.projectId("Default"));
    auto secretPage = browser.get(location);
    ASSERT_EQ(secretPage.status, 200);
    EXPECT_THAT(secretPage.body, HasSubstr(shown->getValue<std::string>("secret")));
    EXPECT_EQ(browser.get(location).status, 303) << "shown once";
    auto list = browser.get("/dashboard/endpoints");
    EXPECT_THAT(list.body, HasSubstr("lead.created, prospect.replied"));
    EXPECT_THAT(list.body, Not(HasSubstr(shown->getValue<std::string>("secret"))));
    EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'endpoint.create' AND actor = "
                    "'ada@acme.example' AND subject = '" +
                    id + "'"),
              1);
}

TEST_F(DashboardEndpoints, AWrongSubscriptionIsRefusedAndAddsNothing) {
    auto browser = signedIn(api_, admin_);
    browser.get("/dashboard/endpoints");
    auto noEvents =
        browser.submitEach("/dashboard/endpoints", {{"url", "https://crm.example.com/a"}});
    EXPECT_EQ(noEvents.status, 400);
    EXPECT_THAT(noEvents.body, HasSubstr("Tick at least one event."));
    EXPECT_THAT(noEvents.body, HasSubstr("https://crm.example.com/a")) << "the form keeps it";
    auto badUrl = browser.submitEach(
        "/dashboard/endpoints", {{"url", "ftp://crm.example.com/a"}, {"events", "email.sent"}});
    EXPECT_EQ(badUrl.status, 400);
    EXPECT_THAT(badUrl.body, HasSubstr("which uses ftp:"));
    EXPECT_THAT(badUrl.body, HasSubstr("value=\"email.sent\" checked")) << "ticks kept";
    auto badType = browser.submitEach(
        "/dashboard/endpoints", {{"url", "https://crm.example.com/a"}, {"events", "lead.eaten"}});
    EXPECT_EQ(badType.status, 400);
    auto badSchedule =
        browser.submitEach("/dashboard/endpoints", {{"url", "https://crm.example.com/a"},
                                                    {"events", "email.sent"},
                                                    {"retrySchedule", "soon"}});
    EXPECT_EQ(badSchedule.status, 400);
    auto rivalProject =
        browser.submitEach("/dashboard/endpoints", {{"url", "https://crm.example.com/a"},
                                                    {"events", "email.sent"},
                                                    {"project", api_.projectId("Other")}});
    EXPECT_EQ(rivalProject.status, 400);
    EXPECT_EQ(count("SELECT COUNT(*) FROM webhook_endpoints"), 0);
    EXPECT_EQ(browser
                  .post("/dashboard/endpoints",
                        {{"url", "https://crm.example.com/a"}, {"events", "email.sent"}})
                  .status,
              403)
        << "no CSRF token";
    EXPECT_EQ(count("SELECT COUNT(*) FROM webhook_endpoints"), 0);
}

TEST_F(DashboardEndpoints, AMemberCannotReachThem) {
    auto browser = signedIn(api_, member_);
    EXPECT_THAT(browser.get("/dashboard/").body, Not(HasSubstr("/dashboard/endpoints")));
    auto refused = browser.get("/dashboard/endpoints");
    EXPECT_EQ(refused.status, 403);
    EXPECT_THAT(refused.body, HasSubstr("Only an admin of the organisation manages webhook"));
    const auto id = subscribe("Acme", "https://crm.example.com/m");
    browser.get("/dashboard/");
    auto deleted = browser.submit("/dashboard/endpoints/" + id + "/delete");
    EXPECT_EQ(deleted.status, 403);
    EXPECT_THAT(deleted.body, HasSubstr("Admins only"));
    EXPECT_EQ(api_.ctl({"endpoint", "show", id})->getValue<std::string>("status"), "active");
}

TEST_F(DashboardEndpoints, DeletingStopsAnEndpointAndAnotherOrganisationsIsNotFound) {
    const auto ours = subscribe("Acme", "https://crm.example.com/ours");
    const auto theirs = subscribe("Globex", "https://crm.example.com/theirs");
    auto browser = signedIn(api_, admin_);
    auto list = browser.get("/dashboard/endpoints");
    EXPECT_THAT(list.body, HasSubstr("https://crm.example.com/ours"));
    EXPECT_THAT(list.body, Not(HasSubstr("https://crm.example.com/theirs")));
    EXPECT_EQ(browser.submit("/dashboard/endpoints/" + theirs + "/delete").status, 404);
    EXPECT_EQ(browser.get("/dashboard/endpoints/" + theirs + "/secret").status, 404);
    EXPECT_EQ(api_.ctl({"endpoint", "show", theirs})->getValue<std::string>("status"), "active");
    auto deleted = browser.submit("/dashboard/endpoints/" + ours + "/delete");
    ASSERT_EQ(deleted.status, 303);
    EXPECT_THAT(browser.get(deleted.headers["Location"]).body, HasSubstr("Endpoint deleted"));
    EXPECT_EQ(api_.ctl({"endpoint", "show", ours})->getValue<std::string>("status"), "deleted");
    EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'endpoint.delete'"), 1);
}

TEST_F(DashboardEndpoints, AFailedDeliveryIsListedEscapedAndSentAgain) {
    const auto endpoint = subscribe("Acme", "https://crm.example.com/h");
    const auto delivery =
        failedDelivery(endpoint, api_.factory().campaignNamed("Acme", "Outbound"));
    const auto rivalDelivery = failedDelivery(subscribe("Globex", "https://crm.example.com/g"),
                                              api_.factory().campaignNamed("Globex", "Rival"));
    const auto other = subscribe("Acme", "https://crm.example.com/other");
    const auto stranded = failedDelivery(other, api_.factory().campaignNamed("Acme", "Outbound"));
    auto browser = signedIn(api_, admin_);
    auto page = browser.get("/dashboard/endpoints");
    EXPECT_THAT(page.body, HasSubstr(delivery));
    EXPECT_THAT(page.body, HasSubstr("HTTP 410: &lt;i&gt;gone&lt;/i&gt;"));
    EXPECT_THAT(page.body, Not(HasSubstr(rivalDelivery)));
    // Not through an endpoint of one's own either.
    EXPECT_EQ(browser
                  .submit("/dashboard/endpoints/" + endpoint + "/deliveries/" + rivalDelivery +
                          "/redeliver")
                  .status,
              404);
    browser.get("/dashboard/endpoints");
    auto sent = browser.submit("/dashboard/endpoints/" + endpoint + "/deliveries/" + delivery +
                               "/redeliver");
    ASSERT_EQ(sent.status, 303) << sent.body;
    EXPECT_EQ(
        api_.backdoor().text("SELECT status FROM webhook_outbox WHERE id = '" + delivery + "'"),
        "pending");
    EXPECT_EQ(api_.backdoor().text("SELECT status FROM webhook_outbox WHERE id = '" +
                                   rivalDelivery + "'"),
              "failed");
    EXPECT_THAT(browser.get(sent.headers["Location"]).body, HasSubstr("Redelivery queued"));
    EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'webhook.redeliver'"), 1);

    // A deleted endpoint's delivery is not sent again: it would fail at once.
    api_.ctl({"endpoint", "delete", other});
    browser.get("/dashboard/endpoints");
    EXPECT_EQ(
        browser.submit("/dashboard/endpoints/" + other + "/deliveries/" + stranded + "/redeliver")
            .status,
        409);
    EXPECT_EQ(
        api_.backdoor().text("SELECT status FROM webhook_outbox WHERE id = '" + stranded + "'"),
        "failed");
}

TEST_F(DashboardEndpoints, AnURLDeliveriesWouldRefuseIsFlagged) {
    subscribe("Acme", "http://10.0.0.7/hook");
    auto browser = signedIn(api_, admin_);
    EXPECT_THAT(browser.get("/dashboard/endpoints").body,
                HasSubstr("10.0.0.7 is a private network address"));
}

}  // namespace
}  // namespace lodestone::test
