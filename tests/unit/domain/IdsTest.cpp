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
