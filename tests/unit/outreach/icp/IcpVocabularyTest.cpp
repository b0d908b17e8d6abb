// The ICP scorer and the vocabulary (vocabulary.yaml): every seniority and department the
// criteria are documented to accept (docs/icp.md), aliases included, and every one research
// reports, is a key or an alias of the file; and another vocabulary given, as a reload gives an
// edited file, is the one the scorer folds with.
#include <gtest/gtest.h>

#include <string>

#include "outreach/icp/IcpCriteria.hpp"
#include "outreach/icp/IcpScorer.hpp"
#include "outreach/icp/Vocabulary.hpp"
#include "vocabulary/Vocabulary.hpp"

using namespace lodestone::outreach::icp;
namespace vocabulary = lodestone::vocabulary;

namespace {

// Written as an operator would; each folds to a key of the file.
const char* const kSeniorities[] = {"C-Level",
                                    "c level",
                                    "c_level",
                                    "c_suite",
                                    "cxo",
                                    "chief",
                                    "executive",
                                    "founder",
                                    "owner",
                                    "vice_president",
                                    "svp",
                                    "evp",
                                    "avp",
                                    "vp",
                                    "dir",
                                    "director",
                                    "head",
                                    "mgr",
                                    "manager",
                                    "sr",
                                    "senior",
                                    "junior",
                                    "jr",
                                    "entry_level",
                                    "entry",
                                    "ic",
                                    "individual_contributor"};
const char* const kDepartments[] = {"hr",
                                    "human_resources",
                                    "people_ops",
                                    "people",
                                    "eng",
                                    "engineering",
                                    "information_technology",
                                    "it",
                                    "ops",
                                    "operations",
                                    "cs",
                                    "client_success",
                                    "customer_success",
                                    "exec",
                                    "executive",
                                    "purchasing",
                                    "purchase",
                                    "buying",
                                    "sourcing",
                                    "procurement",
                                    "enrollment",
                                    "enrolment",
                                    "admission",
                                    "admissions",
                                    "security",
                                    "infosec",
                                    "sales",
                                    "marketing",
                                    "finance",
                                    "product",
                                    "design",
                                    "legal",
                                    "data"};

TEST(IcpVocabulary, EverySeniorityTheCriteriaAcceptIsInTheFile) {
    const auto& builtIn = *vocabulary::builtInVocabulary();
    for (const char* written : kSeniorities) {
        const std::string key = seniorityKey(builtIn, written);
        EXPECT_EQ(vocabulary::seniorityKeyOf(builtIn, key), key) << written;
    }
    EXPECT_EQ(seniorityKey(builtIn, "C-Level"), seniorityKey(builtIn, "executive"));
}

TEST(IcpVocabulary, EveryDepartmentTheCriteriaAcceptIsInTheFile) {
    const auto& builtIn = *vocabulary::builtInVocabulary();
    for (const char* written : kDepartments) {
        const std::string key = departmentKey(builtIn, written);
        EXPECT_EQ(vocabulary::departmentKeyOf(builtIn, key), key) << written;
    }
    EXPECT_EQ(departmentKey(builtIn, "Human Resources"), "people");
}

// An edited file, as an operator's copy: a boss is an executive, a crew is people, and the
// shipped aliases are gone.
const char* const kEditedVocabulary = R"(industries:
  - name: Software
seniorities:
  - key: executive
    aliases: [boss]
seniorityTitleWords: []
departments:
  - key: people
    aliases: [crew]
sizeBands:
  - {label: "1+", min: 1, sizeCategory: any}
sizeCategories:
  - {key: any, label: any}
)";

TEST(IcpVocabulary, AnotherVocabularyGivenIsTheOneFoldedWith) {
    const auto other = vocabulary::parseVocabulary(kEditedVocabulary, "edited.yaml");
    EXPECT_EQ(seniorityKey(other, "Boss"), "executive");
    EXPECT_EQ(seniorityKey(other, "c_level"), "c_level");  // no longer an alias
    EXPECT_EQ(departmentKey(other, "crew"), "people");
    // The built-in words are untouched by the other's use.
    const auto& builtIn = *vocabulary::builtInVocabulary();
    EXPECT_EQ(seniorityKey(builtIn, "c_level"), "executive");
    EXPECT_EQ(seniorityKey(builtIn, "boss"), "boss");
}

TEST(IcpVocabulary, TheScorerFoldsWithTheVocabularyItIsGiven) {
    const auto other = vocabulary::parseVocabulary(kEditedVocabulary, "edited.yaml");
    const auto criteria = lodestone::outreach::IcpCriteria::parse(
        R"({"criteria": {"seniority": {"include": ["executive"]}}})");
    lodestone::outreach::ProspectProfile profile;
    profile.seniority = "Boss";
    // A boss is an executive in the other file only: all of the one criterion, or none of it.
    EXPECT_EQ(lodestone::outreach::scoreProspect(criteria, profile, 0, other).score, 100);
    EXPECT_EQ(
        lodestone::outreach::scoreProspect(criteria, profile, 0, *vocabulary::builtInVocabulary())
            .score,
        0);
}

// Industries compare as the vocabulary names them: a client's "iGaming" or "Online casino" is the
// Gambling a campaign excludes, and an entry takes in the industries under it.
TEST(IcpVocabulary, IndustriesCompareByTheirSynonymsAndParents) {
    const auto& builtIn = *vocabulary::builtInVocabulary();
    const auto excluding = lodestone::outreach::IcpCriteria::parse(
        R"({"criteria": {"industries": {"exclude": ["Gambling"]}}})");
    for (const char* written : {"iGaming", "Online casino", "gambling", "Sportsbook"}) {
        lodestone::outreach::ProspectProfile profile;
        profile.industry = written;
        const auto score = lodestone::outreach::scoreProspect(excluding, profile, 0, builtIn);
        EXPECT_TRUE(score.excludedBy) << written;
    }
    EXPECT_EQ(industryKey(builtIn, "Fintech"), industryKey(builtIn, "Financial Services"));
    EXPECT_EQ(industryKey(builtIn, "Widgets & Gadgets"), "widgets and gadgets");

    const auto including = lodestone::outreach::IcpCriteria::parse(
        R"({"criteria": {"industries": {"include": ["Education"]}}})");
    lodestone::outreach::ProspectProfile university;
    university.industry = "Higher Education";
    EXPECT_EQ(lodestone::outreach::scoreProspect(including, university, 0, builtIn).score, 100);
    // Not the other way round: an education company need not be a university.
    const auto higher = lodestone::outreach::IcpCriteria::parse(
        R"({"criteria": {"industries": {"include": ["Higher Education"]}}})");
    lodestone::outreach::ProspectProfile school;
    school.industry = "Education";
    EXPECT_EQ(lodestone::outreach::scoreProspect(higher, school, 0, builtIn).score, 0);
}

}  // namespace
