// research/basic's inference, case by case: the industry a company's name, domain, the client's
// notes and the title name (IndustryTerms.hpp), and the size band a head count or a self-employed
// title gives. Every case runs the real library on a lead without industry or size.
#include "unit/default_plugins/DefaultPluginSupport.hpp"

namespace lodestone::plugins {
namespace {

using namespace testing;

struct Lead {
    const char* email;
    const char* company;  // "": none
    const char* title;    // "": none
    const char* notes;    // "": none
};

class ResearchBasicInference : public ::testing::Test {
  protected:
    Poco::JSON::Object::Ptr research(const Lead& lead) {
        auto fields = newObject();
        fields->set("email", lead.email);
        if (*lead.company) fields->set("company", lead.company);
        if (*lead.title) fields->set("title", lead.title);
        auto root = newObject();
        root->set("lead", fields);
        if (*lead.notes) root->set("notes", lead.notes);
        return plugin_.runObject(toJson(root));
    }

    // The inferred value at `path` of the profile, and its source; "" when none.
    std::pair<std::string, std::string> inferred(const Lead& lead, const std::string& key) {
        const auto output = research(lead);
        const auto evidence = output->getObject("evidence");
        if (!evidence->has("company." + key)) return {"", ""};
        const auto entry = evidence->getObject("company." + key);
        EXPECT_EQ(entry->getValue<std::string>("evidence"), "inferred");
        return {output->getObject("profile")->getObject("company")->getValue<std::string>(key),
                entry->getValue<std::string>("source")};
    }

    LoadedPlugin plugin_{kResearchBasic};
};

TEST_F(ResearchBasicInference, NamesTheIndustryFromTheLeadsWords) {
    struct Case {
        Lead lead;
        const char* industry;  // "": none inferred
        const char* source;
    };
    const Case cases[] = {
        {{"sam@luckyspin.example", "Lucky Spin Casinos", "VP of Sales", ""},
         "Gambling",
         R"(company name: "Lucky Spin Casinos")"},
        {{"sam@acme.example", "", "Casino Host", ""}, "Gambling", R"(title: "Casino Host")"},
        {{"sam@acme.example", "Acme", "", "A sportsbook licensed in Malta"},
         "Gambling",
         R"(notes: "A sportsbook licensed in Malta")"},
        {{"ann@acme-software.io", "", "", ""}, "Software", R"(domain: "acme-software.io")"},
        {{"ann@betfair.example", "", "", ""}, "", ""},  // "bet" only as a whole word
        {{"ann@acme.bet", "", "", ""}, "Gambling", R"(domain: "acme.bet")"},
        {{"ann@grandhotels.example", "", "", ""},
         "Hospitality & Travel",
         R"(domain: "grandhotels.example")"},
        {{"ann@accredited.example", "", "", ""}, "", ""},  // "credit" inside a word is no word
        {{"ann@acme.example", "Acme Hotels", "", ""},
         "Hospitality & Travel",
         R"(company name: "Acme Hotels")"},
        // The leftmost word decides, but a casino is Gambling wherever it is named: a hotel that
        // runs one is what a campaign excluding Gambling leaves out.
        {{"ann@acme.example", "Bellagio Hotel & Casino", "", ""},
         "Gambling",
         R"(company name: "Bellagio Hotel & Casino")"},
        {{"ann@acme.example", "Acme", "", "a fintech startup in Berlin"},
         "Financial Services",
         R"(notes: "a fintech startup in Berlin")"},
        {{"ann@acme.example", "Acme", "", "Dr. Lee runs a dental practice"},
         "Healthcare",
         R"(notes: "Dr. Lee runs a dental practice")"},
        // Prose names an industry only with words that mean nothing else.
        {{"ann@acme.example", "Initech", "", "interested in our software; lunch at the hotel"},
         "",
         ""},
        {{"ann@acme.example", "Initech", "Software Engineer", ""}, "", ""},
        {{"ann@acme.example", "Initech", "VP Marketing", ""}, "", ""},
        {{"ann@acme.example", "Initech", "Head of Marketing", "a marketing agency in Leeds"},
         "Marketing & Advertising",
         R"(notes: "a marketing agency in Leeds")"},
        // Across the clues the industry most of them name wins; a tie goes to the earlier clue.
        {{"ann@acme.example", "Acme Hotels", "", "an online casino"},
         "Hospitality & Travel",
         R"(company name: "Acme Hotels")"},
        {{"ann@casino-royale.example", "Acme Hotels", "", "an online casino"},
         "Gambling",
         R"(domain: "casino-royale.example"; notes: "an online casino")"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(std::string(c.lead.email) + " / " + c.lead.company + " / " + c.lead.title +
                     " / " + c.lead.notes);
        const auto [industry, source] = inferred(c.lead, "industry");
        EXPECT_EQ(industry, c.industry);
        EXPECT_EQ(source, c.source);
    }
}

TEST_F(ResearchBasicInference, ReadsASizeBandFromAHeadcountOrAnOwnBusiness) {
    struct Case {
        const char* notes;
        const char* title;
        const char* band;  // "": none
    };
    const Case cases[] = {
        {"a 40-person agency", "", "11-50"},
        {"team of 12 engineers", "", "11-50"},
        {"about 1,200 employees worldwide", "", "1001-5000"},
        {"50-100 staff across three offices", "", "51-200"},
        {"a 200-strong sales floor", "", "51-200"},
        {"employs 10k people", "", "5001-10000"},
        {"met 2 people from their team", "", ""},  // people met, not the head count
        {"raised 40 million last year", "", ""},
        {"", "Freelance Designer", "1-10"},
        {"", "Independent Consultant", "1-10"},
        {"works with freelancers", "", ""},  // the company's helpers, not the company
        {"", "VP of Sales", ""},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(std::string(c.notes) + " / " + c.title);
        const auto [band, source] =
            inferred({"ann@acme.example", "Acme", c.title, c.notes}, "employeeRange");
        EXPECT_EQ(band, c.band);
    }
}

TEST_F(ResearchBasicInference, KnowsGamblingAsAnIndustryTheLeadMayName) {
    for (const char* given : {"gambling", "Online Casino", "iGaming", "sports betting"}) {
        SCOPED_TRACE(given);
        auto lead = newObject();
        lead->set("email", "sam@acme.example");
        lead->set("industry", given);
        auto root = newObject();
        root->set("lead", lead);
        EXPECT_EQ(plugin_.runObject(toJson(root))
                      ->getObject("company")
                      ->getValue<std::string>("industry"),
                  "Gambling");
    }
}

}  // namespace
}  // namespace lodestone::plugins
