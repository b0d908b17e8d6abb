// A campaign page's preview and test message (docs/dashboard.md): the step rendered beside the
// sequence form, its HTML shown as escaped source, and the admins' "Send a test" through the
// daemon's mailer plugin to an SMTP server (aiosmtpd) on 127.0.0.1.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "DashboardSupport.hpp"
#include "support/SmtpSink.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const char* const kSequence = R"({
  "from": {"address": "ada@acme.example", "name": "Ada at Acme"},
  "steps": [
    {"subject": "{{firstName}}, a note for {{companyName}}",
     "text": "Hi {{firstName}}, unsubscribe: {{unsubscribeUrl}}",
     "html": "<p class=\"mail\">Hi {{firstName}} of {{companyName}}</p>"},
    {"delay": "3d", "subject": "Following up", "text": "Still there?"}
  ]
})";

std::string mailerYaml(const SmtpSink& sink) {
    return std::string(ApiDaemon::kGenerousLimits) +
           "plugins:\n  smtp:\n    library: mailer-smtp\n    config: { host: 127.0.0.1, port: " +
           std::to_string(sink.port()) + ", tls: none, timeout: 5s }\n" +
           "pipeline:\n  mailer: { plugin: smtp, timeout: 5s }\n";
}

class DashboardPreview : public ::testing::Test {
  protected:
    void SetUp() override {
        admin_ = makeOperator(api_, "Acme", "ada@acme.example", "admin");
        member_ = makeOperator(api_, "Acme", "grace@acme.example", "member");
        auto acme = api_.factory().organisationNamed("Acme");
        campaign_ = api_.factory().campaign(acme, {.name = "Previewed", .sequenceJson = kSequence});
        prospect_ = api_.factory().prospect(campaign_, {.email = "zoe@bold.example",
                                                        .companyName = "Bold <b>&</b> Co",
                                                        .contactName = "Zoe Keller"});
    }

    std::string pagePath(const std::string& query = "") const {
        return "/dashboard/campaigns/" + campaign_.id + query;
    }

    SmtpSink sink_;
    ApiDaemon api_{mailerYaml(sink_)};
    Operator admin_;
    Operator member_;
    domain::Campaign campaign_;
    domain::Prospect prospect_;
};

TEST_F(DashboardPreview, TheCampaignPageShowsTheStepWithItsHtmlEscaped) {
    auto browser = signedIn(api_, member_);
    // No prospect named: the newest, the only one here.
    auto page = browser.get(pagePath());
    ASSERT_EQ(page.status, 200) << page.body;
    EXPECT_THAT(page.body, HasSubstr("id=\"preview\""));
    EXPECT_THAT(page.body, HasSubstr("Zoe, a note for Bold &lt;b&gt;&amp;&lt;/b&gt; Co"));
    EXPECT_THAT(page.body, HasSubstr("Ada at Acme &lt;ada@acme.example&gt;"));
    EXPECT_THAT(page.body, HasSubstr("&lt;preview@acme.example&gt; (a placeholder"));
    EXPECT_THAT(page.body, HasSubstr("/u/" + prospect_.unsubscribeToken));
    // The email's HTML is shown as its source, never as the page's own markup.
    EXPECT_THAT(page.body,
                HasSubstr("&lt;p class=&quot;mail&quot;&gt;Hi Zoe of Bold &amp;lt;b&amp;gt;"));
    EXPECT_THAT(page.body, Not(HasSubstr("<p class=\"mail\">")));
    EXPECT_THAT(page.body, Not(HasSubstr("<b>&</b>")));
    // Members see the preview, not the test button.
    EXPECT_THAT(page.body, Not(HasSubstr("/test-send")));

    auto second = browser.get(pagePath("?previewProspect=" + prospect_.id + "&previewStep=2"));
    EXPECT_THAT(second.body, HasSubstr("Following up"));
    auto beyond = browser.get(pagePath("?previewProspect=" + prospect_.id + "&previewStep=3"));
    EXPECT_EQ(beyond.status, 200);
    EXPECT_THAT(beyond.body, HasSubstr("step 3 is out of range"));
    auto nobody = browser.get(pagePath("?previewProspect=prospect_nobody"));
    EXPECT_THAT(nobody.body, HasSubstr("no prospect prospect_nobody"));
}

TEST_F(DashboardPreview, AnAdminSendsATestThroughTheMailerPlugin) {
    auto member = signedIn(api_, member_);
    member.get(pagePath());
    auto refused = member.submit(pagePath("/test-send"), {{"to", "ops@acme.example"}});
    EXPECT_EQ(refused.status, 403);

    auto browser = signedIn(api_, admin_);
    auto page = browser.get(pagePath("?previewProspect=" + prospect_.id));
    EXPECT_THAT(page.body, HasSubstr("/test-send"));
    auto sent =
        browser.submit(pagePath("/test-send"),
                       {{"to", "ops@acme.example"}, {"prospectId", prospect_.id}, {"step", "1"}});
    ASSERT_EQ(sent.status, 303) << sent.body;
    EXPECT_THAT(sent.headers["Location"], HasSubstr("testSent=1"));
    ASSERT_TRUE(sink_.waitForMessages(1));
    auto message = sink_.messages().front();
    EXPECT_EQ(message.rcptTos, std::vector<std::string>{"ops@acme.example"});
    auto subjects = message.decoded()->getObject("headers")->getArray("subject");
    ASSERT_TRUE(subjects);
    EXPECT_EQ(subjects->getElement<std::string>(0), "[test] Zoe, a note for Bold <b>&</b> Co");
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM email_sends"), 0);
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM campaign_sending_days"), 0);
    EXPECT_EQ(api_.backdoor().count("SELECT COUNT(*) FROM audit_log WHERE action = "
                                    "'campaign.test_send'"),
              1);

    browser.get(pagePath());  // the page a browser comes back to, and its form's token
    auto bad = browser.submit(pagePath("/test-send"), {{"to", "nobody"}, {"step", "1"}});
    EXPECT_EQ(bad.status, 400);
    EXPECT_THAT(bad.body, HasSubstr("the test address"));
}

}  // namespace
}  // namespace lodestone::test
