// What a reply or a delivery report read from the mailbox does to the prospect it names.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "outreach/InboundReports.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/SuppressionRepository.hpp"
#include "support/Factory.hpp"
#include "unit/storage/StoreFixture.hpp"

using namespace lodestone;
using domain::ProspectStatus;
using ::testing::StartsWith;

namespace {

const std::string kSequence = R"({"from": {"address": "ada@acme.example"},
  "steps": [{"subject": "Hello", "text": "Hi"}, {"delay": "1h", "subject": "Again", "text": "Hi"}]})";

class InboundReportsTest : public storage::test::StoreFixture {
  protected:
    void SetUp() override {
        StoreFixture::SetUp();
        factory_ = std::make_unique<test::Factory>(*store_);
        auto org = factory_->organisation();
        orgId_ = org.id;
        auto campaign = factory_->campaign(org, {.sequenceJson = kSequence});
        prospect_ = factory_->prospect(
            campaign, {.email = "grace@navy.example", .status = ProspectStatus::Qualified});
        store_->write([&](storage::Repositories& r) {
            outreach::enterSequence(r, prospect_, campaign, 1000);
        });
        messageId_ = store_->read([&](storage::Repositories& r) {
            return r.emailSends().listForProspect(prospect_.id).at(0).messageId;
        });
    }

    std::string apply(outreach::InboundReport::Kind kind, std::vector<std::string> ids) {
        return store_->write([&](storage::Repositories& r) {
            return outreach::applyInboundReport(r, {kind, std::move(ids), "summary line"}, 2000);
        });
    }

    ProspectStatus status() {
        return store_->read(
            [&](storage::Repositories& r) { return r.prospects().find(prospect_.id)->status; });
    }

    bool suppressed() {
        return store_
            ->read([&](storage::Repositories& r) {
                return r.suppressions().find(orgId_, "grace@navy.example");
            })
            .has_value();
    }

    std::unique_ptr<test::Factory> factory_;
    std::string orgId_;
    domain::Prospect prospect_;
    std::string messageId_;
};

}  // namespace

TEST_F(InboundReportsTest, AReplyNamingOurMessageStopsItsProspect) {
    auto outcome =
        apply(outreach::InboundReport::Kind::Reply, {"<someone-else@x.example>", messageId_});
    EXPECT_THAT(outcome, StartsWith("replied: " + prospect_.id));
    EXPECT_EQ(status(), ProspectStatus::Replied);
    EXPECT_FALSE(suppressed()) << "a reply is no reason never to write again";
    EXPECT_THAT(apply(outreach::InboundReport::Kind::Reply, {messageId_}),
                StartsWith("replied, already replied"));
}

TEST_F(InboundReportsTest, ABounceSuppressesTheAddressWhateverTheProspectsStatus) {
    apply(outreach::InboundReport::Kind::Reply, {messageId_});
    auto outcome = apply(outreach::InboundReport::Kind::Bounce, {messageId_});
    EXPECT_THAT(outcome, StartsWith("bounced: " + prospect_.id));
    EXPECT_EQ(status(), ProspectStatus::Replied);
    EXPECT_TRUE(suppressed());
}

TEST_F(InboundReportsTest, AMessageNamingNoEmailOfOursChangesNothing) {
    EXPECT_EQ(apply(outreach::InboundReport::Kind::Bounce, {"<nope@x.example>"}),
              "no email of ours named");
    EXPECT_EQ(apply(outreach::InboundReport::Kind::Reply, {}), "no email of ours named");
    EXPECT_EQ(status(), ProspectStatus::Qualified);
    EXPECT_FALSE(suppressed());
}
