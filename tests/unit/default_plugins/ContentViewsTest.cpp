// Which views content/template's built-in writer reads for a prospect, as the prospect would read
// the page: a department with a view of its own gets it (a procurement head reads about suppliers
// and spend, not an operations backlog), Construction is not read as property, a size given as
// one number is used as given, and where nothing is known the page names nothing.
//
// With LODESTONE_CONTENT_PAGES set to a directory, each page written here is also saved there as
// text, to be read whole.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "unit/default_plugins/ContentTestSupport.hpp"

namespace lodestone::plugins {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;
using namespace testing;

class ContentViews : public ::testing::Test {
  protected:
    // The page for `profile`, with research's `profile.company` and the lead's own fields.
    std::string page(const std::string& name, const Profile& profile,
                     const std::string& profileCompanyJson = "",
                     const std::string& leadJson = R"({"email":"lead@example.com"})") const {
        auto research = researchFor(profile);
        if (!profileCompanyJson.empty()) {
            auto company = parseObject(profileCompanyJson);
            auto wrapper = newObject();
            wrapper->set("company", company);
            research->set("profile", wrapper);
        }
        const auto document =
            plugin_.runObject(contentInput(research, newObject(), parseObject(leadJson)));
        std::string text = allText(document);
        if (const char* dir = std::getenv("LODESTONE_CONTENT_PAGES")) {
            std::filesystem::create_directories(dir);
            std::ofstream(std::filesystem::path(dir) / (name + ".txt")) << text;
        }
        return text;
    }

    LoadedPlugin plugin_{kContentTemplate};
};

Profile prospect(std::string title, std::string seniority, std::string department,
                 std::string company, std::string industry) {
    return {.fullName = "Ada Lovelace",
            .firstName = "Ada",
            .title = std::move(title),
            .seniority = std::move(seniority),
            .department = std::move(department),
            .company = std::move(company),
            .industry = std::move(industry),
            .sizeBand = "",
            .sizeCategory = "",
            .customJson = "{}"};
}

TEST_F(ContentViews, AProcurementHeadAtAConstructionGroupReadsAboutSuppliersAndSpend) {
    Profile buyer = prospect("Head of Procurement", "head", "procurement", "Harlow Build Group",
                             "Construction");
    buyer.sizeBand = "1001-5000";
    buyer.sizeCategory = "enterprise";
    const std::string text = page("procurement-construction", buyer, "",
                                  R"({"email":"lead@example.com","companySize":"2500"})");
    EXPECT_THAT(text, AllOf(HasSubstr("supplier"), HasSubstr("spend"), HasSubstr("contract"),
                            HasSubstr("2,500-person construction group"),
                            HasSubstr("programme delays"), HasSubstr("Company size: 2,500")));
    for (const char* wrong : {"letting", "occupancy", "tenant", "backlog", "3,000", "middle"}) {
        EXPECT_THAT(text, Not(HasSubstr(wrong))) << wrong;
    }
}

TEST_F(ContentViews, AChiefProcurementOfficersBriefingReadsTheSameWay) {
    const std::string text = page("procurement-briefing",
                                  prospect("Chief Procurement Officer", "executive", "procurement",
                                           "Harlow Build Group", "Construction"),
                                  R"({"employeeCount":2500})");
    EXPECT_THAT(text, AllOf(HasSubstr("briefing"), HasSubstr("supplier"),
                            HasSubstr("subcontractor"), HasSubstr("2,500")));
    for (const char* wrong : {"letting", "occupancy", "backlog", "3,000"}) {
        EXPECT_THAT(text, Not(HasSubstr(wrong))) << wrong;
    }
}

TEST_F(ContentViews, ADepartmentWithItsOwnViewGetsItWhateverTheTitleSays) {
    // "Project manager" alone reads as operations; research's department knows better.
    Profile buyer =
        prospect("Project Manager", "manager", "procurement", "Harlow Build Group", "Construction");
    EXPECT_THAT(page("procurement-by-department", buyer), HasSubstr("supplier"));
    for (const auto& [title, department, words] :
         std::vector<std::tuple<std::string, std::string, std::string>>{
             {"General Counsel", "legal", "contract"},
             {"IT Manager", "it", "access"},
             {"Head of Information Security", "", "patch"},
             {"VP Customer Success", "customer_success", "renewal"},
             {"Director", "admissions", "enrollment"},
             {"Purchasing Manager", "", "supplier"}}) {
        std::string name = "role-" + title;
        std::replace(name.begin(), name.end(), ' ', '-');
        const std::string text = page(name, prospect(title, "director", department, "Acme", ""));
        EXPECT_THAT(text, HasSubstr(words)) << title;
        EXPECT_THAT(text, Not(HasSubstr("backlog"))) << title;
    }
}

TEST_F(ContentViews, AnAdmissionsDirectorReadsAboutApplicationsAndYield) {
    Profile director = prospect("Director of Admissions", "director", "admissions",
                                "Northfield University", "Education");
    director.sizeBand = "1001-5000";
    const std::string text = page("admissions-university", director);
    EXPECT_THAT(text, AllOf(HasSubstr("applications"), HasSubstr("yield"),
                            HasSubstr("enrollment funnel"), HasSubstr("1,001 to 5,000")));
    EXPECT_THAT(text, Not(HasSubstr("teaching time")));
}

TEST_F(ContentViews, WithNoSizeKnownThePageNamesNoHeadCount) {
    const std::string text =
        page("sales-vp-unknown", prospect("VP Sales", "vp", "sales", "Quillstack", "Software"));
    EXPECT_THAT(text, HasSubstr("pipeline"));
    for (const char* invented : {"people", "employees", "-person", "Head count", "Size:"}) {
        EXPECT_THAT(text, Not(HasSubstr(invented))) << invented;
    }
}

TEST_F(ContentViews, WithNoIndustryOrDepartmentKnownThePageSaysLessRatherThanGuess) {
    // No industry: no claim about what the reader's organisation is judged on.
    const std::string counsel =
        page("legal-no-industry", prospect("General Counsel", "executive", "legal", "Acme", ""));
    EXPECT_THAT(counsel, AllOf(HasSubstr("contract"), Not(HasSubstr("judged on")),
                               Not(HasSubstr("in the end"))));
    // No department and a title that names none: the general view, not a guessed one.
    const std::string general =
        page("nothing-known", prospect("Director", "director", "", "Acme", ""));
    for (const char* guessed :
         {"supplier", "pipeline", "enrollment", "patients", "lettings", "judged on"}) {
        EXPECT_THAT(general, Not(HasSubstr(guessed))) << guessed;
    }
}

TEST_F(ContentViews, AnExactSizeIsUsedAsGivenAndARangeIsSaidAsARange) {
    Profile cfo = prospect("CFO", "executive", "finance", "Harlow Build Group", "Construction");
    cfo.sizeBand = "1001-5000";
    // Research's own count, and the lead's own number written with a separator.
    EXPECT_THAT(page("size-research", cfo, R"({"employeeCount":2500})"),
                AllOf(HasSubstr("2,500"), Not(HasSubstr("3,000"))));
    const std::string given =
        page("size-given", cfo, "", R"({"email":"lead@example.com","companySize":"2,500"})");
    EXPECT_THAT(given, AllOf(HasSubstr("2,500"), Not(HasSubstr("3,000"))));
    const std::string range =
        page("size-range", cfo, "", R"({"email":"lead@example.com","companySize":"1,000-5,000"})");
    EXPECT_THAT(range, AllOf(HasSubstr("a construction group of 1,000-5,000 people"),
                             HasSubstr("1,000-5,000 people, the size you gave, worked at its "
                                       "middle of 3,000")));
    EXPECT_THAT(range, Not(HasSubstr("you gave as your size")));
}

TEST_F(ContentViews, ConstructionHasAViewOfItsOwn) {
    Profile manager = prospect("Operations Manager", "manager", "operations", "Harlow Build Group",
                               "Construction");
    const std::string text = page("operations-construction", manager);
    EXPECT_THAT(text, AllOf(HasSubstr("site"), HasSubstr("programme")));
    EXPECT_THAT(text, Not(HasSubstr("letting")));
}

TEST_F(ContentViews, AnAdmissionsTitleOutsideEducationIsNoEnrollmentFunnel) {
    const std::string text =
        page("admissions-hospital", prospect("Admissions Coordinator", "individual_contributor", "",
                                             "St Mary's", "Healthcare"));
    EXPECT_THAT(text, Not(HasSubstr("enrollment")));
}

}  // namespace
}  // namespace lodestone::plugins
