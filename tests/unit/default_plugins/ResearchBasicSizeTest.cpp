// research/basic reads a company size as one number or a range, in the forms people and data
// vendors write; an exact size is kept as given and what cannot be read stays unknown.
#include "unit/default_plugins/DefaultPluginSupport.hpp"

namespace lodestone::plugins::testing {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;

class ResearchBasicSize : public ::testing::Test {
  protected:
    Poco::JSON::Object::Ptr research(const std::string& size) {
        return plugin_.runObject(R"({"lead":{"email":"someone@acme.com","companySize":")" + size +
                                 R"("}})");
    }

    LoadedPlugin plugin_{kResearchBasic};
};

TEST_F(ResearchBasicSize, KeepsOneNumberAsTheHeadcount) {
    const std::pair<const char*, Poco::Int64> cases[] = {
        {"2500", 2500},
        {"2,500", 2500},
        {"~2500", 2500},
        {"2.5k", 2500},
        {"about 300", 300},
        {"1.2m", 1200000},
        {"2.500", 2500},
        {"2 500", 2500},
        {"2\xC2\xA0"
         "500",
         2500},
        {"2500 employees", 2500},
        {"ca. 40 Mitarbeiter", 40},
    };
    for (const auto& [given, headcount] : cases) {
        SCOPED_TRACE(given);
        const auto output = research(given);
        const auto profile = output->getObject("profile")->getObject("company");
        ASSERT_TRUE(profile);
        EXPECT_EQ(profile->getValue<Poco::Int64>("employeeCount"), headcount);
        const auto evidence = output->getObject("evidence");
        EXPECT_EQ(toJson(evidence->getObject("company.employeeCount")),
                  R"({"evidence":"client","source":"lead.companySize"})");
        EXPECT_EQ(evidence->getObject("company.employeeRange")->getValue<std::string>("source"),
                  "company.employeeCount " + std::to_string(headcount));
    }
    const auto company = research("2500")->getObject("company");
    EXPECT_EQ(company->getValue<std::string>("sizeBand"), "1001-5000");
    EXPECT_EQ(company->getValue<std::string>("sizeCategory"), "enterprise");
    EXPECT_THAT(strings(research("2,500")->getArray("facts")),
                Contains("Company size: 2500 employees (1001-5000, enterprise)"));
}

TEST_F(ResearchBasicSize, ReadsARangeOrABoundAsTheBandOfItsUpperEnd) {
    const std::pair<const char*, const char*> cases[] = {
        {"1k-5k", "1001-5000"},       {"10,001-50,000", "10000+"}, {"50+", "51-200"},
        {"11 - 50", "11-50"},         {"under 10", "1-10"},        {"up to 50", "11-50"},
        {"1.000-5.000", "1001-5000"},
    };
    for (const auto& [given, band] : cases) {
        SCOPED_TRACE(given);
        const auto output = research(given);
        const auto profile = output->getObject("profile")->getObject("company");
        ASSERT_TRUE(profile);
        // No midpoint is made up: a range is a range.
        EXPECT_FALSE(profile->has("employeeCount"));
        EXPECT_EQ(profile->getValue<std::string>("employeeRange"), band);
        EXPECT_EQ(output->getObject("company")->getValue<std::string>("sizeBand"), band);
    }
}

TEST_F(ResearchBasicSize, LeavesWhatItCannotReadUnknown) {
    for (const char* given : {"Q3 2020", "3 offices", "1-10, 11-50, 51-200", "lots", "n/a"}) {
        SCOPED_TRACE(given);
        const auto output = research(given);
        EXPECT_FALSE(output->getObject("company")->has("sizeBand"));
        EXPECT_FALSE(output->getObject("profile")->has("company"));
        EXPECT_THAT(strings(output->getArray("warnings")),
                    Contains(HasSubstr("not a headcount or size this plugin knows")));
    }
}

}  // namespace
}  // namespace lodestone::plugins::testing
