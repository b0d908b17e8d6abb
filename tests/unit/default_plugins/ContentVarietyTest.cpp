// The built-in writer over a fixed set of 20 prospects (fixtures/content_prospects.json: ten
// industries and more, every seniority, one to ten thousand people, with and without research,
// names in five scripts): each page, rendered as lodestoned renders it, states at least five facts
// about its prospect and every custom-field value it was given, and pages for readers of
// different industries or seniorities share under 40 % of their sections. ContentVariety.hpp
// defines the measures. Set LODESTONE_CONTENT_PREVIEW_DIR to keep the pages as HTML files.
#include <Poco/JSON/Array.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <set>

#include "pages/PageRenderer.hpp"
#include "unit/default_plugins/ContentTestSupport.hpp"
#include "unit/default_plugins/ContentVariety.hpp"

namespace lodestone::plugins {
namespace {

using namespace testing;

struct WrittenPage {
    std::string id;
    std::string industry;
    std::string seniority;
    Poco::JSON::Object::Ptr prospect;
    Poco::JSON::Object::Ptr document;
    std::string text;  // the rendered page's visible text
};

// Research's output for the lead, with what a web research plugin would add merged over it.
Poco::JSON::Object::Ptr researched(const LoadedPlugin& research,
                                   const Poco::JSON::Object::Ptr& prospect) {
    auto input = newObject();
    input->set("jobId", "job_1");
    input->set("leadId", "lead_1");
    input->set("lead", prospect->getObject("lead"));
    auto output = research.runObject(toJson(input));
    const auto extra = prospect->getObject("research");
    if (!extra) return output;
    for (const char* key : {"profile", "evidence"}) {
        const auto add = extra->getObject(key);
        if (!add) continue;
        auto into = output->getObject(key);
        for (const auto& name : add->getNames()) {
            auto mine = into->getObject(name);
            const auto theirs = add->getObject(name);
            if (mine && theirs) {
                for (const auto& inner : theirs->getNames()) mine->set(inner, theirs->get(inner));
            } else {
                into->set(name, add->get(name));
            }
        }
    }
    if (const auto findings = extra->getArray("findings")) {
        for (std::size_t i = 0; i < findings->size(); ++i) {
            output->getArray("findings")->add(findings->get(static_cast<unsigned>(i)));
        }
    }
    return output;
}

const std::vector<WrittenPage>& pages() {
    static const std::vector<WrittenPage> written = [] {
        std::ifstream file(LODESTONE_CONTENT_FIXTURE);
        const std::string json((std::istreambuf_iterator<char>(file)), {});
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        const auto prospects = parser.parse(json).extract<Poco::JSON::Array::Ptr>();
        LoadedPlugin research(kResearchBasic);
        LoadedPlugin content(kContentTemplate);
        const auto settings =
            parseObject(R"({"brand":{"name":"Lodestar Advisory","sender_name":"Sam Lee",)"
                        R"("sender_title":"Head of Partnerships"}})");
        const char* previewDir = std::getenv("LODESTONE_CONTENT_PREVIEW_DIR");
        std::vector<WrittenPage> result;
        for (std::size_t i = 0; i < prospects->size(); ++i) {
            WrittenPage page;
            page.prospect = prospects->getObject(static_cast<unsigned>(i));
            page.id = page.prospect->getValue<std::string>("id");
            const auto findings = researched(research, page.prospect);
            page.industry = findings->getObject("company")->optValue<std::string>("industry", "");
            page.seniority = findings->getObject("person")->optValue<std::string>("seniority", "");
            auto input = parseObject(contentInput(findings, settings));
            input->set("lead", page.prospect->getObject("lead"));
            page.document = content.runObject(toJson(input));
            domain::Lead lead;
            lead.id = "lead_" + page.id;
            lead.email = page.prospect->getObject("lead")->getValue<std::string>("email");
            lead.fieldsJson = toJson(page.prospect->getObject("lead"));
            domain::Project project;
            project.name = "Demo project";
            project.settingsJson = toJson(settings);
            const std::string html = pages::renderLeadMagnet(*page.document, lead, project);
            page.text = visibleText(html);
            if (previewDir)
                std::ofstream(std::string(previewDir) + "/" + page.id + ".html") << html;
            result.push_back(page);
        }
        return result;
    }();
    return written;
}

TEST(ContentVariety, TheFixtureHoldsTwentyVariedProspects) {
    std::set<std::string> industries;
    std::set<std::string> seniorities;
    std::set<std::string> titles;
    for (const auto& page : pages()) {
        industries.insert(page.industry);
        seniorities.insert(page.seniority);
        titles.insert(page.document->getValue<std::string>("title"));
    }
    EXPECT_EQ(pages().size(), 20u);
    EXPECT_GE(industries.size(), 15u);
    EXPECT_GE(seniorities.size(), 5u);
    EXPECT_EQ(titles.size(), 20u);
}

TEST(ContentVariety, EveryPageStatesAtLeastFiveFactsAboutItsProspect) {
    std::size_t least = 1000;
    for (const auto& page : pages()) {
        std::size_t stated = 0;
        std::vector<std::string> missing;
        for (const auto& fact : prospectFacts(page.prospect)) {
            if (states(page.text, fact)) {
                ++stated;
            } else {
                missing.push_back(fact.front());
            }
        }
        least = std::min(least, stated);
        std::cout << std::left << std::setw(26) << page.id << stated << " facts stated"
                  << (missing.empty() ? "" : "; not stated: ");
        for (const auto& item : missing) std::cout << "[" << item << "] ";
        std::cout << "\n";
        EXPECT_GE(stated, 5u) << page.id;
    }
    std::cout << "fewest facts on one page: " << least << "\n";
}

TEST(ContentVariety, EveryCustomFieldValueReachesItsPage) {
    std::size_t values = 0;
    std::size_t reached = 0;
    for (const auto& page : pages()) {
        for (const auto& fact : customFieldFacts(page.prospect)) {
            ++values;
            if (states(page.text, fact)) {
                ++reached;
            } else {
                ADD_FAILURE() << page.id << ": custom value " << fact.front()
                              << " is not on the page";
            }
        }
    }
    std::cout << reached << " of " << values << " custom-field values reached their pages\n";
}

TEST(ContentVariety, PagesForDifferentReadersShareUnderFortyPercentOfSections) {
    double total = 0;
    double worst = 0;
    std::string worstPair;
    std::size_t pairs = 0;
    const auto& all = pages();
    for (std::size_t i = 0; i < all.size(); ++i) {
        for (std::size_t j = i + 1; j < all.size(); ++j) {
            if (all[i].industry == all[j].industry && all[i].seniority == all[j].seniority)
                continue;
            const double shared =
                sharedFraction(sectionTexts(all[i].document), sectionTexts(all[j].document));
            total += shared;
            ++pairs;
            if (shared > worst) {
                worst = shared;
                worstPair = all[i].id + " / " + all[j].id;
            }
        }
    }
    const double mean = total / static_cast<double>(pairs);
    std::cout << pairs << " pairs of different industry or seniority: mean shared fraction "
              << mean * 100 << " %, highest " << worst * 100 << " % (" << worstPair << ")\n";
    EXPECT_LT(worst, 0.4) << worstPair;

    std::map<std::string, std::set<std::string>> pagesOfParagraph;
    std::size_t paragraphs = 0;
    for (const auto& page : all) {
        for (const auto& paragraph : paragraphsOf(page.document)) {
            pagesOfParagraph[paragraph].insert(page.id);
        }
    }
    std::size_t reappearing = 0;
    for (const auto& page : all) {
        for (const auto& paragraph : paragraphsOf(page.document)) {
            ++paragraphs;
            if (pagesOfParagraph[paragraph].size() > 1) ++reappearing;
        }
    }
    std::cout << reappearing << " of " << paragraphs
              << " paragraphs reappear word for word on another page ("
              << 100.0 * static_cast<double>(reappearing) / static_cast<double>(paragraphs)
              << " %)\n";
    EXPECT_LT(static_cast<double>(reappearing), 0.25 * static_cast<double>(paragraphs));
}

TEST(ContentVariety, UsesEveryFormat) {
    std::map<std::string, int> formats;
    for (const auto& page : pages()) {
        const std::string title = page.document->getValue<std::string>("title");
        for (const char* format :
             {"playbook", "checklist", "scores on", "worked estimate", "briefing"}) {
            if (title.find(format) != std::string::npos) ++formats[format];
        }
    }
    for (const auto& [format, count] : formats) std::cout << format << ": " << count << "\n";
    EXPECT_EQ(formats.size(), 5u);
}

}  // namespace
}  // namespace lodestone::plugins
