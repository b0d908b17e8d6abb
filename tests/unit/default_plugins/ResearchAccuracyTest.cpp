// Research accuracy on the labelled set (tests/data/research-labels, docs/benchmarks.md): every
// labelled prospect researched by research-basic alone, research-web alone (reading the
// prospect's fixture website on 127.0.0.1) and both through the daemon's research waterfall, as
// `pipeline.research.plugin: [web, basic]` runs them, the answers compared with the labels for
// seniority, department, industry and size band; and every prospect whose
// labelled industry a campaign excludes scored by the ICP module, as the score step scores it,
// against such a campaign: one qualified there was wrongly qualified.
//
// The table and every miss are printed; a figure below its threshold fails the test. Every answer
// is also one the vocabulary (vocabulary.yaml) names, so that the ICP scorer and content-template
// know it.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <set>
#include <sstream>

#include "ResearchAccuracySupport.hpp"
#include "outbound/PolicyGateway.hpp"
#include "outreach/icp/Icp.hpp"
#include "research/ResearchWaterfall.hpp"
#include "support/LabelledSites.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::plugins::testing {
namespace {

// Least share of right answers per label, in percent, and most prospects wrongly qualified.
constexpr double kSeniorityThreshold = 97.0;
constexpr double kDepartmentThreshold = 93.0;
constexpr double kIndustryThreshold = 90.0;
constexpr double kSizeBandThreshold = 99.0;
constexpr int kWronglyQualifiedThreshold = 0;

// The industries the campaign excludes: the demo campaign's exclusion (etc/demo.yaml).
const std::set<std::string> kExcludedIndustries = {"Gambling"};
// A campaign excluding them and asking nothing else: an excluded industry knocks a prospect out,
// any other is a match, an unknown one earns half, so only the exclusion keeps one from
// qualifying.
std::string exclusionIcp() {
    std::string list;
    for (const auto& industry : kExcludedIndustries) {
        list += (list.empty() ? "\"" : ", \"") + industry + "\"";
    }
    return R"({"threshold": 50, "criteria": {"industries": {"exclude": [)" + list +
           R"(], "weight": 1}}})";
}
constexpr domain::Timestamp kNow = 1721001600000;  // 2024-07-15T00:00:00Z

const char* const kResearchWeb = LODESTONE_RESEARCH_WEB_PLUGIN;
const char* const kProspects = LODESTONE_RESEARCH_LABELS "/prospects";
const char* const kSites = LODESTONE_RESEARCH_LABELS "/sites";

// The Add Lead body the score step would hold for the prospect.
Poco::JSON::Object::Ptr leadBody(const LabelledProspect& prospect) {
    auto body = newObject();
    body->set("email", prospect.input->getValue<std::string>("email"));
    const std::pair<const char*, const char*> keys[] = {{"fullName", "contactName"},
                                                        {"company", "companyName"},
                                                        {"domain", "domain"},
                                                        {"title", "title"},
                                                        {"notes", "notes"}};
    for (const auto& [from, to] : keys) {
        if (prospect.input->has(from)) body->set(to, prospect.input->get(from));
    }
    return body;
}

// Scores the prospect whose labelled industry the campaign excludes; no-op for any other.
void checkExclusion(Tally& tally, const LabelledProspect& prospect, const Answers& expected,
                    const Poco::JSON::Object::Ptr& research) {
    const auto industry = expected.find("industry");
    if (industry == expected.end() || !kExcludedIndustries.contains(industry->second)) return;
    ++tally.excludedLabelled;
    const auto score = outreach::scoreProspect(outreach::IcpCriteria::parse(exclusionIcp()),
                                               outreach::profileOf(*leadBody(prospect), research),
                                               kNow, *vocabulary::builtInVocabulary());
    if (score.qualified) {
        ++tally.wronglyQualified;
        tally.wronglyQualifiedProspects.push_back(prospect.index);
    }
}

// research-web (reading the fixture sites through `resolveYaml`) and research-basic, and the
// waterfall of both in the order docs/plugins.md recommends: the site read first, what it did not
// say inferred by research-basic.
config::Config waterfallConfig(const std::string& resolveYaml) {
    return configOf(instanceYaml("web", kResearchWeb,
                                 {"resolve: " + resolveYaml, "max_pages: 2", "page_timeout: 2s",
                                  "step_budget: 10s"}) +
                        instanceYaml("basic", kResearchBasic),
                    "  research:\n    plugin: [web, basic]\n");
}

std::string describe(const LabelledProspect& prospect) {
    return prospect.file + " #" + std::to_string(prospect.index) + " " + toJson(prospect.input);
}

void printReport(const std::vector<Tally>& tallies,
                 const std::vector<LabelledProspect>& prospects) {
    std::ostringstream out;
    out << "\nResearch accuracy on the labelled set (" << prospects.size() << " prospects)\n";
    out << std::left << std::setw(14) << "plugin";
    for (const char* label : kLabels) out << std::setw(20) << label;
    out << "wrongly qualified\n";
    for (const auto& tally : tallies) {
        out << std::setw(14) << tally.plugin;
        for (const char* label : kLabels) {
            const auto found = tally.counts.find(label);
            const auto [right, total] =
                found == tally.counts.end() ? std::pair(0, 0) : found->second;
            std::ostringstream cell;
            cell << right << "/" << total << " " << std::fixed << std::setprecision(1)
                 << tally.percent(label) << "%";
            out << std::setw(20) << cell.str();
        }
        out << tally.wronglyQualified << "/" << tally.excludedLabelled << "\n";
    }
    for (const auto& tally : tallies) {
        out << "\nMisses of " << tally.plugin << " (" << tally.misses.size() << "):\n";
        for (const auto& miss : tally.misses) {
            out << "  " << miss.label << ": expected " << miss.expected << ", got " << miss.got
                << "  " << describe(prospects[miss.prospect]) << "\n";
        }
        for (const auto index : tally.wronglyQualifiedProspects) {
            out << "  wrongly qualified: " << describe(prospects[index]) << "\n";
        }
    }
    std::cout << out.str() << std::flush;
}

// The answers no entry of the vocabulary names, as "label: value".
void collectOutsideVocabulary(const Answers& answers, std::set<std::string>& outside) {
    const auto vocabulary = vocabulary::builtInVocabulary();
    for (const auto& [label, value] : answers) {
        bool named = true;
        if (label == "seniority") {
            // "unknown" is research's word for a blank title, not a seniority.
            named = value == "unknown" || vocabulary::seniorityKeyOf(*vocabulary, value) == value;
        } else if (label == "department") {
            named = vocabulary::departmentKeyOf(*vocabulary, value) == value;
        } else if (label == "industry") {
            const auto* industry = vocabulary::industryNamed(*vocabulary, value);
            named = industry != nullptr && industry->name == value;
        } else if (label == "sizeBand") {
            const std::string& band = value;  // clang 14 cannot capture a structured binding
            named = std::any_of(vocabulary->sizeBands.begin(), vocabulary->sizeBands.end(),
                                [&band](const auto& each) { return each.label == band; });
        }
        if (!named) outside.insert(label + ": " + value);
    }
}

void expectThresholds(const Tally& tally) {
    SCOPED_TRACE(tally.plugin);
    const std::pair<const char*, double> thresholds[] = {{"seniority", kSeniorityThreshold},
                                                         {"department", kDepartmentThreshold},
                                                         {"industry", kIndustryThreshold},
                                                         {"sizeBand", kSizeBandThreshold}};
    for (const auto& [label, threshold] : thresholds) {
        EXPECT_GE(tally.percent(label), threshold) << label;
    }
    EXPECT_LE(tally.wronglyQualified, kWronglyQualifiedThreshold);
}

TEST(ResearchAccuracy, EveryLabelledProspectThroughBasicWebAndTheWaterfall) {
    const auto prospects = loadProspects(kProspects);
    ASSERT_GE(prospects.size(), 400u);
    test::LabelledSites sites(kSites);
    std::set<std::string> sitesUsed;
    std::set<std::string> hosts = sites.hosts();
    for (const auto& prospect : prospects) {
        // Every domain goes to the fixture server, which answers 404 for those without a site:
        // no name is looked up.
        hosts.insert(prospect.domain);
        if (prospect.site.empty()) continue;
        sitesUsed.insert(prospect.site);
        ASSERT_TRUE(sites.hosts().contains(prospect.site)) << describe(prospect);
    }
    ASSERT_GE(sitesUsed.size(), 60u);

    const PluginRegistry registry = loadPlugins(waterfallConfig(sites.resolveYaml(hosts)));
    const auto basic = registry.find("basic");
    const auto web = registry.find("web");
    const research::ResearchWaterfall waterfall(registry.researchWaterfall());
    ASSERT_EQ(waterfall.name(), "web,basic");
    // research-web reads 127.0.0.1 only because the step allows private networks.
    outbound::OutboundPolicy policy;
    policy.allowPrivateNetworks = true;
    policy.maxResponseBytes = 8u * 1024u * 1024u;
    policy.userAgent = "Lodestone/test (research)";
    const outbound::PolicyGateway gateway(policy);

    // Each run as the research step runs it: a deadline, HTTP through the policy gateway.
    const auto researchWith = [&gateway](const auto& researcher, const std::string& input) {
        RunControl control(RunControl::deadlineIn(std::chrono::seconds(30)));
        control.allowHttp(&gateway);
        return parseObject(researcher.run(control, input));
    };

    std::vector<Tally> tallies = {Tally("basic"), Tally("web"), Tally(waterfall.name())};
    std::set<std::string> outsideVocabulary;
    for (const auto& prospect : prospects) {
        SCOPED_TRACE(describe(prospect));
        const std::string input = researchInput(prospect);
        const auto basicOutput = researchWith(*basic, input);
        const auto webOutput = researchWith(*web, input);
        const auto bothOutput = researchWith(waterfall, input);
        const Answers basicAnswers = answersOf(basicOutput);
        const Answers webAnswers = answersOf(webOutput);
        const Answers both = answersOf(bothOutput);
        for (const auto* answers : {&basicAnswers, &webAnswers, &both}) {
            collectOutsideVocabulary(*answers, outsideVocabulary);
        }

        // research-basic reads no website: it is held to what the lead says.
        tallies[0].score(prospect, prospect.labels, basicAnswers);
        checkExclusion(tallies[0], prospect, prospect.labels, basicOutput);
        tallies[1].score(prospect, prospect.withSite(), webAnswers);
        checkExclusion(tallies[1], prospect, prospect.withSite(), webOutput);
        tallies[2].score(prospect, prospect.withSite(), both);
        checkExclusion(tallies[2], prospect, prospect.withSite(), bothOutput);
    }
    printReport(tallies, prospects);
    for (const auto& tally : tallies) expectThresholds(tally);
    for (const auto& answer : outsideVocabulary)
        ADD_FAILURE() << "not in the vocabulary: " << answer;
}

}  // namespace
}  // namespace lodestone::plugins::testing
