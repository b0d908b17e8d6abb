// The ICP scorer and the vocabulary (vocabulary.yaml): every seniority and department the
// criteria are documented to accept (docs/icp.md), aliases included, and every one research
// reports, is a key or an alias of the file; and another vocabulary put in force, as a reload
// puts an edited file, is the one the scorer folds with.
#include <gtest/gtest.h>

#include <string>

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
    const auto inForce = vocabulary::builtInVocabulary();
    for (const char* written : kSeniorities) {
        const std::string key = seniorityKey(written);
        EXPECT_EQ(vocabulary::seniorityKeyOf(*inForce, key), key) << written;
    }
    EXPECT_EQ(seniorityKey("C-Level"), seniorityKey("executive"));
}

TEST(IcpVocabulary, EveryDepartmentTheCriteriaAcceptIsInTheFile) {
    const auto inForce = vocabulary::builtInVocabulary();
    for (const char* written : kDepartments) {
        const std::string key = departmentKey(written);
        EXPECT_EQ(vocabulary::departmentKeyOf(*inForce, key), key) << written;
    }
    EXPECT_EQ(departmentKey("Human Resources"), "people");
}

TEST(IcpVocabulary, AnotherVocabularyInForceIsTheOneFoldedWith) {
    const std::string edited = R"(industries:
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
    vocabulary::putInForce(std::make_shared<const vocabulary::Vocabulary>(
        vocabulary::parseVocabulary(edited, "edited.yaml")));
    EXPECT_EQ(seniorityKey("Boss"), "executive");
    EXPECT_EQ(seniorityKey("c_level"), "c_level");  // no longer an alias
    EXPECT_EQ(departmentKey("crew"), "people");
    vocabulary::putInForce(nullptr);  // the built-in words again
    EXPECT_EQ(seniorityKey("c_level"), "executive");
    EXPECT_EQ(seniorityKey("boss"), "boss");
}

}  // namespace
