// What a list export reads of a campaign's prospects: their customData keys, and each page with
// its last email, reply and meeting (docs/lists.md).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ProspectStoreFixture.hpp"
#include "StoreSuite.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/MeetingRepository.hpp"
#include "storage/ProspectRepository.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using domain::ProspectStatus;
using ::testing::ElementsAre;

namespace {

class ProspectExportStore
    : public storage::test::OnEveryBackend<storage::test::ProspectStoreFixture> {
  protected:
    domain::Prospect addWith(const domain::Campaign& in, const std::string& email,
                             const std::string& inputJson, domain::Timestamp at) {
        auto p = prospect(in, email);
        p.inputJson = inputJson;
        p.createdAt = p.updatedAt = at;
        store_->write([&](Repositories& r) { r.prospects().insert(p); });
        return p;
    }

    void sent(const domain::Prospect& p, int step, std::optional<domain::Timestamp> at) {
        domain::EmailSend send;
        send.id = domain::newId(domain::IdKind::Job);
        send.organisationId = p.organisationId;
        send.campaignId = p.campaignId;
        send.prospectId = p.id;
        send.step = step;
        send.status = at ? domain::EmailSendStatus::Sent : domain::EmailSendStatus::Pending;
        send.dueAt = send.createdAt = send.updatedAt = kT0;
        send.messageId = "<" + send.id + "@example.com>";
        send.sentAt = at;
        store_->write([&](Repositories& r) { r.emailSends().insert(send); });
    }

    void meeting(const domain::Prospect& p, const std::string& at, domain::Timestamp created,
                 bool cancelled) {
        domain::Meeting m;
        m.id = domain::newId(domain::IdKind::Job);
        m.campaignId = p.campaignId;
        m.prospectId = p.id;
        m.scheduledAt = at;
        m.durationMinutes = 30;
        m.title = "Call";
        m.createdAt = created;
        store_->write([&](Repositories& r) {
            r.meetings().insert(m);
            if (cancelled) r.meetings().cancel(m.id, created + 1);
        });
    }
};

INSTANTIATE_TEST_SUITE_P(, ProspectExportStore, storage::test::everyBackend(),
                         storage::test::backendName);

}  // namespace

TEST_P(ProspectExportStore, CustomDataKeysAreThoseOfTheFilteredProspectsSorted) {
    addWith(campaign_, "a@x.com", R"({"customData":{"tier":"gold","Źródło":"fair"}})", kT0);
    auto b = addWith(campaign_, "b@x.com", R"({"customData":{"owner":"sam","tier":"x"}})", kT0 + 1);
    addWith(campaign_, "c@x.com", R"({"customData":"not an object"})", kT0 + 2);
    addWith(campaign_, "d@x.com", R"({"companyName":"Initech"})", kT0 + 3);
    addWith(other_, "e@x.com", R"({"customData":{"elsewhere":"1"}})", kT0 + 4);
    store_->write([&](Repositories& r) {
        r.prospects().transition(b.id, {ProspectStatus::Queued}, ProspectStatus::Qualified, kT0);
    });

    ProspectFilter all{campaign_.id};
    auto keys = store_->read([&](Repositories& r) { return r.prospects().customDataKeys(all); });
    EXPECT_THAT(keys, ElementsAre("owner", "tier", "Źródło"));
    ProspectFilter qualified{campaign_.id, ProspectStatus::Qualified};
    keys = store_->read([&](Repositories& r) { return r.prospects().customDataKeys(qualified); });
    EXPECT_THAT(keys, ElementsAre("owner", "tier"));
}

TEST_P(ProspectExportStore, EachRowCarriesItsLastEmailReplyAndMeeting) {
    auto quiet = addWith(campaign_, "quiet@x.com", "{}", kT0);
    auto busy = addWith(campaign_, "busy@x.com", "{}", kT0 + 1);
    sent(busy, 0, kT0 + 100);
    sent(busy, 1, kT0 + 200);
    sent(busy, 2, std::nullopt);
    meeting(busy, "2026-12-01T15:00:00Z", kT0 + 10, false);
    meeting(busy, "2026-12-02T15:00:00Z", kT0 + 20, true);
    store_->write([&](Repositories& r) {
        r.prospects().transition(busy.id, {ProspectStatus::Queued}, ProspectStatus::Replied,
                                 kT0 + 300);
        r.prospects().transition(busy.id, {ProspectStatus::Replied}, ProspectStatus::MeetingBooked,
                                 kT0 + 400);
    });

    auto rows = store_->read(
        [&](Repositories& r) { return r.prospects().exportPage({campaign_.id}, PageRequest{10}); });
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].prospect.id, busy.id);  // newest first
    EXPECT_EQ(rows[0].outcome.lastEmailAt, kT0 + 200);
    EXPECT_TRUE(rows[0].outcome.replied);
    EXPECT_EQ(rows[0].outcome.meetingAt, "2026-12-01T15:00:00Z") << "the cancelled one is not";
    EXPECT_EQ(rows[1].prospect.id, quiet.id);
    EXPECT_EQ(rows[1].outcome.lastEmailAt, std::nullopt);
    EXPECT_FALSE(rows[1].outcome.replied);
    EXPECT_EQ(rows[1].outcome.meetingAt, std::nullopt);

    auto second = store_->read([&](Repositories& r) {
        return r.prospects().exportPage({campaign_.id},
                                        PageRequest{10, PageStart{busy.createdAt, busy.id}});
    });
    ASSERT_EQ(second.size(), 1u);
    EXPECT_EQ(second[0].prospect.id, quiet.id);
}
