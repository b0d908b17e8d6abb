// content-template's copy as data (plugins/content/template/data/*.yaml): the plugin loads only
// when every view it can pick is complete, and writes every industry's page for every role view
// in every format with each placeholder filled, so no page shows a "{{name}}"; every placeholder
// is one the writer fills, so none leaves an empty gap where a misspelt one was.
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <regex>
#include <set>

#include "unit/default_plugins/ContentTestSupport.hpp"

namespace lodestone::plugins {
namespace {

using namespace testing;

const std::filesystem::path kData = LODESTONE_CONTENT_TEMPLATE_DATA;

// The placeholders the writer fills (Writing.hpp's Context, listed in data/industries.yaml).
const std::set<std::string> kPlaceholders = {
    "company", "Company", "companys", "org",      "customers", "unit",     "site",
    "m1",      "m2",      "m3",       "rule",     "calendar",  "quickWin", "leak",
    "tools",   "team",    "domain",   "roleLeak", "families",  "teachers", "greeting"};

// The keys whose texts the writer fills; every other text goes into pages as written.
const std::set<std::string> kFilled = {"pressure", "heading",   "why",        "steps",
                                       "leak",     "this_week", "this_month", "this_quarter",
                                       "low",      "high",      "decisions",  "questions"};

void collectTexts(const YAML::Node& node, const std::string& at,
                  std::vector<std::pair<std::string, std::string>>& texts) {
    if (node.IsScalar()) texts.emplace_back(at, node.Scalar());
    if (node.IsSequence()) {
        for (std::size_t i = 0; i < node.size(); ++i) {
            collectTexts(node[i], at + "[" + std::to_string(i) + "]", texts);
        }
    }
    if (node.IsMap()) {
        for (const auto& entry : node) {
            collectTexts(entry.second, at + "." + entry.first.as<std::string>(), texts);
        }
    }
}

TEST(ContentTemplateData, EveryPlaceholderIsOneTheWriterFills) {
    const std::regex tag(R"(\{\{\s*([^}]*?)\s*\}\})");
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(kData)) {
        if (entry.path().extension() != ".yaml") continue;
        ++files;
        std::vector<std::pair<std::string, std::string>> texts;
        collectTexts(YAML::LoadFile(entry.path().string()), entry.path().filename().string(),
                     texts);
        for (const auto& [at, text] : texts) {
            for (std::sregex_iterator it(text.begin(), text.end(), tag), end; it != end; ++it) {
                EXPECT_TRUE(kPlaceholders.contains((*it)[1].str()))
                    << at << ": {{" << (*it)[1].str() << "}} is not a placeholder the writer fills";
                const std::string key = std::regex_replace(at, std::regex(R"(^.*\.|\[\d+\])"), "");
                EXPECT_TRUE(kFilled.contains(key))
                    << at << ": goes into pages as written, so its {{" << (*it)[1].str()
                    << "}} would show as it stands";
            }
        }
    }
    EXPECT_EQ(files, 7);
}

TEST(ContentTemplateData, EveryIndustryAndRoleViewIsWrittenInEveryFormat) {
    // One title per role view the writer picks from (a chief executive of 50 or fewer reads the
    // founder's; "Director of Admissions" reads as admissions in Education and where the industry
    // is unknown); "Janitor" falls to the view for every other role.
    struct Role {
        const char* title;
        const char* seniority;
        const char* sizeCategory;
    };
    const Role roles[] = {{"Chief Executive Officer", "executive", "enterprise"},
                          {"Founder", "executive", "micro"},
                          {"Finance Manager", "manager", "enterprise"},
                          {"HR Manager", "manager", "mid_market"},
                          {"Account Executive", "individual_contributor", "small"},
                          {"Marketing Manager", "manager", "mid_market"},
                          {"Software Engineer", "individual_contributor", "small"},
                          {"Head of Operations", "head", "enterprise"},
                          {"Head of Procurement", "head", "enterprise"},
                          {"General Counsel", "executive", "mid_market"},
                          {"IT Manager", "manager", "mid_market"},
                          {"Customer Success Manager", "manager", "small"},
                          {"Director of Admissions", "director", "enterprise"},
                          {"Teacher", "individual_contributor", "mid_market"},
                          {"Nurse", "individual_contributor", "enterprise"},
                          {"Janitor", "individual_contributor", "small"}};
    std::vector<std::string> industries = {"", "An industry the views do not know"};
    for (const auto& entry : YAML::LoadFile((kData / "industries.yaml").string())["industries"]) {
        industries.push_back(entry.first.as<std::string>());
    }
    ASSERT_GE(industries.size(), 20U);
    LoadedPlugin content(kContentTemplate);
    for (const auto& industry : industries) {
        for (const Role& role : roles) {
            for (const char* format :
                 {"playbook", "checklist", "scorecard", "roi_estimate", "briefing"}) {
                Profile profile;
                profile.fullName = "Ada Lovelace";
                profile.firstName = "Ada";
                profile.title = role.title;
                profile.seniority = role.seniority;
                profile.company = "Analytical Engines";
                profile.industry = industry;
                profile.sizeCategory = role.sizeCategory;
                auto settings = newObject();
                settings->set("format", format);
                const auto document =
                    content.runObject(contentInput(researchFor(profile), settings));
                const std::string text = allText(document);
                // No placeholder left, in either spelling ("{{families}}" or "{families}").
                EXPECT_EQ(text.find('{'), std::string::npos)
                    << industry << ", " << role.title << ", " << format << ":\n"
                    << text;
                EXPECT_GE(document->getArray("sections")->size(), 4U)
                    << industry << ", " << role.title << ", " << format;
                for (const auto& body : bodies(document)) EXPECT_FALSE(body.empty());
            }
        }
    }
}

}  // namespace
}  // namespace lodestone::plugins
