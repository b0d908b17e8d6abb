#include <gtest/gtest.h>

#include <string>

#include "vocabulary/Vocabulary.hpp"

using namespace lodestone::vocabulary;

namespace {

// A small file that is accepted; each refusal below changes one thing in it.
const std::string kSmall = R"(industries:
  - name: Software
    synonyms: [software, saas]
    anywhere: [software company]
    inNames: [software]
  - name: Gambling
    parent: Software
    outranks: true
    synonyms: [casino]
seniorities:
  - key: entry
    aliases: [junior]
  - key: executive
    aliases: [c_level]
seniorityTitleWords:
  - level: executive
    words: [ceo, {words: owner, notAfter: product}]
departments:
  - key: people
    aliases: [hr]
    titleWords:
      en: [recruiter]
      de: [personalleiter]
sizeBands:
  - {label: "1-10", min: 1, max: 10, sizeCategory: micro}
  - {label: "11+", min: 11, sizeCategory: micro}
sizeCategories:
  - key: micro
    label: micro
    words: [micro]
)";

std::string refusal(const std::string& text) {
    try {
        parseVocabulary(text, "vocabulary.yaml");
    } catch (const VocabularyError& error) {
        return error.what();
    }
    return "(accepted)";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
}

TEST(VocabularyFile, ReadsTheFileOfTheSourceTree) {
    const Vocabulary vocabulary = loadVocabulary(LODESTONE_VOCABULARY_FILE);
    EXPECT_EQ(vocabulary.industries.size(), 19U);
    EXPECT_EQ(industryNamed(vocabulary, "Higher Education")->parent, "Education");
    EXPECT_EQ(vocabulary.sizeBands.size(), 8U);
    EXPECT_EQ(seniorityKeyOf(vocabulary, "c_level"), "executive");
    EXPECT_EQ(departmentKeyOf(vocabulary, "human_resources"), "people");
    EXPECT_EQ(sizeBandOf(vocabulary, 250)->label, "201-500");
    EXPECT_EQ(sizeBandOf(vocabulary, 20000)->label, "10000+");
    EXPECT_EQ(sizeCategoryLabel(vocabulary, "mid_market"), "mid-market");
    EXPECT_EQ(seniorityLabel(vocabulary, "vp"), "VP");
    EXPECT_EQ(seniorityLabel(vocabulary, "senior"), "senior");
    EXPECT_EQ(departmentLabel(vocabulary, "customer_success"), "Customer Success");
    EXPECT_EQ(departmentLabel(vocabulary, "unknown"), "unknown");
    EXPECT_NE(industryNamed(vocabulary, "real estate"), nullptr);
}

TEST(VocabularyFile, TheBuiltInCopyIsTheFile) {
    const Vocabulary file = loadVocabulary(LODESTONE_VOCABULARY_FILE);
    const auto builtIn = builtInVocabulary();
    ASSERT_EQ(builtIn->industries.size(), file.industries.size());
    for (std::size_t i = 0; i < file.industries.size(); ++i) {
        EXPECT_EQ(builtIn->industries[i].anywhere, file.industries[i].anywhere);
    }
}

TEST(VocabularyFile, ReadsASmallFile) {
    const Vocabulary vocabulary = parseVocabulary(kSmall, "vocabulary.yaml");
    ASSERT_EQ(vocabulary.industries.size(), 2U);
    EXPECT_EQ(vocabulary.industries[1].parent, "Software");
    EXPECT_TRUE(vocabulary.industries[1].outranks);
    ASSERT_EQ(vocabulary.seniorityTitleWords[0].words.size(), 2U);
    EXPECT_EQ(vocabulary.seniorityTitleWords[0].words[1].notAfter, "product");
    ASSERT_EQ(vocabulary.departments[0].titleWords.size(), 2U);
    EXPECT_EQ(vocabulary.departments[0].titleWords[1].words, "personalleiter");
    EXPECT_FALSE(vocabulary.sizeBands[1].max);
}

TEST(VocabularyFile, RefusesAnUnknownKeyNamingTheLine) {
    EXPECT_EQ(refusal(replaced(kSmall, "    outranks: true", "    outrank: true")),
              "vocabulary.yaml:8: industries[1].outrank: unknown key");
    EXPECT_EQ(refusal(kSmall + "colours: [red]\n"),
              "vocabulary.yaml:31: (top).colours: unknown key");
    EXPECT_EQ(refusal(replaced(kSmall, "      de:", "      it:")),
              "vocabulary.yaml:23: departments[0].titleWords.it: unknown key");
}

TEST(VocabularyFile, RefusesAKeyGivenTwice) {
    EXPECT_EQ(
        refusal(replaced(kSmall, "    label: micro\n", "    label: micro\n    label: tiny\n")),
        "vocabulary.yaml:30: sizeCategories[0].label: given twice");
}

TEST(VocabularyFile, RefusesAParentThatIsNoIndustry) {
    EXPECT_EQ(refusal(replaced(kSmall, "parent: Software", "parent: Gaming")),
              "vocabulary.yaml:7: industries[1].parent: \"Gaming\" is not an industry of the file");
}

TEST(VocabularyFile, RefusesAParentWithAParent) {
    EXPECT_EQ(refusal(replaced(kSmall, "    synonyms: [software, saas]",
                               "    parent: Gambling\n    synonyms: [software, saas]")),
              "vocabulary.yaml:3: industries[0].parent: \"Gambling\" has a parent itself");
}

TEST(VocabularyFile, RefusesASynonymOfTwoIndustries) {
    EXPECT_EQ(refusal(replaced(kSmall, "synonyms: [casino]", "synonyms: [casino, SaaS]")),
              "vocabulary.yaml:9: industries[1].synonyms[1]: \"SaaS\" is claimed by both "
              "Software and Gambling");
}

TEST(VocabularyFile, RefusesAValueListedTwice) {
    EXPECT_EQ(refusal(replaced(kSmall, "inNames: [software]", "inNames: [software, Software]")),
              "vocabulary.yaml:5: industries[0].inNames[1]: \"Software\" is listed twice");
    EXPECT_EQ(refusal(replaced(kSmall, "aliases: [junior]", "aliases: [junior, c_level]")),
              "vocabulary.yaml:14: seniorities[1].aliases[0]: \"c_level\" is claimed by "
              "both entry and executive");
    EXPECT_EQ(refusal(replaced(kSmall, "words: [ceo,", "words: [ceo, CEO,")),
              "vocabulary.yaml:17: seniorityTitleWords[0].words[1]: \"CEO\" is listed twice");
}

TEST(VocabularyFile, RefusesWhatNamesNothing) {
    EXPECT_EQ(refusal(replaced(kSmall, "level: executive", "level: boss")),
              "vocabulary.yaml:16: seniorityTitleWords[0].level: \"boss\" is not a key of "
              "seniorities");
    EXPECT_EQ(refusal(replaced(kSmall, "min: 11,", "min: 12,")),
              "vocabulary.yaml:26: sizeBands[1].min: does not follow the band before it");
    EXPECT_EQ(
        refusal(replaced(kSmall, "max: 10, sizeCategory: micro", "max: 10, sizeCategory: tiny")),
        "vocabulary.yaml:25: sizeBands[0].sizeCategory: \"tiny\" is not a key of "
        "sizeCategories");
}

TEST(VocabularyFile, NamesTheFileItCannotRead) {
    EXPECT_THROW(loadVocabulary("/nonexistent/vocabulary.yaml"), VocabularyError);
    EXPECT_EQ(refusal("industries: [\n"), refusal("industries: [\n"));
    EXPECT_EQ(refusal("industries: [\n").rfind("vocabulary.yaml:", 0), 0U);
}

}  // namespace
