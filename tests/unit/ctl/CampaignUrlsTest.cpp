// `campaign create` and `campaign update` hold their URLs to the one URL rule (domain/Urls.hpp):
// a refused URL is an error naming the setting, showing the URL with its control characters
// escaped, and saying what is wrong; nothing is stored.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "unit/ctl/CtlFixture.hpp"

using ::testing::HasSubstr;
using ::testing::Not;

namespace {

class CtlCampaignUrls : public lodestone::test::CtlFixture {
  protected:
    void SetUp() override {
        CtlFixture::SetUp();
        org_ = newOrg();
        campaign_ = ok({"campaign", "create", "--org", org_, "--name", "Q3", "--webhook-url",
                        "https://hooks.acme.test/x", "--calendar-url", "https://cal.acme.test/b"})
                        ->getValue<std::string>("id");
    }

    // The error of a create and of an update that set `flag` to `url`; both must fail with
    // exit code 1 and change nothing.
    std::vector<std::string> refusals(const std::string& flag, const std::string& url) {
        auto created = run({"campaign", "create", "--org", org_, "--name", "Q4", flag, url});
        auto updated = run({"campaign", "update", campaign_, flag, url});
        EXPECT_EQ(created.code, 1) << created.out;
        EXPECT_EQ(updated.code, 1) << updated.out;
        EXPECT_EQ(ok({"campaign", "list"})->getArray("items")->size(), 1u);
        auto shown = ok({"campaign", "show", campaign_});
        EXPECT_EQ(shown->getValue<std::string>("webhookUrl"), "https://hooks.acme.test/x");
        EXPECT_EQ(shown->getValue<std::string>("calendarUrl"), "https://cal.acme.test/b");
        return {created.err, updated.err};
    }

    std::string org_;
    std::string campaign_;
};

TEST_F(CtlCampaignUrls, AWebhookUrlWithCrLfIsRefusedAndShownEscaped) {
    for (const auto& err : refusals("--webhook-url", "http://127.0.0.1:18160/h\r\nX-Injected: 1")) {
        EXPECT_THAT(err, HasSubstr("webhook URL must be an absolute http:// or https:// URL"));
        EXPECT_THAT(err, HasSubstr(R"(got "http://127.0.0.1:18160/h\r\nX-Injected: 1")"));
        EXPECT_THAT(err, HasSubstr("which contains whitespace or a control character"));
        EXPECT_THAT(err, Not(HasSubstr("\r")));
        EXPECT_EQ(err.find('\n'), err.size() - 1) << "one line: " << err;
    }
}

TEST_F(CtlCampaignUrls, AWebhookUrlWithASpaceInTheHostIsRefused) {
    for (const auto& err : refusals("--webhook-url", "https://hooks acme.test/x")) {
        EXPECT_THAT(err, HasSubstr("webhook URL must be"));
        EXPECT_THAT(err, HasSubstr("which contains whitespace or a control character"));
    }
}

TEST_F(CtlCampaignUrls, AWebhookUrlWithATabOrAnotherSchemeIsRefused) {
    for (const auto& err : refusals("--webhook-url", "https://hooks.acme.test/\tx")) {
        EXPECT_THAT(err, HasSubstr(R"(got "https://hooks.acme.test/\tx")"));
    }
    for (const auto& err : refusals("--webhook-url", "ftp://hooks.acme.test/x")) {
        EXPECT_THAT(err, HasSubstr("which uses ftp:, not http:// or https://"));
    }
}

TEST_F(CtlCampaignUrls, ACalendarUrlWithCrLfOrCredentialsIsRefused) {
    for (const auto& err : refusals("--calendar-url", "https://cal.acme.test/b\r\nSet-Cookie: x")) {
        EXPECT_THAT(err, HasSubstr("calendar URL must be an absolute http:// or https:// URL"));
        EXPECT_THAT(err, HasSubstr("which contains whitespace or a control character"));
    }
    for (const auto& err : refusals("--calendar-url", "https://user:pw@cal.acme.test/b")) {
        EXPECT_THAT(err, HasSubstr("calendar URL must be"));
        EXPECT_THAT(err, HasSubstr("which has a user name or password"));
    }
}

}  // namespace

namespace {

class CtlWebhookWarning : public lodestone::test::CtlFixture {};

// Stored, since the setting may be turned on later, but the operator hears that deliveries will
// not reach it; on stderr, so --json output stays one JSON object.
TEST_F(CtlWebhookWarning, AWebhookUrlOnLoopbackWarnsWhilePrivateNetworksAreOff) {
    auto org = newOrg();
    auto created = run({"campaign", "create", "--org", org, "--name", "Q3", "--webhook-url",
                        "http://127.0.0.1:18160/h"});
    ASSERT_EQ(created.code, 0) << created.err;
    EXPECT_EQ(created.json()->getValue<std::string>("webhookUrl"), "http://127.0.0.1:18160/h");
    EXPECT_EQ(created.err,
              "lodestonectl: warning: the webhook URL's host 127.0.0.1 is a loopback address: "
              "deliveries to it are refused while webhooks.allow_private_networks is off; set it "
              "to true in the lodestoned config if the receiver is meant to be there\n");

    auto id = created.json()->getValue<std::string>("id");
    auto updated = run({"campaign", "update", id, "--webhook-url", "http://10.0.0.7/h"});
    ASSERT_EQ(updated.code, 0) << updated.err;
    EXPECT_THAT(updated.err, HasSubstr("10.0.0.7 is a private network address"));

    // Other changes say nothing about the URL already stored.
    auto renamed = run({"campaign", "update", id, "--name", "Q4"});
    EXPECT_EQ(renamed.err, "");
    auto publicHook = run({"campaign", "update", id, "--webhook-url", "https://hooks.acme.test/h"});
    EXPECT_EQ(publicHook.err, "");
}

// An empty value removes a setting on update, and leaves it out on create.
TEST_F(CtlCampaignUrls, AnEmptyValueRemovesTheSetting) {
    auto removed = run({"campaign", "update", campaign_, "--webhook-url", "", "--calendar-url", "",
                        "--icp", "", "--sequence", ""});
    ASSERT_EQ(removed.code, 0) << removed.err;
    EXPECT_EQ(removed.err, "") << "no warning about a URL that is not there";
    auto shown = ok({"campaign", "show", campaign_});
    EXPECT_TRUE(shown->isNull("webhookUrl"));
    EXPECT_TRUE(shown->isNull("calendarUrl"));
    EXPECT_TRUE(shown->isNull("icp"));
    auto created =
        ok({"campaign", "create", "--org", org_, "--name", "Q4", "--webhook-url", "", "--icp", ""});
    EXPECT_TRUE(created->isNull("webhookUrl"));
}

TEST_F(CtlWebhookWarning, NoWarningWhenTheConfigAllowsPrivateNetworks) {
    std::ofstream(configFile_) << "storage:\n  path: var/lodestone.db\n"
                               << "webhooks:\n  allow_private_networks: true\n";
    auto created = run({"campaign", "create", "--org", newOrg(), "--name", "Q3", "--webhook-url",
                        "http://127.0.0.1:18160/h"});
    EXPECT_EQ(created.code, 0);
    EXPECT_EQ(created.err, "");
}

}  // namespace
