// The email sends as a kind of work: claims inside the sending window, the daily cap and the
// gap, under a clock the test sets; what each outcome writes for the send and the prospect.
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

#include "domain/Ids.hpp"
#include "metrics/Series.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "outreach/sending/SendQueue.hpp"
#include "plugins/PluginError.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/EmailSendQueue.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/LeaseRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/SuppressionRepository.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "storage/WebhookEndpointRepository.hpp"
#include "support/Factory.hpp"
#include "unit/storage/StoreFixture.hpp"

using namespace lodestone;
using domain::EmailSendStatus;
using domain::ProspectStatus;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using namespace std::chrono_literals;

namespace {

constexpr domain::Timestamp kMinute = 60'000;
constexpr domain::Timestamp kHour = 60 * kMinute;
constexpr domain::Timestamp kDay = 24 * kHour;
// Monday 23 November 2026, 00:00 UTC: London is on UTC, New York five hours behind.
constexpr domain::Timestamp kMonday = 1'795'392'000'000;

const std::string kSequence = R"({
  "from": {"address": "ada@acme.example", "name": "Ada at Acme"},
  "window": {"days": ["mon", "tue", "wed", "thu", "fri"], "start": "09:00", "end": "17:30",
             "timezone": "Europe/London"},
  "daily_cap": 2,
  "min_gap": "90s",
  "steps": [
    {"delay": "0s", "subject": "{{firstName}}, a question", "text": "Hello {{firstName}}"},
    {"delay": "3d", "subject": "Following up", "text": "Still there? {{unsubscribeUrl}}"}
  ]
})";

class SendQueueTest : public storage::test::StoreFixture {
  protected:
    void SetUp() override {
        StoreFixture::SetUp();
        factory_ = std::make_unique<test::Factory>(*store_);
        org_ = factory_->organisation();
        campaign_ = factory_->campaign(org_, {.sequenceJson = kSequence});
        settings_.publicUrl = "https://go.acme.example";
        settings_.maxAttempts = 3;
        settings_.retries = work::RetryPolicy(10s);
        settings_.series = &metrics_.series();
        queue_ = std::make_unique<outreach::SendQueue>(settings_);
    }

    // A qualified prospect entering the sequence at `at`.
    domain::Prospect qualified(const std::string& email, domain::Timestamp at,
                               std::optional<std::string> timezone = std::nullopt,
                               const domain::Campaign* campaign = nullptr) {
        const auto& in = campaign ? *campaign : campaign_;
        auto prospect = factory_->prospect(
            in, {.email = email, .status = ProspectStatus::Qualified, .timezone = timezone});
        store_->write([&](storage::Repositories& r) {
            outreach::enterSequence(r, prospect, *r.campaigns().find(in.id), at);
        });
        return prospect;
    }

    work::Claims claim(domain::Timestamp now, int limit = 4) {
        return store_->write([&](storage::Repositories& r) {
            return queue_->claim(r, {"worker-1", limit, now, now + 2 * kMinute});
        });
    }

    std::vector<domain::EmailSend> sendsOf(const domain::Prospect& p) {
        return store_->read(
            [&](storage::Repositories& r) { return r.emailSends().listForProspect(p.id); });
    }

    domain::Prospect find(const domain::Prospect& p) {
        return *store_->read([&](storage::Repositories& r) { return r.prospects().find(p.id); });
    }

    // Runs the attempt as the engine would, with the mailer's answer given.
    work::Recorded finish(work::Claim& claim, const work::CallEnd& end, domain::Timestamp now) {
        auto control = std::make_shared<plugins::RunControl>();
        auto prepared = queue_->prepare(claim, control);
        EXPECT_TRUE(prepared.call) << "a call to the mailer";
        auto outcome = queue_->conclude(claim, end, *control);
        auto recorded = store_->write(
            [&](storage::Repositories& r) { return queue_->record(r, claim, outcome, now); });
        if (recorded.held) queue_->recorded(claim, outcome, recorded);
        return recorded;
    }

    // lodestone_emails_total{outcome}, or lodestone_retries_total{kind="email"} for "retry".
    std::uint64_t counted(const std::string& outcome) const {
        if (outcome == "retry") return metrics_.series().retries.with({"email"}).value();
        return metrics_.series().emails.with({outcome}).value();
    }

    static work::CallEnd answered(const std::string& output) {
        return {work::CallEnding::Finished, output, nullptr};
    }
    static work::CallEnd accepted() {
        return answered(R"({"accepted":true,"code":250,"reply":"250 2.0.0 Ok: queued"})");
    }

    std::unique_ptr<test::Factory> factory_;
    domain::Organisation org_;
    domain::Campaign campaign_;
    metrics::Metrics metrics_;
    outreach::SendSettings settings_;
    std::unique_ptr<outreach::SendQueue> queue_;
};

TEST_F(SendQueueTest, AQualifiedProspectGetsItsFirstEmailScheduledWithAStableMessageId) {
    auto ann = qualified("ann@initech.example", kMonday + 10 * kHour);
    auto sends = sendsOf(ann);
    ASSERT_EQ(sends.size(), 1u);
    EXPECT_EQ(sends[0].step, 0);
    EXPECT_EQ(sends[0].status, EmailSendStatus::Pending);
    EXPECT_EQ(sends[0].dueAt, kMonday + 10 * kHour);
    EXPECT_EQ(sends[0].messageId, "<" + sends[0].id + "@acme.example>");
}

TEST_F(SendQueueTest, BeforeTheWindowOpensTheSendWaitsForIt) {
    auto ann = qualified("ann@initech.example", kMonday + 8 * kHour);
    EXPECT_TRUE(claim(kMonday + 8 * kHour).empty());
    EXPECT_EQ(sendsOf(ann)[0].dueAt, kMonday + 9 * kHour);
    EXPECT_EQ(claim(kMonday + 9 * kHour).size(), 1u);
}

TEST_F(SendQueueTest, AfterFridaysWindowTheSendWaitsForMonday) {
    const auto friday = kMonday + 4 * kDay;
    auto ann = qualified("ann@initech.example", friday + 17 * kHour + 45 * kMinute);
    EXPECT_TRUE(claim(friday + 18 * kHour).empty());
    EXPECT_EQ(sendsOf(ann)[0].dueAt, kMonday + 7 * kDay + 9 * kHour);
}

TEST_F(SendQueueTest, TheWindowIsReadInTheProspectsOwnTimeZone) {
    auto ann = qualified("ann@initech.example", kMonday + 10 * kHour, "America/New_York");
    EXPECT_TRUE(claim(kMonday + 10 * kHour).empty());
    EXPECT_EQ(sendsOf(ann)[0].dueAt, kMonday + 14 * kHour) << "09:00 in New York";
}

TEST_F(SendQueueTest, TheMinimumGapHoldsTheCampaignsNextSend) {
    const auto nine = kMonday + 9 * kHour;
    qualified("ann@initech.example", nine);
    qualified("bob@initech.example", nine);
    EXPECT_EQ(claim(nine).size(), 1u) << "one send, then 90 s before the next";
    EXPECT_TRUE(claim(nine + 89'000).empty());
    EXPECT_EQ(claim(nine + 90'000).size(), 1u);
}

TEST_F(SendQueueTest, TheDailyCapWaitsForTheNextLocalDayAndDropsNothing) {
    const auto nine = kMonday + 9 * kHour;
    auto ann = qualified("ann@initech.example", nine);
    auto bob = qualified("bob@initech.example", nine);
    auto cat = qualified("cat@initech.example", nine);
    EXPECT_EQ(claim(nine).size(), 1u);
    EXPECT_EQ(claim(nine + 2 * kMinute).size(), 1u);
    EXPECT_TRUE(claim(nine + 4 * kMinute).empty()) << "the cap of 2 is spent";
    EXPECT_TRUE(claim(kMonday + 17 * kHour).empty());
    EXPECT_EQ(store_->read([](storage::Repositories& r) { return r.emailSendQueue().nextDue(); }),
              kMonday + kDay)
        << "midnight in London: the next local day";
    EXPECT_TRUE(claim(kMonday + kDay).empty()) << "Tuesday, but before the window";
    auto tuesday = claim(kMonday + kDay + 9 * kHour);
    ASSERT_EQ(tuesday.size(), 1u);
    EXPECT_EQ(tuesday[0]->itemId, sendsOf(cat)[0].id);
    (void)ann;
    (void)bob;
}

TEST_F(SendQueueTest, ARaisedCapAppliesToEmailsAlreadyHeldBack) {
    const auto nine = kMonday + 9 * kHour;
    qualified("ann@initech.example", nine);
    qualified("bob@initech.example", nine);
    auto cat = qualified("cat@initech.example", nine);
    EXPECT_EQ(claim(nine).size(), 1u);
    EXPECT_EQ(claim(nine + 2 * kMinute).size(), 1u);
    EXPECT_TRUE(claim(nine + 4 * kMinute).empty()) << "the cap of 2 is spent";

    // What lodestonectl campaign update --sequence does (admin::Administration).
    store_->write([&](storage::Repositories& r) {
        auto campaign = *r.campaigns().find(campaign_.id);
        auto json = kSequence;
        json.replace(json.find("\"daily_cap\": 2"), 14, "\"daily_cap\": 9");
        campaign.sequenceJson = json;
        campaign.updatedAt = nine + 5 * kMinute;
        r.campaigns().update(campaign);
        r.emailSendQueue().reopenSendingDay(campaign_.id);
    });
    auto now = claim(nine + 6 * kMinute);
    ASSERT_EQ(now.size(), 1u);
    EXPECT_EQ(now[0]->itemId, sendsOf(cat)[0].id);
}

TEST_F(SendQueueTest, AProspectWhoseRemainingStepsWereRemovedHasCompleted) {
    const auto nine = kMonday + 9 * kHour;
    auto ann = qualified("ann@initech.example", nine);
    auto first = claim(nine);
    ASSERT_EQ(first.size(), 1u);
    finish(*first[0], accepted(), nine + 1000);
    ASSERT_EQ(find(ann).status, ProspectStatus::InSequence);

    store_->write([&](storage::Repositories& r) {
        auto campaign = *r.campaigns().find(campaign_.id);
        auto json = kSequence;
        auto second = json.find(",\n    {\"delay\": \"3d\"");
        json.replace(second, json.find("]", second) - second, "");
        campaign.sequenceJson = json;
        campaign.updatedAt = nine + 2000;
        r.campaigns().update(campaign);
    });
    EXPECT_TRUE(claim(nine + 3 * kDay + 5000).empty());
    EXPECT_EQ(sendsOf(ann)[1].status, EmailSendStatus::Cancelled);
    EXPECT_EQ(find(ann).status, ProspectStatus::Completed);
}

TEST_F(SendQueueTest, ASendOfAProspectThatRepliedMeanwhileIsCancelledNotSent) {
    auto ann = qualified("ann@initech.example", kMonday + 9 * kHour);
    store_->write([&](storage::Repositories& r) {
        r.prospects().transition(ann.id, {ProspectStatus::Qualified}, ProspectStatus::Replied,
                                 kMonday + 9 * kHour);
    });
    EXPECT_TRUE(claim(kMonday + 9 * kHour).empty());
    auto sends = sendsOf(ann);
    EXPECT_EQ(sends[0].status, EmailSendStatus::Cancelled);
    EXPECT_THAT(sends[0].lastError.value_or(""), HasSubstr("replied"));
}

TEST_F(SendQueueTest, ASentEmailSchedulesTheNextStepAfterItsDelay) {
    const auto nine = kMonday + 9 * kHour;
    auto ann = qualified("ann@initech.example", nine);
    auto claims = claim(nine);
    ASSERT_EQ(claims.size(), 1u);
    auto recorded = finish(*claims[0], accepted(), nine + 1000);
    EXPECT_TRUE(recorded.held);
    auto sends = sendsOf(ann);
    ASSERT_EQ(sends.size(), 2u);
    EXPECT_EQ(sends[0].status, EmailSendStatus::Sent);
    EXPECT_EQ(sends[0].sentAt, nine + 1000);
    EXPECT_THAT(sends[0].smtpReply.value_or(""), HasSubstr("250 2.0.0"));
    EXPECT_EQ(sends[1].dueAt, nine + 1000 + 3 * kDay);
    EXPECT_EQ(find(ann).status, ProspectStatus::InSequence);

    auto thursday = claim(nine + 1000 + 3 * kDay);
    ASSERT_EQ(thursday.size(), 1u);
    finish(*thursday[0], accepted(), nine + 2000 + 3 * kDay);
    EXPECT_EQ(find(ann).status, ProspectStatus::Completed);
    EXPECT_EQ(sendsOf(ann).size(), 2u);
}

TEST_F(SendQueueTest, AHardBounceStopsTheProspectAndSuppressesTheAddressInEveryCampaign) {
    const auto nine = kMonday + 9 * kHour;
    auto other = factory_->campaign(org_, {.sequenceJson = kSequence});
    auto ann = qualified("ann@initech.example", nine);
    auto annElsewhere = qualified("ANN@initech.example", nine, std::nullopt, &other);
    auto claims = claim(nine, 1);
    ASSERT_EQ(claims.size(), 1u);
    finish(*claims[0],
           answered(R"({"accepted":false,"permanent":true,"stage":"RCPT","code":550,)"
                    R"("reply":"550 5.1.1 <ann@initech.example>: user unknown"})"),
           nine + 1000);
    const auto bounced = claims[0]->itemId == sendsOf(ann)[0].id ? ann : annElsewhere;
    const auto spared = claims[0]->itemId == sendsOf(ann)[0].id ? annElsewhere : ann;
    EXPECT_EQ(find(bounced).status, ProspectStatus::Bounced);
    EXPECT_EQ(sendsOf(bounced)[0].status, EmailSendStatus::Bounced);
    EXPECT_THAT(sendsOf(bounced)[0].lastError.value_or(""), HasSubstr("550 5.1.1"));

    EXPECT_TRUE(claim(nine + 10 * kMinute).empty());
    EXPECT_EQ(find(spared).status, ProspectStatus::Bounced);
    EXPECT_THAT(find(spared).error.value_or("") + store_->read([&](storage::Repositories& r) {
        return r.prospects().history(spared.id).back().detail.value_or("");
    }),
                HasSubstr("suppressed"));
    EXPECT_EQ(sendsOf(spared)[0].status, EmailSendStatus::Cancelled);
}

TEST_F(SendQueueTest, AHardBounceOfAnEmailInFlightWhenTheProspectRepliedStillSuppresses) {
    const auto nine = kMonday + 9 * kHour;
    auto ann = qualified("ann@initech.example", nine);
    auto claims = claim(nine);
    ASSERT_EQ(claims.size(), 1u);
    store_->write([&](storage::Repositories& r) {
        outreach::stopSequence(r, ann, ProspectStatus::Replied, "replied", nine + 10);
    });
    finish(*claims[0], answered(R"({"accepted":false,"permanent":true,"stage":"RCPT","code":550})"),
           nine + 1000);
    EXPECT_EQ(find(ann).status, ProspectStatus::Replied) << "a reply is a reply";
    auto suppressed = store_->read([&](storage::Repositories& r) {
        return r.suppressions().find(org_.id, "ann@initech.example");
    });
    ASSERT_TRUE(suppressed) << "but the address does not work";
    EXPECT_EQ(suppressed->reason, domain::SuppressionReason::Bounced);
}

TEST_F(SendQueueTest, ATemporaryRefusalIsRetriedThenFailsTheProspect) {
    const auto nine = kMonday + 9 * kHour;
    auto ann = qualified("ann@initech.example", nine);
    const auto refusal = answered(
        R"({"accepted":false,"permanent":false,"stage":"RCPT","code":451,"reply":"451 4.3.0 later"})");
    auto now = nine;
    for (int attempt = 1; attempt <= 3; ++attempt) {
        auto claims = claim(now);
        ASSERT_EQ(claims.size(), 1u) << "attempt " << attempt;
        auto recorded = finish(*claims[0], refusal, now + 1000);
        if (attempt < 3) {
            ASSERT_TRUE(recorded.retryAt);
            EXPECT_GE(*recorded.retryAt, now + 1000 + 8'000);
            EXPECT_EQ(sendsOf(ann)[0].status, EmailSendStatus::Pending);
            now = *recorded.retryAt + 2 * kMinute;  // past the gap as well
        } else {
            EXPECT_FALSE(recorded.retryAt);
        }
    }
    EXPECT_EQ(sendsOf(ann)[0].status, EmailSendStatus::Failed);
    EXPECT_EQ(sendsOf(ann)[0].attemptCount, 3);
    EXPECT_EQ(find(ann).status, ProspectStatus::Failed);
    EXPECT_THAT(find(ann).error.value_or(""), HasSubstr("451 4.3.0"));
}

TEST_F(SendQueueTest, EachRecordedAttemptIsCountedByItsOutcome) {
    const auto nine = kMonday + 9 * kHour;
    std::map<std::string, std::uint64_t> before;
    for (const char* outcome : {"sent", "bounced", "retried", "failed", "retry"}) {
        before[outcome] = counted(outcome);
    }
    // Three campaigns, so that no gap between one campaign's sends holds any back.
    auto second = factory_->campaign(org_, {.sequenceJson = kSequence});
    auto third = factory_->campaign(org_, {.sequenceJson = kSequence});
    qualified("ann@initech.example", nine);
    qualified("bob@initech.example", nine, std::nullopt, &second);
    qualified("cat@initech.example", nine, std::nullopt, &third);
    auto claims = claim(nine);
    ASSERT_EQ(claims.size(), 3u);
    finish(*claims[0], accepted(), nine + 5);
    finish(*claims[1], answered(R"({"accepted":false,"permanent":true,"stage":"RCPT","code":550})"),
           nine + 5);
    finish(*claims[2], answered(R"({"accepted":false,"permanent":false,"code":451})"), nine + 5);

    EXPECT_EQ(counted("sent") - before["sent"], 1u);
    EXPECT_EQ(counted("bounced") - before["bounced"], 1u);
    EXPECT_EQ(counted("retried") - before["retried"], 1u);
    EXPECT_EQ(counted("retry") - before["retry"], 1u);
    EXPECT_EQ(counted("failed") - before["failed"], 0u);
}

TEST_F(SendQueueTest, AMessageTheMailerCannotSendFailsAtOnce) {
    const auto nine = kMonday + 9 * kHour;
    auto ann = qualified("ann@initech.example", nine);
    auto claims = claim(nine);
    ASSERT_EQ(claims.size(), 1u);
    auto error = std::make_exception_ptr(
        plugins::PluginError("smtp", LODESTONE_ERROR_INVALID_INPUT, "to.address: not an address"));
    auto recorded = finish(*claims[0], {work::CallEnding::Finished, "", error}, nine + 5);
    EXPECT_FALSE(recorded.retryAt);
    EXPECT_EQ(sendsOf(ann)[0].status, EmailSendStatus::Failed);
    EXPECT_EQ(find(ann).status, ProspectStatus::Failed);
}

TEST_F(SendQueueTest, AnAnswerOutsideTheContractIsARetryableFailure) {
    const auto nine = kMonday + 9 * kHour;
    qualified("ann@initech.example", nine);
    auto claims = claim(nine);
    ASSERT_EQ(claims.size(), 1u);
    auto recorded = finish(*claims[0], answered(R"({"ok":true})"), nine + 5);
    EXPECT_TRUE(recorded.retryAt);
}

TEST_F(SendQueueTest, ALostClaimIsRescuedAsAFailedAttemptThatMayHaveBeenSent) {
    const auto nine = kMonday + 9 * kHour;
    auto ann = qualified("ann@initech.example", nine);
    ASSERT_EQ(claim(nine).size(), 1u);
    auto lease = store_->read(
        [](storage::Repositories& r) { return r.emailSendLeases().heldBy({"worker-1"}); });
    ASSERT_EQ(lease.size(), 1u);
    auto rescue = store_->write([&](storage::Repositories& r) {
        return queue_->table().rescue(r, lease[0], work::LostBecause::Expired,
                                      lease[0].expiresAt + 1);
    });
    EXPECT_TRUE(rescue.recorded.held);
    EXPECT_TRUE(rescue.recorded.retryAt);
    auto sends = sendsOf(ann);
    EXPECT_EQ(sends[0].status, EmailSendStatus::Pending);
    EXPECT_THAT(sends[0].lastError.value_or(""), HasSubstr("same Message-ID"));
    EXPECT_EQ(sends[0].attemptCount, 1);
}

TEST_F(SendQueueTest, ACampaignWithoutASequenceSchedulesNothing) {
    auto plain = factory_->campaign(org_);
    auto ann = qualified("ann@initech.example", kMonday, std::nullopt, &plain);
    EXPECT_TRUE(sendsOf(ann).empty());
    EXPECT_EQ(find(ann).status, ProspectStatus::Qualified);
}

TEST_F(SendQueueTest, ASuppressedAddressNeverEntersASequence) {
    store_->write([&](storage::Repositories& r) {
        domain::Suppression unsubscribed;
        unsubscribed.organisationId = org_.id;
        unsubscribed.address = "ann@initech.example";
        unsubscribed.reason = domain::SuppressionReason::Unsubscribed;
        unsubscribed.createdAt = kMonday;
        r.suppressions().add(unsubscribed);
    });
    auto ann = qualified("Ann@Initech.example", kMonday);
    EXPECT_TRUE(sendsOf(ann).empty());
    EXPECT_EQ(find(ann).status, ProspectStatus::Unsubscribed);
}

TEST_F(SendQueueTest, ADomainSuppressedAfterSchedulingStopsTheSendWhenItComesDue) {
    auto ann = qualified("ann@eu.initech.example", kMonday + 9 * kHour);
    // Written behind the list's back (as another host's entry would be found only at send time):
    // the send-time check itself must cover the address's parent domain.
    store_->write([&](storage::Repositories& r) {
        domain::Suppression entry;
        entry.organisationId = org_.id;
        entry.kind = domain::SuppressionKind::Domain;
        entry.domain = "initech.example";
        entry.reason = domain::SuppressionReason::Added;
        entry.addedBy = "lodestonectl";
        entry.createdAt = kMonday;
        r.suppressions().add(entry);
    });
    EXPECT_TRUE(claim(kMonday + 9 * kHour).empty());
    EXPECT_EQ(find(ann).status, ProspectStatus::Completed);
    auto sends = sendsOf(ann);
    EXPECT_EQ(sends[0].status, EmailSendStatus::Cancelled);
    EXPECT_THAT(sends[0].lastError.value_or(""), HasSubstr("initech.example"));
}

}  // namespace

// Lifecycle events of sending (docs/events.md), to an endpoint subscribed to all of them.
class SendQueueEvents : public SendQueueTest {
  protected:
    void SetUp() override {
        SendQueueTest::SetUp();
        domain::WebhookEndpoint endpoint;
        endpoint.id = domain::newId(domain::IdKind::WebhookEndpoint);
        endpoint.organisationId = org_.id;
        endpoint.url = "https://hooks.acme.example/events";
        endpoint.secret = "whsec_dGVzdA==";
        endpoint.events = {"email.sent", "email.bounced", "lead.failed", "prospect.unsubscribed"};
        store_->write([&](storage::Repositories& r) { r.webhookEndpoints().insert(endpoint); });
    }

    // "type about prospect", oldest first.
    std::vector<std::string> told() {
        auto all =
            store_->read([&](storage::Repositories& r) { return r.webhookDeliveries().list({}); });
        std::vector<std::string> events;
        for (auto it = all.rbegin(); it != all.rend(); ++it) {
            auto payload =
                Poco::JSON::Parser().parse(it->payloadJson).extract<Poco::JSON::Object::Ptr>();
            events.push_back(it->event + " about " +
                             payload->getObject("prospect")->getValue<std::string>("email"));
        }
        return events;
    }
};

TEST_F(SendQueueEvents, ASentEmailIsToldOnceWithItsStepAndMessageId) {
    const auto nine = kMonday + 9 * kHour;
    auto ann = qualified("ann@initech.example", nine);
    auto claims = claim(nine);
    ASSERT_EQ(claims.size(), 1u);
    finish(*claims[0], accepted(), nine + 1000);
    EXPECT_THAT(told(), ElementsAre("email.sent about ann@initech.example"));
    auto sent =
        store_->read([&](storage::Repositories& r) { return r.webhookDeliveries().list({}); });
    auto email = Poco::JSON::Parser()
                     .parse(sent[0].payloadJson)
                     .extract<Poco::JSON::Object::Ptr>()
                     ->getObject("email");
    EXPECT_EQ(email->getValue<int>("step"), 1);
    EXPECT_EQ(email->getValue<std::string>("messageId"), sendsOf(ann)[0].messageId);
}

TEST_F(SendQueueEvents, ABounceIsToldForItsProspectNotForThoseOnlySuppressedByIt) {
    const auto nine = kMonday + 9 * kHour;
    auto other = factory_->campaign(org_, {.sequenceJson = kSequence});
    qualified("ann@initech.example", nine);
    qualified("ANN@initech.example", nine, std::nullopt, &other);
    auto claims = claim(nine, 1);
    ASSERT_EQ(claims.size(), 1u);
    finish(*claims[0],
           answered(R"({"accepted":false,"permanent":true,"stage":"RCPT","code":550,)"
                    R"("reply":"550 5.1.1 user unknown"})"),
           nine + 1000);
    EXPECT_TRUE(claim(nine + 10 * kMinute).empty());  // the other campaign's stops, suppressed
    auto events = told();
    ASSERT_EQ(events.size(), 1u);
    EXPECT_THAT(events[0], HasSubstr("email.bounced about "));
}

TEST_F(SendQueueEvents, AnEmailThatCannotBeSentForGoodIsLeadFailed) {
    const auto nine = kMonday + 9 * kHour;
    qualified("ann@initech.example", nine);
    const auto refusal = answered(
        R"({"accepted":false,"permanent":false,"stage":"RCPT","code":451,"reply":"451 4.3.0 later"})");
    auto now = nine;
    for (int attempt = 1; attempt <= 3; ++attempt) {
        auto claims = claim(now);
        ASSERT_EQ(claims.size(), 1u) << "attempt " << attempt;
        auto recorded = finish(*claims[0], refusal, now + 1000);
        if (recorded.retryAt) now = *recorded.retryAt + 2 * kMinute;
    }
    EXPECT_THAT(told(), ElementsAre("lead.failed about ann@initech.example"));
}
