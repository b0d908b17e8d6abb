// research/basic's keyword tables, case by case: job titles to seniority and department,
// company sizes to bands, industries to the canonical set.
#include "unit/default_plugins/DefaultPluginSupport.hpp"

namespace lodestone::plugins {
namespace {

using ::testing::Contains;
using namespace testing;

class ResearchBasicRules : public ::testing::Test {
  protected:
    Poco::JSON::Object::Ptr research(const std::string& field, const Poco::Dynamic::Var& value) {
        auto lead = newObject();
        lead->set("email", "someone@acme.com");
        lead->set(field, value);
        auto root = newObject();
        root->set("lead", lead);
        return plugin_.runObject(toJson(root));
    }

    LoadedPlugin plugin_{kResearchBasic};
};

TEST_F(ResearchBasicRules, ReadsSeniorityAndDepartmentFromTitles) {
    struct Case {
        const char* title;
        const char* seniority;
        const char* department;  // "": none
    };
    const Case cases[] = {
        {"CEO", "executive", "executive"},
        {"Founder & CEO", "executive", "executive"},
        {"Co-founder and CTO", "executive", "engineering"},
        {"cto", "executive", "engineering"},
        {"Chief Technology Officer", "executive", "engineering"},
        {"Chief Financial Officer", "executive", "finance"},
        {"Chief Marketing Officer", "executive", "marketing"},
        {"Chief Revenue Officer", "executive", "sales"},
        {"Chief Product Officer", "executive", "product"},
        {"COO", "executive", "operations"},
        {"CISO", "executive", "it"},
        // A senior staff role beside the executive, not an executive.
        {"Chief of Staff", "executive", "executive"},
        {"Owner", "executive", "executive"},
        {"President", "executive", "executive"},
        {"Managing Director", "executive", "executive"},
        {"Managing Partner", "executive", "executive"},
        {"VP of Engineering", "vp", "engineering"},
        {"Vice President, Sales", "vp", "sales"},
        {"Senior Vice President of Marketing", "vp", "marketing"},
        {"SVP Marketing", "vp", "marketing"},
        {"Assistant Vice President", "vp", ""},
        {"Head of Growth Marketing", "head", "marketing"},
        {"Head of People", "head", "people"},
        {"Head of IT", "head", "it"},
        {"Director of Finance", "director", "finance"},
        {"Senior Director, Product", "director", "product"},
        {"Director, Legal & Compliance", "director", "legal"},
        {"Engineering Manager", "manager", "engineering"},
        {"Customer Success Manager", "manager", "customer_success"},
        {"Product Manager", "manager", "product"},
        {"Product Marketing Manager", "manager", "marketing"},
        {"Operations Manager", "manager", "operations"},
        {"Office Manager", "manager", "operations"},
        {"Team Lead, Support", "manager", "customer_success"},
        {"Tech Lead", "manager", "engineering"},
        {"Team Leader", "manager", ""},
        {"Partner Manager", "manager", ""},
        {"Senior Software Engineer", "senior", "engineering"},
        {"Sr. Data Analyst", "senior", "data"},
        {"Principal Product Designer", "senior", "design"},
        {"Staff Engineer", "senior", "engineering"},
        {"Junior Accountant", "entry", "finance"},
        {"Marketing Intern", "entry", "marketing"},
        {"Executive Assistant to the CEO", "entry", "executive"},
        {"Software Engineer", "individual_contributor", "engineering"},
        {"DevOps Engineer", "individual_contributor", "engineering"},
        {"Data Scientist", "individual_contributor", "data"},
        {"UX Designer", "individual_contributor", "design"},
        {"Account Executive", "individual_contributor", "sales"},
        {"Sales Development Representative", "individual_contributor", "sales"},
        {"Sales Engineer", "individual_contributor", "sales"},
        {"Support Engineer", "individual_contributor", "customer_success"},
        {"Technical Recruiter", "individual_contributor", "people"},
        {"HR Business Partner", "individual_contributor", "people"},
        {"Product Owner", "individual_contributor", "product"},
        {"IT Support Specialist", "individual_contributor", "it"},
        {"Payroll Specialist", "individual_contributor", "finance"},
        {"Lead Generation Specialist", "individual_contributor", "marketing"},
        {"Consultant", "individual_contributor", ""},
        // Whole words only.
        {"VPN Engineer", "individual_contributor", "engineering"},
        {"Headhunter", "individual_contributor", ""},
        {"Directorate Coordinator", "individual_contributor", ""},
        {"Itinerary Planner", "individual_contributor", ""},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.title);
        const auto person = research("title", c.title)->getObject("person");
        EXPECT_EQ(person->getValue<std::string>("title"), c.title);
        EXPECT_EQ(person->getValue<std::string>("seniority"), c.seniority);
        EXPECT_EQ(person->optValue<std::string>("department", ""), c.department);
    }
    const auto blank = research("title", "   ")->getObject("person");
    EXPECT_EQ(blank->getValue<std::string>("seniority"), "unknown");
    EXPECT_FALSE(blank->has("title"));
}

TEST_F(ResearchBasicRules, MapsCompanySizesToBands) {
    struct Case {
        Poco::Dynamic::Var size;
        const char* band;  // "": none
        const char* category;
    };
    const Case cases[] = {
        {"1-10", "1-10", "micro"},
        {"11-50", "11-50", "small"},
        {"11 - 50", "11-50", "small"},
        {"51-200", "51-200", "mid_market"},
        {"201-500", "201-500", "mid_market"},
        {"501-1000", "501-1000", "mid_market"},
        {"1001-5000", "1001-5000", "enterprise"},
        {"5001-10000", "5001-10000", "enterprise"},
        {"10000+", "10000+", "enterprise"},
        {"50", "11-50", "small"},
        {"1,000-5,000", "1001-5000", "enterprise"},
        {"1.000-5.000", "1001-5000", "enterprise"},
        {"500+", "501-1000", "mid_market"},
        {"10k+", "10000+", "enterprise"},
        {"1-10 employees", "1-10", "micro"},
        {"1.5k", "1001-5000", "enterprise"},
        {"about 300", "201-500", "mid_market"},
        {"fewer than 10", "1-10", "micro"},
        {"over 10,000", "10000+", "enterprise"},
        {"51\xE2\x80\x93"
         "200",
         "51-200", "mid_market"},  // an en dash
        {"between 11 and 50 people", "11-50", "small"},
        {250, "201-500", "mid_market"},
        {"enterprise", "", "enterprise"},
        {"Small", "", "small"},
        {"Mid-size", "", "mid_market"},
        {"startup", "", "small"},
        {"freelancer", "", "micro"},
        {"Large", "", "enterprise"},
        {"lots", "", ""},
        {"0", "", ""},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.size.convert<std::string>());
        const auto output = research("companySize", c.size);
        const auto company = output->getObject("company");
        EXPECT_EQ(company->optValue<std::string>("sizeBand", ""), c.band);
        EXPECT_EQ(company->optValue<std::string>("sizeCategory", ""), c.category);
        if (std::string(c.category).empty()) {
            EXPECT_THAT(strings(output->getArray("facts")),
                        Contains("Company size as submitted: \"" + c.size.convert<std::string>() +
                                 "\" (not a headcount or size this plugin knows)"));
        }
    }
}

TEST_F(ResearchBasicRules, NormalisesIndustries) {
    const std::pair<const char*, const char*> cases[] = {
        {"saas", "Software"},
        {"SaaS", "Software"},
        {"B2B SaaS", "Software"},
        {"tech", "Software"},
        {"Computer Software", "Software"},
        {"Information Technology & Services", "Software"},
        {"fintech", "Financial Services"},
        {"Banking", "Financial Services"},
        {"insurance", "Financial Services"},
        {"financial services", "Financial Services"},
        {"health", "Healthcare"},
        {"Hospital & Health Care", "Healthcare"},
        {"medtech", "Healthcare"},
        {"Biotech", "Healthcare"},
        {"Pharmaceuticals", "Healthcare"},
        {"Healthcare SaaS", "Healthcare"},
        {"ecommerce", "Retail & E-commerce"},
        {"E-Commerce", "Retail & E-commerce"},
        {"retail", "Retail & E-commerce"},
        {"manufacturing", "Manufacturing"},
        {"Industrial", "Manufacturing"},
        {"education", "Education"},
        {"EdTech", "Education"},
        {"Higher Education", "Education"},
        {"agency", "Marketing & Advertising"},
        {"Marketing and Advertising", "Marketing & Advertising"},
        {"advertising", "Marketing & Advertising"},
        {"consulting", "Professional Services"},
        {"Legal", "Professional Services"},
        {"accounting", "Professional Services"},
        {"real estate", "Real Estate"},
        {"PropTech", "Real Estate"},
        {"logistics", "Logistics"},
        {"Transportation", "Logistics"},
        {"shipping", "Logistics"},
        {"non-profit", "Non-profit"},
        {"NGO", "Non-profit"},
        {"charity", "Non-profit"},
        {"media", "Media"},
        {"Publishing", "Media"},
        {"entertainment", "Media"},
        {"energy", "Energy"},
        {"Utilities", "Energy"},
        {"cleantech", "Energy"},
        {"government", "Public Sector"},
        {"Public Sector", "Public Sector"},
        {"hospitality", "Hospitality & Travel"},
        {"Travel", "Hospitality & Travel"},
        {"telecom", "Telecommunications"},
        {"Telecommunications", "Telecommunications"},
        // Outside the table: kept, title-cased, capitals the writer chose left alone.
        {"food & beverage", "Food & Beverage"},
        {"  pet   care ", "Pet Care"},
        {"AgTech", "AgTech"},
    };
    for (const auto& [given, canonical] : cases) {
        SCOPED_TRACE(given);
        EXPECT_EQ(
            research("industry", given)->getObject("company")->getValue<std::string>("industry"),
            canonical);
    }
}

}  // namespace
}  // namespace lodestone::plugins
