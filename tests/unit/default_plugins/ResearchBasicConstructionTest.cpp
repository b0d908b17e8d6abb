// Construction is its own industry: those who build are not Real Estate, whether the lead names
// the industry or research infers it from the company's name and the client's notes.
#include "unit/default_plugins/DefaultPluginSupport.hpp"

namespace lodestone::plugins::testing {
namespace {

class ResearchBasicConstruction : public ::testing::Test {
  protected:
    std::string industry(const std::string& lead, const std::string& notes = "") {
        const auto output = plugin_.runObject(R"({"lead":)" + lead + notes + "}");
        return output->getObject("company")->optValue<std::string>("industry", "");
    }

    LoadedPlugin plugin_{kResearchBasic};
};

TEST_F(ResearchBasicConstruction, ReadsAGivenIndustryAsConstruction) {
    for (const char* given : {"construction", "Construction", "General Contractor",
                              "Civil Engineering", "Bauwesen", "Construcci\xC3\xB3n", "BTP"}) {
        SCOPED_TRACE(given);
        EXPECT_EQ(
            industry(std::string(R"({"email":"a@acme.example","industry":")") + given + R"("})"),
            "Construction");
    }
    EXPECT_EQ(industry(R"({"email":"a@acme.example","industry":"Real Estate"})"), "Real Estate");
    EXPECT_EQ(industry(R"({"email":"a@acme.example","industry":"Property Management"})"),
              "Real Estate");
}

TEST_F(ResearchBasicConstruction, InfersConstructionNotRealEstate) {
    EXPECT_EQ(industry(R"({"email":"a@acme.example","company":"Hadley Construction Group"})"),
              "Construction");
    EXPECT_EQ(industry(R"({"email":"a@acme.example","company":"Northgate Builders"})"),
              "Construction");
    EXPECT_EQ(industry(R"({"email":"a@acme.example","company":"Acme"})",
                       R"(,"notes":"A general contractor doing hospitals and schools")"),
              "Construction");
    EXPECT_EQ(industry(R"({"email":"a@acme.example","company":"Acme"})",
                       R"(,"notes":"Mid-sized civil engineering firm")"),
              "Construction");
    EXPECT_EQ(industry(R"({"email":"a@acme.example","company":"Harbour Properties"})"),
              "Real Estate");
}

}  // namespace
}  // namespace lodestone::plugins::testing
