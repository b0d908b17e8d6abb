// Listings page by page (Repositories.hpp, PageStart): newest first, by creation time then id,
// every row once, with each listing's own filters; and the cursors that carry a page's start.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "ProspectStoreFixture.hpp"
#include "StoreSuite.hpp"
#include "storage/ApiKeyRepository.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/PageCursor.hpp"
#include "storage/PageRequest.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/ProspectRepository.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using ::testing::ElementsAre;
using ::testing::ElementsAreArray;

namespace {

class PagingStore : public storage::test::OnEveryBackend<storage::test::ProspectStoreFixture> {
  protected:
    // Prospects at given creation times (several sharing one, so the id breaks the tie).
    std::vector<domain::Prospect> addAt(const std::vector<domain::Timestamp>& times) {
        std::vector<domain::Prospect> made;
        for (std::size_t i = 0; i < times.size(); ++i) {
            auto p = prospect(campaign_, "p" + std::to_string(i) + "@initech.com");
            p.createdAt = p.updatedAt = times[i];
            store_->write([&](Repositories& r) { r.prospects().insert(p); });
            made.push_back(p);
        }
        return made;
    }

    std::vector<std::string> everyPage(ProspectFilter filter, int size) {
        std::vector<std::string> ids;
        PageRequest page{size + 1, std::nullopt};
        for (int turn = 0; turn < 100; ++turn) {
            auto rows =
                store_->read([&](Repositories& r) { return r.prospects().page(filter, page); });
            auto next = endOfPage(rows, page);
            EXPECT_LE(rows.size(), static_cast<std::size_t>(size));
            for (const auto& row : rows) ids.push_back(row.id);
            if (!next) break;
            page.after = pageStartOf(*next);
            EXPECT_TRUE(page.after);
        }
        return ids;
    }
};

INSTANTIATE_TEST_SUITE_P(, PagingStore, storage::test::everyBackend(), storage::test::backendName);

}  // namespace

TEST_P(PagingStore, PagesGoNewestFirstByTimeThenIdAndShowEachRowOnce) {
    auto made = addAt({kT0, kT0 + 5, kT0 + 5, kT0 + 5, kT0 + 9, kT0 + 1, kT0 + 5});
    std::sort(made.begin(), made.end(), [](const auto& a, const auto& b) {
        return a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.id > b.id;
    });
    std::vector<std::string> expected;
    for (const auto& p : made) expected.push_back(p.id);
    for (int size : {1, 2, 3, 7, 50}) {
        EXPECT_THAT(everyPage({.campaignId = campaign_.id}, size), ElementsAreArray(expected))
            << size;
    }
}

TEST_P(PagingStore, ProspectsFilterByStatusScoreAndEveryWordOfTheSearch) {
    auto ada = add(campaign_, "ada@engines.example", domain::ProspectStatus::Qualified);
    store_->write([&](Repositories& r) { r.prospects().setScore(ada.id, 90, "{}", kT0); });
    auto p = prospect(campaign_, "grace@navy.example");
    p.contactName = "Grace Hopper";
    p.companyName = "100% Navy";
    store_->write([&](Repositories& r) { r.prospects().insert(p); });
    add(other_, "elsewhere@initech.com", domain::ProspectStatus::Qualified);

    auto only = [&](ProspectFilter filter) { return everyPage(filter, 10); };
    EXPECT_THAT(only({.campaignId = campaign_.id, .status = domain::ProspectStatus::Qualified}),
                ElementsAre(ada.id));
    EXPECT_THAT(only({.campaignId = campaign_.id, .minScore = 50}), ElementsAre(ada.id));
    EXPECT_THAT(only({.campaignId = campaign_.id, .text = "HOPPER navy"}), ElementsAre(p.id));
    EXPECT_THAT(only({.campaignId = campaign_.id, .text = "100%"}), ElementsAre(p.id));
    EXPECT_THAT(only({.campaignId = campaign_.id, .text = "1_0"}), ElementsAre());
}

TEST_P(PagingStore, CampaignsAreOneOrganisationsNewestFirst) {
    auto later = campaign("Winter");
    later.createdAt = kT0 + 10;
    store_->write([&](Repositories& r) { r.campaigns().insert(later); });
    auto rows = store_->read([&](Repositories& r) {
        return r.campaigns().page(org_.id, PageRequest{10, std::nullopt});
    });
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0].id, later.id);
    auto none = store_->read([&](Repositories& r) {
        return r.campaigns().page("org_other", PageRequest{10, std::nullopt});
    });
    EXPECT_TRUE(none.empty());
}

TEST_P(PagingStore, ProjectsFollowAnApiKeysRestriction) {
    auto project = [&](const std::string& name, domain::Timestamp at) {
        domain::Project p;
        p.id = domain::newId(domain::IdKind::Project);
        p.organisationId = org_.id;
        p.name = name;
        p.createdAt = p.updatedAt = at;
        return p;
    };
    auto key = [&](const std::string& name) {
        domain::ApiKey k;
        k.id = domain::newId(domain::IdKind::ApiKey);
        k.organisationId = org_.id;
        k.name = name;
        k.hash = "hash-" + name;
        k.prefix = "lsk_" + name;
        k.createdAt = kT0;
        return k;
    };
    auto a = project("A", kT0);
    auto b = project("B", kT0 + 1);
    auto all = key("all");
    auto scoped = key("scoped");
    store_->write([&](Repositories& r) {
        r.projects().insert(a);
        r.projects().insert(b);
        r.apiKeys().insert(all);
        r.apiKeys().insert(scoped);
        r.apiKeys().setProjects(scoped.id, {a.id});
    });
    auto names = [&](const std::optional<std::string>& keyId) {
        auto rows = store_->read([&](Repositories& r) {
            return r.projects().page(org_.id, keyId, PageRequest{10, std::nullopt});
        });
        std::vector<std::string> out;
        for (const auto& row : rows) out.push_back(row.name);
        return out;
    };
    EXPECT_THAT(names(std::nullopt), ElementsAre("B", "A"));
    EXPECT_THAT(names(all.id), ElementsAre("B", "A"));
    EXPECT_THAT(names(scoped.id), ElementsAre("A"));
}

TEST(PageCursor, RoundTripsAndRefusesWhatItDidNotGiveOut) {
    PageStart start{1'750'000'000'123, "prospect_abc-DEF_9"};
    auto cursor = pageCursor(start);
    EXPECT_EQ(cursor.find_first_not_of(
                  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
              std::string::npos)
        << "safe in a query string as it is";
    auto back = pageStartOf(cursor);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->createdAt, start.createdAt);
    EXPECT_EQ(back->id, start.id);
    const std::vector<std::string> refused{"",
                                           "!!!",
                                           "bm90LWEtY3Vyc29y",
                                           pageCursor({-1, "x"}),
                                           pageCursor({5, "a b"}),
                                           pageCursor({5, ""}),
                                           std::string(300, 'A')};
    for (const auto& bad : refused) {
        EXPECT_FALSE(pageStartOf(bad)) << bad;
    }
}
