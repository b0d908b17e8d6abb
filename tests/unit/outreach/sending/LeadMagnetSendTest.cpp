// An email whose step links to the prospect's lead magnet waits for the page; one that does not
// is not held back.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "leadmagnet/ProspectMagnet.hpp"
#include "metrics/Series.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "outreach/sending/SendQueue.hpp"
#include "outreach/sending/StepMaterial.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/EmailSendQueue.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "support/Factory.hpp"
#include "unit/storage/StoreFixture.hpp"

using namespace lodestone;
using ::testing::HasSubstr;
using namespace std::chrono_literals;

namespace {

constexpr domain::Timestamp kNow = 1'795'392'000'000;
constexpr domain::Timestamp kRecheck = 10 * 60'000;

std::string sequenceWith(const std::string& firstText) {
    return R"({"from": {"address": "ada@acme.example"},
               "steps": [{"delay": "0s", "subject": "For {{companyName}}", "text": ")" +
           firstText + R"("}, {"delay": "1d", "subject": "Again", "text": "{{leadMagnetUrl}}"}]})";
}

class LeadMagnetSend : public storage::test::StoreFixture {
  protected:
    void SetUp() override {
        StoreFixture::SetUp();
        factory_ = std::make_unique<test::Factory>(*store_);
        org_ = factory_->organisation();
        project_ = factory_->project(org_);
        settings_.publicUrl = "https://go.acme.example";
        settings_.series = &metrics_.series();
        queue_ = std::make_unique<outreach::SendQueue>(settings_);
    }

    // A prospect of a new campaign with `firstText` as its first step, qualified at kNow: its
    // lead magnet started and its first email scheduled, as the score step does.
    domain::Prospect qualified(const std::string& firstText) {
        campaign_ = factory_->campaign(
            org_, {.sequenceJson = sequenceWith(firstText), .projectId = project_.id});
        auto prospect =
            factory_->prospect(campaign_, {.status = domain::ProspectStatus::Qualified});
        store_->write([&](storage::Repositories& r) {
            leadmagnet::ensureProspectMagnet(
                r, {project_, prospect, "{}", settings_.publicUrl, 3, kNow});
            outreach::enterSequence(r, prospect, campaign_, kNow);
        });
        return prospect;
    }

    work::Claims claim(domain::Timestamp now) {
        return store_->write([&](storage::Repositories& r) {
            return queue_->claim(r, {"worker-1", 4, now, now + 120'000});
        });
    }

    domain::EmailSend firstSend(const domain::Prospect& p) {
        return store_->read(
            [&](storage::Repositories& r) { return r.emailSends().listForProspect(p.id).at(0); });
    }

    outreach::StepMaterial material(const domain::Prospect& p, int step) {
        return store_->read([&](storage::Repositories& r) {
            auto sequence = outreach::Sequence::parse(*campaign_.sequenceJson);
            return outreach::stepMaterial(r, campaign_, p, sequence.steps.at(step));
        });
    }

    // The magnet's job as its last step leaves it: content written, page stored, held sends
    // released.
    void finishMagnet(const domain::Prospect& p, domain::Timestamp at) {
        auto magnet = store_->read(
            [&](storage::Repositories& r) { return leadmagnet::findProspectMagnet(r, p.id); });
        ASSERT_TRUE(magnet);
        sql("INSERT INTO job_steps (job_id, name, status, started_at, completed_at, output_json) "
            "VALUES ('" +
            magnet->job.id +
            "', 'content_generation', 'completed', 1, 2, "
            "'{\"title\":\"A guide for Analytical Engines\",\"sections\":[]}')");
        sql("UPDATE jobs SET status = 'completed', finished_at = 2 WHERE id = '" + magnet->job.id +
            "'");
        store_->write(
            [&](storage::Repositories& r) { return r.emailSendQueue().releaseHeld(p.id, at); });
    }

    std::unique_ptr<test::Factory> factory_;
    domain::Organisation org_;
    domain::Project project_;
    domain::Campaign campaign_;
    metrics::Metrics metrics_;
    outreach::SendSettings settings_;
    std::unique_ptr<outreach::SendQueue> queue_;
};

}  // namespace

TEST_F(LeadMagnetSend, AStepLinkingToTheMagnetWaitsForItThenGoesWithItsLinkAndTitle) {
    auto ada = qualified("Your page: {{leadMagnetUrl}}");
    EXPECT_TRUE(claim(kNow).empty());
    auto held = firstSend(ada);
    EXPECT_EQ(held.waitingFor, "lead_magnet");
    EXPECT_EQ(held.dueAt, kNow + kRecheck);
    EXPECT_THAT(material(ada, 0).waiting.value_or(""), HasSubstr("being made"));

    finishMagnet(ada, kNow + 5000);
    EXPECT_EQ(firstSend(ada).dueAt, kNow + 5000);
    auto ready = material(ada, 0);
    EXPECT_FALSE(ready.waiting);
    ASSERT_TRUE(ready.leadMagnet);
    EXPECT_THAT(ready.leadMagnet->url, HasSubstr("https://go.acme.example/m/lead_"));
    EXPECT_EQ(ready.leadMagnet->title, "A guide for Analytical Engines");
    EXPECT_EQ(claim(kNow + 5000).size(), 1u);
}

TEST_F(LeadMagnetSend, AStepWithoutTheLinkIsNotHeldBack) {
    auto ada = qualified("No page in this one");
    EXPECT_EQ(claim(kNow).size(), 1u);
    EXPECT_FALSE(material(ada, 0).waiting);
    EXPECT_TRUE(material(ada, 1).waiting);  // the second step uses it
}

TEST_F(LeadMagnetSend, AFailedMagnetPausesTheStepSayingWhy) {
    auto ada = qualified("{{leadMagnetUrl}}");
    sql("UPDATE jobs SET status = 'failed', error = 'the model answered 500' WHERE kind = "
        "'lead_magnet'");
    EXPECT_TRUE(claim(kNow).empty());
    EXPECT_EQ(firstSend(ada).waitingFor, "lead_magnet");
    EXPECT_THAT(material(ada, 0).waiting.value_or(""),
                HasSubstr("its lead magnet failed: the model answered 500"));
    // Looked at again later, it is held again, never sent with no link.
    EXPECT_TRUE(claim(kNow + kRecheck).empty());
    EXPECT_EQ(firstSend(ada).dueAt, kNow + 2 * kRecheck);
}
