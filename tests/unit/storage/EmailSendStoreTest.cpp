// Email sends, sending days, suppressions and the mailbox memory, as the repositories store them.
#include <gtest/gtest.h>

#include <future>
#include <thread>

#include "ProspectStoreFixture.hpp"
#include "StoreSuite.hpp"
#include "storage/EmailSendQueue.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/LeaseRepository.hpp"
#include "storage/MailboxMemoryRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/SuppressionRepository.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using domain::EmailSendStatus;

namespace {

constexpr domain::Timestamp kLease = 60'000;

class EmailSendStore : public storage::test::OnEveryBackend<storage::test::ProspectStoreFixture> {
  protected:
    void SetUp() override {
        ProspectStoreFixture::SetUp();
        ann_ = add(campaign_, "ann@initech.com", domain::ProspectStatus::Qualified);
    }

    domain::EmailSend send(const domain::Prospect& p, int step, domain::Timestamp due) const {
        domain::EmailSend s;
        s.id = domain::newId(domain::IdKind::EmailSend);
        s.organisationId = p.organisationId;
        s.campaignId = p.campaignId;
        s.prospectId = p.id;
        s.step = step;
        s.dueAt = due;
        s.messageId = "<" + s.id + "@acme.example>";
        s.createdAt = s.updatedAt = kT0;
        return s;
    }

    domain::EmailSend insert(const domain::EmailSend& s) {
        store_->write([&](Repositories& r) { r.emailSends().insert(s); });
        return s;
    }

    std::vector<domain::EmailSend> due(domain::Timestamp now, int limit = 10) {
        return store_->read([&](Repositories& r) { return r.emailSendQueue().due(now, limit); });
    }

    bool lease(const std::string& id, const std::string& owner, domain::Timestamp now) {
        return store_->write([&](Repositories& r) {
            return r.emailSendQueue().lease(id, owner, now + kLease, now);
        });
    }

    domain::EmailSend find(const std::string& id) {
        return *store_->read([&](Repositories& r) { return r.emailSends().find(id); });
    }

    SendAttemptEnd ended(const domain::EmailSend& s, const std::string& owner, int number,
                         EmailSendStatus status, domain::Timestamp at) const {
        SendAttemptEnd end;
        end.sendId = s.id;
        end.owner = owner;
        end.number = number;
        end.at = at;
        end.status = status;
        return end;
    }

    domain::Prospect ann_;
};

TEST_P(EmailSendStore, DueSendsComeOldestFirstAndNotBeforeTheirTime) {
    auto later = insert(send(ann_, 1, kT0 + 500));
    auto bob = add(campaign_, "bob@initech.com", domain::ProspectStatus::Qualified);
    auto first = insert(send(bob, 0, kT0 + 100));
    EXPECT_TRUE(due(kT0).empty());
    auto both = due(kT0 + 500);
    ASSERT_EQ(both.size(), 2u);
    EXPECT_EQ(both[0].id, first.id);
    EXPECT_EQ(both[1].id, later.id);
    EXPECT_EQ(due(kT0 + 500, 1).size(), 1u);
}

TEST_P(EmailSendStore, AClaimSeesWhatDueListsAndSkipsWhatAConcurrentClaimHolds) {
    auto first = insert(send(ann_, 0, kT0));
    auto bob = add(campaign_, "bob@initech.com", domain::ProspectStatus::Qualified);
    auto second = insert(send(bob, 0, kT0 + 1));
    auto claimable = [&](Store& store) {
        return store.write(
            [&](Repositories& r) { return r.emailSendQueue().claimable(kT0 + 5, 10); });
    };
    auto all = claimable(*store_);
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all[0].id, first.id);
    if (GetParam().name != "postgresql") return;  // SQLite has one writer at a time, no row locks
    // A claim in progress on another connection holds the first: this one takes the second.
    std::promise<void> holding;
    std::promise<void> done;
    std::thread other([&] {
        auto another = database().open();
        another->write([&](Repositories& r) {
            EXPECT_EQ(r.emailSendQueue().claimable(kT0 + 5, 1).size(), 1u);
            holding.set_value();
            done.get_future().wait();
        });
    });
    holding.get_future().wait();
    auto rest = claimable(*store_);
    done.set_value();
    other.join();
    ASSERT_EQ(rest.size(), 1u);
    EXPECT_EQ(rest[0].id, second.id);
}

TEST_P(EmailSendStore, OneStepPerProspectAndOneMessageIdPerSend) {
    auto s = insert(send(ann_, 0, kT0));
    auto again = send(ann_, 0, kT0);
    EXPECT_THROW(insert(again), Conflict);
    auto found =
        store_->read([&](Repositories& r) { return r.emailSends().findByMessageId(s.messageId); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->id, s.id);
    EXPECT_EQ(found->status, EmailSendStatus::Pending);
}

TEST_P(EmailSendStore, ALeaseCountsTheAttemptAndHidesTheSendFromOtherClaims) {
    auto s = insert(send(ann_, 0, kT0));
    ASSERT_TRUE(lease(s.id, "w1", kT0));
    EXPECT_FALSE(lease(s.id, "w2", kT0));
    EXPECT_TRUE(due(kT0).empty());
    auto leased = find(s.id);
    EXPECT_EQ(leased.attemptCount, 1);
    EXPECT_EQ(leased.leaseOwner, "w1");
    EXPECT_EQ(leased.leaseExpiresAt, kT0 + kLease);
    auto held = store_->read([&](Repositories& r) { return r.emailSendLeases().heldBy({"w1"}); });
    ASSERT_EQ(held.size(), 1u);
    EXPECT_EQ(held[0].id, s.id);
}

TEST_P(EmailSendStore, OnlyTheOwnerOfTheAttemptRecordsItsEnd) {
    auto s = insert(send(ann_, 0, kT0));
    ASSERT_TRUE(lease(s.id, "w1", kT0));
    EXPECT_FALSE(store_->write([&](Repositories& r) {
        return r.emailSendQueue().finishAttempt(ended(s, "w2", 1, EmailSendStatus::Sent, kT0 + 5));
    }));
    EXPECT_FALSE(store_->write([&](Repositories& r) {
        return r.emailSendQueue().finishAttempt(ended(s, "w1", 2, EmailSendStatus::Sent, kT0 + 5));
    }));
    auto end = ended(s, "w1", 1, EmailSendStatus::Sent, kT0 + 5);
    end.smtpReply = "250 2.0.0 queued";
    EXPECT_TRUE(
        store_->write([&](Repositories& r) { return r.emailSendQueue().finishAttempt(end); }));
    auto sent = find(s.id);
    EXPECT_EQ(sent.status, EmailSendStatus::Sent);
    EXPECT_EQ(sent.sentAt, kT0 + 5);
    EXPECT_EQ(sent.smtpReply, "250 2.0.0 queued");
    EXPECT_FALSE(sent.leaseOwner);
}

TEST_P(EmailSendStore, ARetryIsPendingAgainAtItsTime) {
    auto s = insert(send(ann_, 0, kT0));
    ASSERT_TRUE(lease(s.id, "w1", kT0));
    auto end = ended(s, "w1", 1, EmailSendStatus::Pending, kT0 + 5);
    end.retryAt = kT0 + 1000;
    end.error = "refused: 451 4.3.0 try later (at RCPT)";
    ASSERT_TRUE(
        store_->write([&](Repositories& r) { return r.emailSendQueue().finishAttempt(end); }));
    EXPECT_TRUE(due(kT0 + 999).empty());
    auto again = due(kT0 + 1000);
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(again[0].attemptCount, 1);
    EXPECT_EQ(again[0].lastError, end.error);
    EXPECT_EQ(store_->read([&](Repositories& r) { return r.emailSendQueue().nextDue(); }),
              kT0 + 1000);
}

TEST_P(EmailSendStore, AHandedBackClaimIsUncounted) {
    auto s = insert(send(ann_, 0, kT0));
    ASSERT_TRUE(lease(s.id, "w1", kT0));
    EXPECT_FALSE(
        store_->write([&](Repositories& r) { return r.emailSendQueue().release(s.id, "w2", 1); }));
    EXPECT_TRUE(
        store_->write([&](Repositories& r) { return r.emailSendQueue().release(s.id, "w1", 1); }));
    auto back = find(s.id);
    EXPECT_EQ(back.attemptCount, 0);
    EXPECT_FALSE(back.leaseOwner);
    EXPECT_EQ(due(kT0).size(), 1u);
}

TEST_P(EmailSendStore, PostponingAndEndingTouchOnlyUnleasedPendingSends) {
    auto s = insert(send(ann_, 0, kT0));
    EXPECT_TRUE(store_->write(
        [&](Repositories& r) { return r.emailSendQueue().postpone(s.id, kT0 + 9000, kT0); }));
    EXPECT_EQ(find(s.id).dueAt, kT0 + 9000);
    ASSERT_TRUE(lease(s.id, "w1", kT0 + 9000));
    EXPECT_FALSE(store_->write(
        [&](Repositories& r) { return r.emailSendQueue().postpone(s.id, kT0 + 1, kT0); }));
    EXPECT_FALSE(store_->write([&](Repositories& r) {
        return r.emailSendQueue().end(s.id, EmailSendStatus::Cancelled, "replied", kT0);
    }));
    EXPECT_EQ(store_->write(
                  [&](Repositories& r) { return r.emailSends().cancelPending(ann_.id, "x", kT0); }),
              0);
}

TEST_P(EmailSendStore, ASendHeldForItsLeadMagnetIsDueAgainWhenTheMagnetIsReleased) {
    auto held = insert(send(ann_, 0, kT0));
    auto other = add(campaign_, "bob@initech.com", domain::ProspectStatus::Qualified);
    auto untouched = insert(send(other, 0, kT0 + 5));
    ASSERT_TRUE(store_->write([&](Repositories& r) {
        return r.emailSendQueue().holdForLeadMagnet(held.id, kT0 + 600'000, kT0 + 1);
    }));
    EXPECT_EQ(find(held.id).waitingFor, "lead_magnet");
    EXPECT_EQ(find(held.id).dueAt, kT0 + 600'000);
    ASSERT_EQ(due(kT0 + 10).size(), 1u);  // only the other prospect's

    // The magnet is ready: due at once, no longer marked; other prospects' sends stay as they are.
    EXPECT_EQ(store_->write([&](Repositories& r) {
        return r.emailSendQueue().releaseHeld(ann_.id, kT0 + 20);
    }),
              1);
    EXPECT_EQ(find(held.id).waitingFor, std::nullopt);
    EXPECT_EQ(find(held.id).dueAt, kT0 + 20);
    EXPECT_EQ(find(untouched.id).dueAt, kT0 + 5);
    EXPECT_EQ(store_->write([&](Repositories& r) {
        return r.emailSendQueue().releaseHeld(ann_.id, kT0 + 30);
    }),
              0);

    // A lease clears the mark too (the send is being sent, not waiting).
    ASSERT_TRUE(store_->write([&](Repositories& r) {
        return r.emailSendQueue().holdForLeadMagnet(untouched.id, kT0 + 40, kT0 + 30);
    }));
    ASSERT_TRUE(lease(untouched.id, "w1", kT0 + 40));
    EXPECT_EQ(find(untouched.id).waitingFor, std::nullopt);
}

TEST_P(EmailSendStore, CancellingAProspectsSendsLeavesOthersAlone) {
    auto bob = add(campaign_, "bob@initech.com", domain::ProspectStatus::Qualified);
    auto mine = insert(send(ann_, 0, kT0));
    auto his = insert(send(bob, 0, kT0));
    EXPECT_EQ(store_->write([&](Repositories& r) {
        return r.emailSends().cancelPending(ann_.id, "the prospect replied", kT0 + 1);
    }),
              1);
    EXPECT_EQ(find(mine.id).status, EmailSendStatus::Cancelled);
    EXPECT_EQ(find(mine.id).lastError, "the prospect replied");
    EXPECT_EQ(find(his.id).status, EmailSendStatus::Pending);
    auto list =
        store_->read([&](Repositories& r) { return r.emailSends().listForProspect(ann_.id); });
    ASSERT_EQ(list.size(), 1u);
}

TEST_P(EmailSendStore, ACampaignWhoseNextSendIsLaterIsLeftOutOfDueSends) {
    auto bob = add(other_, "bob@initech.com", domain::ProspectStatus::Qualified);
    insert(send(ann_, 0, kT0));
    auto his = insert(send(bob, 0, kT0 + 10));
    domain::SendingDay day{campaign_.id, kT0 - 1000, 200, kT0, kT0 + 5000, kT0 + 5000};
    store_->write([&](Repositories& r) { r.emailSendQueue().saveSendingDay(day); });
    auto now = due(kT0 + 100);
    ASSERT_EQ(now.size(), 1u);
    EXPECT_EQ(now[0].id, his.id);
    EXPECT_EQ(due(kT0 + 5000).size(), 2u);
    // The earliest a send may start: its own due time, or its campaign's next send time.
    store_->write(
        [&](Repositories& r) { r.emailSendQueue().lease(his.id, "w", kT0 + kLease, kT0); });
    EXPECT_EQ(store_->read([&](Repositories& r) { return r.emailSendQueue().nextDue(); }),
              kT0 + 5000);
    auto stored =
        store_->read([&](Repositories& r) { return r.emailSendQueue().sendingDay(campaign_.id); });
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->sends, 200);
    day.sends = 3;
    store_->write([&](Repositories& r) { r.emailSendQueue().saveSendingDay(day); });
    EXPECT_EQ(
        store_->read([&](Repositories& r) { return r.emailSendQueue().sendingDay(campaign_.id); })
            ->sends,
        3);
}

TEST_P(EmailSendStore, APausedCampaignsSendsStayPendingAndOutOfDueSendsUntilResumed) {
    auto bob = add(other_, "bob@initech.com", domain::ProspectStatus::Qualified);
    auto hers = insert(send(ann_, 0, kT0));
    auto his = insert(send(bob, 0, kT0 + 10));
    store_->write([&](Repositories& r) { r.campaigns().pause(campaign_.id, kT0); });
    auto now = due(kT0 + 100);
    ASSERT_EQ(now.size(), 1u);
    EXPECT_EQ(now[0].id, his.id);
    EXPECT_EQ(store_->write([&](Repositories& r) {
        return r.emailSendQueue().claimable(kT0 + 100, 10).size();
    }),
              1u);
    ASSERT_TRUE(lease(his.id, "w", kT0));
    // Nothing due at all while paused: the engine is not woken for her send.
    EXPECT_FALSE(store_->read([&](Repositories& r) { return r.emailSendQueue().nextDue(); }));
    EXPECT_EQ(find(hers.id).status, EmailSendStatus::Pending);
    EXPECT_EQ(find(hers.id).dueAt, kT0);
    store_->write([&](Repositories& r) { r.campaigns().resume(campaign_.id); });
    ASSERT_EQ(due(kT0 + 100).size(), 1u);
    EXPECT_EQ(due(kT0 + 100)[0].id, hers.id);
    EXPECT_EQ(store_->read([&](Repositories& r) { return r.emailSendQueue().nextDue(); }), kT0);
}

TEST_P(EmailSendStore, ASpentCapHoldsNewEmailsButNotRetries) {
    auto fresh = insert(send(ann_, 0, kT0));
    auto bob = add(campaign_, "bob@initech.com", domain::ProspectStatus::Qualified);
    auto retry = insert(send(bob, 0, kT0));
    ASSERT_TRUE(lease(retry.id, "w", kT0));
    ASSERT_TRUE(store_->write(
        [&](Repositories& r) { return r.emailSendQueue().release(retry.id, "w", 1); }));
    ASSERT_TRUE(lease(retry.id, "w", kT0));
    auto end = ended(retry, "w", 1, EmailSendStatus::Pending, kT0);
    end.retryAt = kT0;
    ASSERT_TRUE(
        store_->write([&](Repositories& r) { return r.emailSendQueue().finishAttempt(end); }));
    // The cap is spent until tomorrow; the gap has passed.
    domain::SendingDay day{campaign_.id, kT0 - 1000, 2, kT0 - 500, kT0 - 400, kT0 + 86'400'000};
    store_->write([&](Repositories& r) { r.emailSendQueue().saveSendingDay(day); });
    auto now = due(kT0 + 10);
    ASSERT_EQ(now.size(), 1u);
    EXPECT_EQ(now[0].id, retry.id);
    store_->write(
        [&](Repositories& r) { r.emailSendQueue().lease(retry.id, "w2", kT0 + kLease, kT0); });
    EXPECT_EQ(store_->read([&](Repositories& r) { return r.emailSendQueue().nextDue(); }),
              kT0 + 86'400'000)
        << fresh.id << " waits for tomorrow";
}

TEST_P(EmailSendStore, TheFirstSuppressionOfAnAddressStays) {
    domain::Suppression first;
    first.organisationId = org_.id;
    first.address = "ann@initech.com";
    first.reason = domain::SuppressionReason::Bounced;
    first.prospectId = ann_.id;
    first.campaignId = campaign_.id;
    first.detail = "550 5.1.1";
    first.createdAt = kT0;
    EXPECT_TRUE(store_->write([&](Repositories& r) { return r.suppressions().add(first); }));
    auto second = first;
    second.reason = domain::SuppressionReason::Unsubscribed;
    EXPECT_FALSE(store_->write([&](Repositories& r) { return r.suppressions().add(second); }));
    auto found = store_->read(
        [&](Repositories& r) { return r.suppressions().find(org_.id, "ann@initech.com"); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->reason, domain::SuppressionReason::Bounced);
    EXPECT_EQ(found->detail, "550 5.1.1");
    EXPECT_FALSE(store_->read(
        [&](Repositories& r) { return r.suppressions().find(org_.id, "bob@initech.com"); }));
}

TEST_P(EmailSendStore, TheMailboxMemoryKnowsEachMessageOnce) {
    EXPECT_FALSE(
        store_->read([&](Repositories& r) { return r.mailboxMemory().seen("box", "uid-1"); }));
    store_->write([&](Repositories& r) {
        r.mailboxMemory().remember("box", "uid-1", "replied: prospect_x", kT0);
        r.mailboxMemory().remember("box", "uid-1", "again", kT0 + 1);
    });
    EXPECT_TRUE(
        store_->read([&](Repositories& r) { return r.mailboxMemory().seen("box", "uid-1"); }));
    EXPECT_FALSE(
        store_->read([&](Repositories& r) { return r.mailboxMemory().seen("other", "uid-1"); }));
}

TEST_P(EmailSendStore, UnsubscribeTokensFindTheirProspect) {
    auto found = store_->read([&](Repositories& r) {
        return r.prospects().findByUnsubscribeToken(ann_.unsubscribeToken);
    });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->id, ann_.id);
    EXPECT_FALSE(store_->read(
        [&](Repositories& r) { return r.prospects().findByUnsubscribeToken("nope"); }));
}

INSTANTIATE_TEST_SUITE_P(, EmailSendStore, storage::test::everyBackend(),
                         storage::test::backendName);

}  // namespace
