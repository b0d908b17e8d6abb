// "See it before it goes out": one step of a prospect's sequence rendered as the send queue
// would hand it to the mailer, without sending or changing anything; and the same message made
// into a test for another address.
#include <Poco/JSON/Stringifier.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <tuple>

#include "outreach/SequenceLifecycle.hpp"
#include "outreach/sending/EmailPreview.hpp"
#include "outreach/sending/TestSend.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/EmailSendRepository.hpp"
#include "support/Factory.hpp"
#include "unit/storage/StoreFixture.hpp"

using namespace lodestone;
using outreach::PreviewRefused;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

namespace {

const std::string kSequence = R"({
  "from": {"address": "ada@acme.example", "name": "Ada at Acme"},
  "reply_to": "replies@acme.example",
  "steps": [
    {"subject": "{{firstName}}, a question about {{companyName}}",
     "text": "Hi {{firstName}},\nBook: {{bookingUrl}}\nStop: {{unsubscribeUrl}}\n",
     "html": "<p>Hi {{firstName}} of {{companyName}}</p>"},
    {"delay": "3d", "subject": "Following up", "text": "Still there?"}
  ]
})";

// A step that names the prospect's own lead magnet waits for it.
const std::string kMagnetSequence = R"json({
  "from": {"address": "ada@acme.example"},
  "steps": [{"subject": "For {{companyName}}",
             "text": "Your guide: {{leadMagnetUrl}} ({{leadMagnetTitle}})"}]
})json";

constexpr const char* kPublicUrl = "https://go.acme.example";

class EmailPreviewTest : public storage::test::StoreFixture {
  protected:
    void SetUp() override {
        StoreFixture::SetUp();
        factory_ = std::make_unique<test::Factory>(*store_);
        org_ = factory_->organisation();
        campaign_ = factory_->campaign(org_, {.sequenceJson = kSequence});
    }

    // A qualified prospect whose first email is scheduled, as scoring leaves it.
    domain::Prospect scheduled(const std::string& email = "grace@navy.example") {
        auto prospect =
            factory_->prospect(campaign_, {.email = email,
                                           .companyName = "US Navy",
                                           .contactName = "Grace Hopper",
                                           .status = domain::ProspectStatus::Qualified});
        store_->write([&](storage::Repositories& r) {
            outreach::enterSequence(r, prospect, campaign_, 1'000);
        });
        return prospect;
    }

    outreach::EmailPreview preview(const domain::Campaign& campaign, const std::string& prospectId,
                                   int step = 1) {
        return store_->read([&](storage::Repositories& r) {
            return outreach::previewEmail(r, campaign, prospectId, step, kPublicUrl);
        });
    }

    PreviewRefused::Reason refusal(const domain::Campaign& campaign, const std::string& prospectId,
                                   int step, std::string& message) {
        try {
            preview(campaign, prospectId, step);
        } catch (const PreviewRefused& refused) {
            message = refused.what();
            return refused.reason();
        }
        ADD_FAILURE() << "no refusal for " << prospectId << " step " << step;
        return PreviewRefused::Reason::UnknownProspect;
    }

    // Every row a preview could write: none may change.
    std::int64_t rows() {
        return count("SELECT COUNT(*) FROM email_sends") + count("SELECT COUNT(*) FROM jobs") +
               count("SELECT COUNT(*) FROM leads") +
               count("SELECT COUNT(*) FROM prospect_transitions") +
               count("SELECT COUNT(*) FROM campaign_sending_days");
    }

    std::unique_ptr<test::Factory> factory_;
    domain::Organisation org_;
    domain::Campaign campaign_;
};

}  // namespace

TEST_F(EmailPreviewTest, ShowsTheScheduledEmailAsTheMailerWouldGetIt) {
    auto grace = scheduled();
    const auto before = rows();
    auto shown = preview(campaign_, grace.id);
    EXPECT_EQ(rows(), before) << "a preview changes nothing";

    auto sends = store_->read(
        [&](storage::Repositories& r) { return r.emailSends().listForProspect(grace.id); });
    ASSERT_EQ(sends.size(), 1u);
    EXPECT_EQ(shown.step, 1);
    EXPECT_TRUE(shown.messageIdScheduled);
    EXPECT_FALSE(shown.waiting);
    // Exactly what the send queue composes for that send.
    auto sent = outreach::composeEmail(sends[0], grace, outreach::Sequence::parse(kSequence),
                                       std::nullopt, kPublicUrl);
    EXPECT_EQ(shown.email.mailerInput(), sent.mailerInput());
    EXPECT_EQ(shown.email.content.subject, "Grace, a question about US Navy");
    EXPECT_THAT(shown.email.content.text,
                HasSubstr("Stop: https://go.acme.example/u/" + grace.unsubscribeToken));

    std::vector<std::string> names;
    for (const auto& [name, value] : shown.headers()) names.push_back(name);
    EXPECT_THAT(names, ElementsAre("From", "To", "Reply-To", "Message-ID", "List-Unsubscribe",
                                   "List-Unsubscribe-Post"));
    EXPECT_EQ(shown.headers()[0].second, "Ada at Acme <ada@acme.example>");
    EXPECT_EQ(shown.headers()[1].second, "Grace Hopper <grace@navy.example>");

    auto json = shown.toJson();
    std::ostringstream text;
    json->stringify(text);
    EXPECT_THAT(text.str(), StartsWith(R"({"step":1,"messageId":")" + sends[0].messageId +
                                       R"(","headers":{"From":"Ada at Acme <ada@acme.example>")"));
    EXPECT_EQ(json->getValue<std::string>("replyTo"), "replies@acme.example");
    EXPECT_EQ(json->getObject("to")->getValue<std::string>("address"), "grace@navy.example");
    EXPECT_EQ(json->getValue<std::string>("html"), "<p>Hi Grace of US Navy</p>");
    EXPECT_TRUE(json->isNull("waiting"));
}

TEST_F(EmailPreviewTest, AStepNotScheduledYetShowsAPlaceholderMessageId) {
    auto grace = scheduled();
    auto second = preview(campaign_, grace.id, 2);
    EXPECT_EQ(second.email.messageId, "<preview@acme.example>");
    EXPECT_FALSE(second.messageIdScheduled);
    EXPECT_EQ(second.email.content.subject, "Following up");
    EXPECT_TRUE(second.toJson()->isNull("html"));
    // A prospect not qualified yet has no email scheduled at all, and is previewed all the same.
    auto queued = factory_->prospect(campaign_, {.email = "new@navy.example"});
    EXPECT_EQ(preview(campaign_, queued.id).email.messageId, "<preview@acme.example>");
}

TEST_F(EmailPreviewTest, RefusesWhatItCannotShowSayingWhy) {
    auto grace = scheduled();
    std::string message;
    EXPECT_EQ(refusal(campaign_, "prospect_nobody", 1, message),
              PreviewRefused::Reason::UnknownProspect);
    EXPECT_EQ(message, "no prospect prospect_nobody");

    auto other = factory_->campaign(org_, {.sequenceJson = kSequence});
    EXPECT_EQ(refusal(other, grace.id, 1, message), PreviewRefused::Reason::UnknownProspect);
    EXPECT_EQ(message, "prospect " + grace.id + " is not in campaign " + other.id + " (it is in " +
                           campaign_.id + ")");

    for (int step : {0, 3}) {
        EXPECT_EQ(refusal(campaign_, grace.id, step, message),
                  PreviewRefused::Reason::StepOutOfRange);
        EXPECT_EQ(message, "step " + std::to_string(step) + " is out of range: campaign " +
                               campaign_.id + "'s sequence has 2 steps (1-2)");
    }

    auto silent = factory_->campaign(org_);
    auto someone = factory_->prospect(silent);
    EXPECT_EQ(refusal(silent, someone.id, 1, message), PreviewRefused::Reason::NoSequence);
    EXPECT_EQ(message, "campaign " + silent.id + " has no email sequence");
}

TEST_F(EmailPreviewTest, AStepThatWaitsForTheLeadMagnetSaysSoAndShowsWhatIsKnown) {
    auto campaign = factory_->campaign(org_, {.sequenceJson = kMagnetSequence});
    auto ada = factory_->prospect(campaign, {.status = domain::ProspectStatus::Qualified});
    auto shown = preview(campaign, ada.id);
    EXPECT_EQ(shown.waiting, "the campaign has no lead-magnet project for {{leadMagnetUrl}}");
    EXPECT_EQ(shown.email.content.text, "Your guide:  ()");
    EXPECT_EQ(shown.toJson()->getValue<std::string>("waiting"), *shown.waiting);

    // With a project but no lead magnet yet: the send would start one; a preview does not.
    auto project = factory_->project(org_);
    campaign.projectId = project.id;
    store_->write([&](storage::Repositories& r) { r.campaigns().update(campaign); });
    const auto before = rows();
    EXPECT_EQ(preview(campaign, ada.id).waiting, "its lead magnet has not been started yet");
    EXPECT_EQ(rows(), before);
}

TEST_F(EmailPreviewTest, ATestIsRenderedForTheNewestProspectOrASample) {
    auto sample = store_->read(
        [&](storage::Repositories& r) { return outreach::testProspect(r, campaign_); });
    EXPECT_TRUE(sample.id.empty());
    auto shown = store_->read([&](storage::Repositories& r) {
        return outreach::previewEmail(r, campaign_, sample, 1, kPublicUrl);
    });
    EXPECT_TRUE(shown.sampleProspect);
    EXPECT_EQ(shown.email.content.subject, "Ada, a question about Analytical Engines");
    EXPECT_THAT(shown.email.content.text, HasSubstr("https://go.acme.example/b/sample"));
    EXPECT_EQ(shown.email.messageId, "<preview@acme.example>");

    // Lists' order: the latest created, then the greatest id (two may share a millisecond).
    auto first = scheduled("first@navy.example");
    auto second = scheduled("second@navy.example");
    const auto& newest = std::tie(first.createdAt, first.id) > std::tie(second.createdAt, second.id)
                             ? first
                             : second;
    EXPECT_EQ(
        store_->read([&](storage::Repositories& r) { return outreach::testProspect(r, campaign_); })
            .id,
        newest.id);

    // The sample's lead magnet is made up too, so its test shows where the link goes.
    auto project = factory_->project(org_);
    auto campaign = factory_->campaign(org_, {.sequenceJson = kMagnetSequence});
    campaign.projectId = project.id;
    auto magnet = store_->read([&](storage::Repositories& r) {
        return outreach::previewEmail(r, campaign, outreach::sampleProspect(campaign), 1,
                                      kPublicUrl);
    });
    EXPECT_FALSE(magnet.waiting);
    EXPECT_EQ(magnet.email.content.text,
              "Your guide: https://go.acme.example/m/sample (A lead magnet for Analytical "
              "Engines)");
}

TEST_F(EmailPreviewTest, ATestGoesToAnotherAddressMarkedAndWithAMessageIdOfItsOwn) {
    auto grace = scheduled();
    auto shown = preview(campaign_, grace.id);
    auto test = outreach::testEmail(shown, "ops@acme.example");
    EXPECT_EQ(test.toAddress, "ops@acme.example");
    EXPECT_TRUE(test.toName.empty());
    EXPECT_EQ(test.content.subject, "[test] Grace, a question about US Navy");
    EXPECT_EQ(test.content.text, shown.email.content.text);
    EXPECT_THAT(test.messageId, StartsWith("<test-"));
    EXPECT_THAT(test.messageId, HasSubstr("@acme.example>"));
    EXPECT_NE(test.messageId, outreach::testEmail(shown, "ops@acme.example").messageId);
    EXPECT_THAT(test.mailerInput(), Not(HasSubstr("grace@navy.example")));
    EXPECT_THROW(outreach::testEmail(shown, "not an address"), std::invalid_argument);
}
