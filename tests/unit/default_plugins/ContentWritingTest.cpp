// What content/template's built-in writer writes for whom: the format from the reader's role,
// seniority and company size (or the project's `format`), advice about the reader's own job in
// their own industry, the lead's own data worked into the text, names greeted the way they are
// written, and no doubled articles.
#include "unit/default_plugins/ContentTestSupport.hpp"

namespace lodestone::plugins {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;
using namespace testing;

Profile reader(std::string title, std::string seniority, std::string industry, std::string sizeBand,
               std::string sizeCategory) {
    return {.fullName = "Ada Lovelace",
            .firstName = "Ada",
            .title = std::move(title),
            .seniority = std::move(seniority),
            .department = "",
            .company = "Analytical Engines",
            .industry = std::move(industry),
            .sizeBand = std::move(sizeBand),
            .sizeCategory = std::move(sizeCategory),
            .customJson = "{}"};
}

class ContentWriting : public ::testing::Test {
  protected:
    Poco::JSON::Object::Ptr write(const Profile& profile,
                                  const std::string& settingsJson = "{}") const {
        return plugin_.runObject(contentInput(researchFor(profile), parseObject(settingsJson)));
    }
    std::string title(const Profile& profile, const std::string& settingsJson = "{}") const {
        return write(profile, settingsJson)->getValue<std::string>("title");
    }

    LoadedPlugin plugin_{kContentTemplate};
};

TEST_F(ContentWriting, ChoosesTheFormatFromWhoTheReaderIs) {
    EXPECT_EQ(title(reader("Chief Executive Officer", "executive", "Healthcare", "1001-5000",
                           "enterprise")),
              "Analytical Engines: a leadership briefing for Ada Lovelace");
    EXPECT_EQ(title(reader("Founder", "executive", "Retail & E-commerce", "1-10", "micro")),
              "Analytical Engines: a 90-day growth playbook");
    EXPECT_EQ(title(reader("Sales Manager", "manager", "Software", "51-200", "mid_market")),
              "Analytical Engines: a 90-day pipeline playbook");
    EXPECT_EQ(title(reader("Head of Operations", "head", "Logistics", "201-500", "mid_market")),
              "How Analytical Engines scores on operations");
    EXPECT_EQ(
        title(reader("Finance Director", "director", "Manufacturing", "201-500", "mid_market")),
        "Analytical Engines: a worked estimate for finance");
    EXPECT_EQ(
        title(reader("Software Engineer", "individual_contributor", "Software", "11-50", "small")),
        "Analytical Engines: a delivery checklist");
    EXPECT_EQ(title(reader("Principal", "senior", "Education", "51-200", "mid_market")),
              "Analytical Engines: a teaching time briefing for Ada Lovelace");
    EXPECT_EQ(title(reader("Nurse Manager", "manager", "Healthcare", "51-200", "mid_market")),
              "How Analytical Engines scores on clinical time");
}

TEST_F(ContentWriting, TheProjectsFormatSettingWins) {
    const Profile engineer =
        reader("Software Engineer", "individual_contributor", "Software", "11-50", "small");
    EXPECT_EQ(title(engineer, R"({"format":"scorecard"})"),
              "How Analytical Engines scores on delivery");
    EXPECT_EQ(title(engineer, R"({"format":"briefing"})"),
              "Analytical Engines: a delivery briefing for Ada Lovelace");
    EXPECT_EQ(title(engineer, R"({"format":"roi_estimate"})"),
              "Analytical Engines: a worked estimate for delivery");
    EXPECT_EQ(title(engineer, R"({"format":"playbook"})"),
              "Analytical Engines: a 90-day delivery playbook");
    EXPECT_EQ(title(engineer, R"({"format":"auto"})"), title(engineer));
}

TEST_F(ContentWriting, WritesAboutRunningTheReadersOwnOrganisation) {
    Profile ceo =
        reader("Chief Executive Officer", "executive", "Healthcare", "1001-5000", "enterprise");
    ceo.company = "Northwind Health";
    const std::string text = allText(write(ceo, R"({"format":"playbook"})"));
    EXPECT_THAT(text, AllOf(HasSubstr("patients"), HasSubstr("length of stay"),
                            HasSubstr("a care organisation of 1,001 to 5,000 people"),
                            HasSubstr("every hour a clinician spends on paperwork")));
    // Advice on selling to hospitals would talk about buyers, procurement and nurture.
    EXPECT_THAT(text, AllOf(Not(HasSubstr("buyer")), Not(HasSubstr("procurement")),
                            Not(HasSubstr("nurture")), Not(HasSubstr("Healthcare buyers"))));
}

TEST_F(ContentWriting, AFounderOfFiveGetsHandsOnWorkNotGovernance) {
    Profile founder = reader("Founder", "executive", "Professional Services", "1-10", "micro");
    founder.customJson = R"({"headcount":5})";
    const std::string text = allText(write(founder));
    EXPECT_THAT(text, AllOf(HasSubstr("Buy back a day a week"), HasSubstr("a 5-person practice"),
                            HasSubstr("an afternoon's work, not a project")));
    EXPECT_THAT(text, AllOf(Not(HasSubstr("approvals")), Not(HasSubstr("governance")),
                            Not(HasSubstr("leadership team")), Not(HasSubstr("pilot"))));
}

TEST_F(ContentWriting, WorksTheLeadsOwnDataIntoThePage) {
    Profile manager = reader("Head of Operations", "head", "Logistics", "201-500", "mid_market");
    manager.customJson =
        R"({"painPoint":"Drivers wait at the dock","tools":"Samsara, Excel",)"
        R"("teamSize":40,"leadSource":"Webinar: peak planning","favouriteColour":"teal"})";
    const std::string text = allText(write(manager, R"({"format":"playbook"})"));
    EXPECT_THAT(
        text, AllOf(HasSubstr("the hardest part right now is \u201CDrivers wait at the dock\u201D"),
                    HasSubstr("Pull them from Samsara and Excel automatically"),
                    HasSubstr("You told us team size: 40"),
                    HasSubstr("40 × 6 × 46 working weeks = 11,040 hours a year"),
                    HasSubstr("You found us through \u201CWebinar: peak planning\u201D"),
                    HasSubstr("- Favourite colour: teal")));
}

TEST_F(ContentWriting, TurnsANumberIntoAWorkedEstimate) {
    Profile cfo = reader("CFO", "executive", "Software", "51-200", "mid_market");
    cfo.customJson = R"({"ARR":"$4.2M","customers":350,"averageDealSize":"$12,000"})";
    const std::string text = allText(write(cfo));
    EXPECT_THAT(text, AllOf(HasSubstr("With ARR of $4.2M, each percentage point of revenue kept or "
                                      "won is worth $42,000 a year"),
                            HasSubstr("Two points, a fair first-year aim for the work on this "
                                      "page, is $84,000"),
                            HasSubstr("With 350 customers, keeping one more in every hundred is "
                                      "3.5 more each year, worth $42,000 at $12,000 each")));
}

TEST_F(ContentWriting, GreetsByGivenNameOnlyWhereTheNameOrderIsKnown) {
    const auto greetingOf = [&](const std::string& fullName, const std::string& firstName) {
        Profile profile =
            reader("Software Engineer", "individual_contributor", "Software", "11-50", "small");
        profile.fullName = fullName;
        profile.firstName = firstName;
        const std::string body = bodies(write(profile)).front();
        return body.substr(0, body.find(", every item"));
    };
    EXPECT_EQ(greetingOf("Ada Lovelace", "Ada"), "Ada");
    EXPECT_EQ(greetingOf("山田 太郎", "山田"), "山田 太郎");
    EXPECT_EQ(greetingOf("王伟", "王伟"), "王伟");
    EXPECT_EQ(greetingOf("김민지", "김민지"), "김민지");
    EXPECT_EQ(greetingOf("YAMADA Taro", "YAMADA"), "YAMADA Taro");
    EXPECT_EQ(greetingOf("Nguyen Van An", "Nguyen"), "Nguyen Van An");
    // Right-to-left names are isolated so they do not reorder the English around them.
    EXPECT_EQ(greetingOf("مريم الهاشمي", "مريم"), "\u2068مريم\u2069");
}

TEST_F(ContentWriting, NeverDoublesACompanysOwnArticle) {
    Profile banker = reader("VP of Sales", "vp", "Financial Services", "1001-5000", "enterprise");
    banker.company = "The First Continental Bank";
    for (const char* format : {"playbook", "checklist", "scorecard", "roi_estimate", "briefing"}) {
        SCOPED_TRACE(format);
        const std::string text =
            allText(write(banker, std::string(R"({"format":")") + format + R"("})"));
        EXPECT_THAT(text, AllOf(HasSubstr("The First Continental Bank"), Not(HasSubstr("The The")),
                                Not(HasSubstr("the The"))));
    }
    EXPECT_THAT(title(banker, R"({"format":"playbook"})"),
                StartsWith("The First Continental Bank: a 90-day pipeline playbook"));
}

TEST_F(ContentWriting, FollowsOnePossessiveRule) {
    Profile scorer = reader("Head of Operations", "head", "Logistics", "201-500", "mid_market");
    scorer.company = "Analytical Engines";
    EXPECT_THAT(write(scorer)->getObject("callToAction")->getValue<std::string>("text"),
                HasSubstr("compare notes on Analytical Engines' score"));
    scorer.company = "Acme";
    EXPECT_THAT(write(scorer)->getObject("callToAction")->getValue<std::string>("text"),
                HasSubstr("compare notes on Acme's score"));
}

TEST_F(ContentWriting, NamesTheSenderInTheCallToAction) {
    const Profile engineer =
        reader("Software Engineer", "individual_contributor", "Software", "11-50", "small");
    EXPECT_EQ(write(engineer, R"({"brand":{"sender_name":"Sam Lee"}})")
                  ->getObject("callToAction")
                  ->getValue<std::string>("text"),
              "Book 30 minutes with Sam Lee to go through this list for Analytical Engines");
    EXPECT_EQ(write(engineer)->getObject("callToAction")->getValue<std::string>("text"),
              "Book a 30-minute call to go through this list for Analytical Engines");
}

TEST_F(ContentWriting, QuotesResearchFindingsWithTheirSources) {
    auto research = researchFor(reader("COO", "executive", "Gambling", "201-500", "mid_market"));
    research->set("findings", parseObject(R"({"f":[
        {"text":"Lucky Spin opens in Ontario","source":"https://www.news.example/ontario/",
         "evidence":"research"},
        {"text":"Notes say the buyer is difficult","source":"notes","evidence":"client"}]})")
                                  ->getArray("f"));
    const std::string text = allText(plugin_.runObject(contentInput(research)));
    EXPECT_THAT(text, HasSubstr("Lucky Spin opens in Ontario (source: news.example/ontario)"));
    EXPECT_THAT(text, Not(HasSubstr("difficult")));  // the client's notes are not for the reader
}

}  // namespace
}  // namespace lodestone::plugins
