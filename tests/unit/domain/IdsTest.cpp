#include <gtest/gtest.h>

#include <set>

#include "domain/Ids.hpp"

using namespace lodestone::domain;

TEST(Ids, CarryTheSpecPrefixes) {
    EXPECT_TRUE(newId(IdKind::Lead).starts_with("lead_"));
    EXPECT_TRUE(newId(IdKind::Job).starts_with("job_"));
    EXPECT_TRUE(newId(IdKind::Prospect).starts_with("prospect_"));
    EXPECT_TRUE(newId(IdKind::Meeting).starts_with("meeting_"));
    EXPECT_TRUE(newId(IdKind::Campaign).starts_with("campaign_"));
    EXPECT_TRUE(newId(IdKind::Organisation).starts_with("org_"));
    EXPECT_TRUE(newId(IdKind::ApiKey).starts_with("key_"));
}

TEST(Ids, ProjectIdsAre32LowercaseAlphanumerics) {
    std::string id = newId(IdKind::Project);
    ASSERT_EQ(id.size(), 32u);
    for (char c : id) EXPECT_TRUE((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) << id;
    EXPECT_TRUE(looksLikeId(IdKind::Project, id));
}

TEST(Ids, AreUniqueAndRecognised) {
    std::set<std::string> seen;
    for (int i = 0; i < 2000; ++i) {
        std::string id = newId(IdKind::Job);
        EXPECT_TRUE(looksLikeId(IdKind::Job, id)) << id;
        EXPECT_TRUE(seen.insert(id).second) << "duplicate " << id;
    }
}

TEST(Ids, LooksLikeIdRejectsOtherShapes) {
    EXPECT_FALSE(looksLikeId(IdKind::Job, "lead_abcdefghijklmnopqrstuvwx"));
    EXPECT_FALSE(looksLikeId(IdKind::Job, "job_ABCDEFGHIJKLMNOPQRSTUVWX"));
    EXPECT_FALSE(looksLikeId(IdKind::Job, "job_short"));
    EXPECT_FALSE(looksLikeId(IdKind::Project, "../../etc/passwd"));
}

TEST(Ids, UseTheWholeAlphabet) {
    // A biased or truncated alphabet would show up as characters that never appear.
    std::set<char> seen;
    for (int i = 0; i < 200; ++i) {
        for (char c : newId(IdKind::Project)) seen.insert(c);
    }
    EXPECT_EQ(seen.size(), 36u);
}

TEST(Ids, MadeLaterSortAfter) {
    // 36^9 - 1 milliseconds is the last time the fixed-width prefix can write.
    const std::int64_t times[] = {
        0, 1, 35, 36, 1'795'000'000'000, 1'795'000'000'001, 101'559'956'668'415};
    for (std::size_t i = 1; i < std::size(times); ++i) {
        const std::string earlier = newId(IdKind::Lead, times[i - 1]);
        const std::string later = newId(IdKind::Lead, times[i]);
        EXPECT_LT(earlier, later) << times[i - 1] << " " << times[i];
        EXPECT_TRUE(looksLikeId(IdKind::Lead, earlier)) << earlier;
        EXPECT_TRUE(looksLikeId(IdKind::Lead, later)) << later;
    }
    EXPECT_EQ(newId(IdKind::Job, 0).substr(0, 13), "job_000000000");
    EXPECT_EQ(newId(IdKind::Job, 101'559'956'668'415).substr(0, 13), "job_zzzzzzzzz");
}

TEST(Ids, MadeInTheSameMillisecondDifferInTheirRandomPart) {
    std::set<std::string> seen;
    for (int i = 0; i < 2000; ++i) {
        std::string id = newId(IdKind::Prospect, 1'795'000'000'000);
        EXPECT_TRUE(seen.insert(id).second) << "duplicate " << id;
    }
}
