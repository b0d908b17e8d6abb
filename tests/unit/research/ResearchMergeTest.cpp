#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "research/ResearchMerge.hpp"

namespace lodestone::research {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

Poco::JSON::Object::Ptr parsed(const std::string& json) {
    return Poco::JSON::Parser().parse(json).extract<Poco::JSON::Object::Ptr>();
}

ResearchAttempt gave(const std::string& instance, const std::string& output) {
    return ResearchAttempt{instance, output, {}, false};
}

ResearchAttempt failed(const std::string& instance, const std::string& error,
                       bool inputRejected = false) {
    return ResearchAttempt{instance, std::nullopt, error, inputRejected};
}

std::string text(const Poco::JSON::Object::Ptr& object, const std::string& path) {
    Poco::JSON::Object::Ptr at = object;
    std::string rest = path;
    for (auto dot = rest.find('.'); dot != std::string::npos; dot = rest.find('.')) {
        at = at->getObject(rest.substr(0, dot));
        rest = rest.substr(dot + 1);
    }
    return at->has(rest) ? at->get(rest).toString() : "(none)";
}

// A field of the evidence entry of a profile path, whose key has dots of its own.
std::string evidenceOf(const Poco::JSON::Object::Ptr& merged, const std::string& path,
                       const std::string& field) {
    auto entry = merged->getObject("evidence")->getObject(path);
    return entry ? entry->get(field).toString() : "(none)";
}

std::vector<std::string> strings(const Poco::JSON::Array::Ptr& list) {
    std::vector<std::string> out;
    for (const auto& value : *list) out.push_back(value.toString());
    return out;
}

// What research-web might say: it read the site, and has no word on the industry.
const std::string kWeb = R"({
  "person": {"email": "ada@spin.example", "seniority": "unknown"},
  "company": {"name": "Lucky Spin", "sizeBand": "201-500", "sizeCategory": "mid_market"},
  "custom": {"source": "site"},
  "facts": ["Lucky Spin is hiring 7 people", "Lucky Spin has 240 employees"],
  "sources": ["https://spin.example/"],
  "profile": {"company": {"employeeRange": "201-500",
                          "signals": {"hiringSignals": {"openRoles": 7}}}},
  "evidence": {"company.employeeRange": {"evidence": "research",
                                         "source": "https://spin.example/about"}},
  "findings": [{"text": "Lucky Spin is hiring 7 people", "source": "https://spin.example/careers",
                "evidence": "research"}],
  "warnings": ["https://spin.example/pricing: no answer within 5 s; skipped"]})";

// What research-basic might say about the same lead: an inferred industry and size, a seniority
// from the title.
const std::string kBasic = R"({
  "person": {"email": "ada@spin.example", "seniority": "vp", "department": "sales"},
  "company": {"name": "Lucky Spin Ltd", "industry": "Gambling", "sizeBand": "11-50",
              "sizeCategory": "small"},
  "custom": {"source": "form", "campaign": "q3"},
  "facts": ["Lucky Spin is hiring 7 people", "Works in Sales at VP level"],
  "sources": ["email domain", "https://spin.example/"],
  "profile": {"company": {"industry": "Gambling", "employeeRange": "11-50",
                          "signals": {"hiringSignals": {"openRoles": 3}}},
              "contact": {"seniority": "vp"}},
  "evidence": {"company.industry": {"evidence": "inferred", "source": "notes: \"sportsbook\""},
               "company.employeeRange": {"evidence": "inferred", "source": "job title"},
               "company.signals.hiringSignals.openRoles": {"evidence": "inferred",
                                                           "source": "notes"},
               "contact.seniority": {"evidence": "client", "source": "contact.seniority"}},
  "findings": [{"text": "Lucky Spin is hiring 7 people", "source": "notes", "evidence": "client"},
               {"text": "Works in Sales at VP level", "source": "job title",
                "evidence": "inferred"}]})";

TEST(ResearchMerge, ALaterInstanceFillsWhatTheEarlierLeftUnknown) {
    auto merged =
        parsed(mergeResearch({gave("research-web", kWeb), gave("research-basic", kBasic)}));
    EXPECT_EQ(text(merged, "profile.company.industry"), "Gambling");
    EXPECT_EQ(evidenceOf(merged, "company.industry", "evidence"), "inferred");
    EXPECT_EQ(text(merged, "profile.contact.seniority"), "vp");
    // Legacy keys: filled where missing or "unknown", the earlier kept otherwise.
    EXPECT_EQ(text(merged, "company.industry"), "Gambling");
    EXPECT_EQ(text(merged, "person.seniority"), "vp");
    EXPECT_EQ(text(merged, "person.department"), "sales");
    EXPECT_EQ(text(merged, "company.name"), "Lucky Spin");
    EXPECT_EQ(text(merged, "custom.source"), "site");
    EXPECT_EQ(text(merged, "custom.campaign"), "q3");
}

TEST(ResearchMerge, AWeakerValueNeverOverwritesAStrongerOne) {
    auto merged =
        parsed(mergeResearch({gave("research-web", kWeb), gave("research-basic", kBasic)}));
    // research (and a value without an entry, which counts as research) beats inferred.
    EXPECT_EQ(text(merged, "profile.company.employeeRange"), "201-500");
    EXPECT_EQ(evidenceOf(merged, "company.employeeRange", "source"), "https://spin.example/about");
    EXPECT_EQ(text(merged, "profile.company.signals.hiringSignals.openRoles"), "7");
    EXPECT_FALSE(merged->getObject("evidence")->has("company.signals.hiringSignals.openRoles"));
    EXPECT_EQ(text(merged, "company.sizeBand"), "201-500");
    EXPECT_EQ(text(merged, "company.sizeCategory"), "mid_market");
}

TEST(ResearchMerge, AStrictlyStrongerValueReplacesTheEarlierWithItsEvidence) {
    const std::string client = R"({
      "person": {"email": "ada@spin.example", "seniority": "head"},
      "company": {"sizeBand": "1001-5000", "sizeCategory": "enterprise"},
      "profile": {"company": {"employeeRange": "1001-5000"}, "contact": {"seniority": "head"}},
      "evidence": {"company.employeeRange": {"evidence": "client", "source": "company.employeeRange"},
                   "contact.seniority": {"evidence": "client", "source": "contact.seniority"}}})";
    auto merged = parsed(mergeResearch({gave("research-web", kWeb), gave("mine", client)}));
    EXPECT_EQ(text(merged, "profile.company.employeeRange"), "1001-5000");
    EXPECT_EQ(evidenceOf(merged, "company.employeeRange", "evidence"), "client");
    EXPECT_EQ(evidenceOf(merged, "company.employeeRange", "source"), "company.employeeRange");
    // The older keys follow the replaced profile value.
    EXPECT_EQ(text(merged, "company.sizeBand"), "1001-5000");
    EXPECT_EQ(text(merged, "company.sizeCategory"), "enterprise");
    // Equal evidence does not replace: the first stays.
    auto again = parsed(mergeResearch({gave("mine", client), gave("research-basic", kBasic)}));
    EXPECT_EQ(text(again, "profile.contact.seniority"), "head");
    EXPECT_EQ(text(again, "person.seniority"), "head");
}

TEST(ResearchMerge, EachKeptValueKeepsItsOwnEvidenceEntry) {
    auto merged =
        parsed(mergeResearch({gave("research-web", kWeb), gave("research-basic", kBasic)}));
    auto evidence = merged->getObject("evidence");
    EXPECT_EQ(evidenceOf(merged, "company.employeeRange", "evidence"), "research");
    EXPECT_EQ(evidence->getObject("company.industry")->get("source").toString(),
              "notes: \"sportsbook\"");
    EXPECT_EQ(evidence->getObject("contact.seniority")->get("evidence").toString(), "client");
}

TEST(ResearchMerge, FindingsAreDeduplicatedByTextAndFactsAreTheirTexts) {
    auto merged =
        parsed(mergeResearch({gave("research-web", kWeb), gave("research-basic", kBasic)}));
    auto findings = merged->getArray("findings");
    ASSERT_EQ(findings->size(), 2u);
    // The first instance's finding of a text is the one kept.
    EXPECT_EQ(findings->getObject(0)->get("source").toString(), "https://spin.example/careers");
    EXPECT_THAT(strings(merged->getArray("facts")),
                ElementsAre("Lucky Spin is hiring 7 people", "Works in Sales at VP level",
                            "Lucky Spin has 240 employees"));
    EXPECT_THAT(strings(merged->getArray("sources")),
                ElementsAre("https://spin.example/", "email domain"));
    EXPECT_THAT(strings(merged->getArray("warnings")),
                ElementsAre("research-web: https://spin.example/pricing: no answer within 5 s; "
                            "skipped"));
}

TEST(ResearchMerge, OutputThatIsNotResearchJsonIsAWarningNotAFact) {
    auto merged = parsed(mergeResearch({gave("echo", R"({"plugin": "echo", "input": {}})"),
                                        gave("odd", R"({"person": {}, "company": {}, "facts": 3})"),
                                        gave("research-basic", kBasic)}));
    EXPECT_EQ(text(merged, "company.industry"), "Gambling");
    EXPECT_FALSE(merged->has("plugin"));
    EXPECT_THAT(strings(merged->getArray("warnings")),
                ElementsAre("echo failed: its output is not research's JSON (it has no `person` "
                            "object); it was left out",
                            "odd failed: its output is not research's JSON (its `facts` is not a "
                            "list); it was left out"));
}

TEST(ResearchMerge, OneOfTwoFailingIsAWarningNamingIt) {
    auto merged = parsed(mergeResearch({failed("research-web",
                                               "plugin \"research-web\" failed: "
                                               "cannot reach spin.example"),
                                        gave("research-basic", kBasic)}));
    EXPECT_EQ(text(merged, "profile.company.industry"), "Gambling");
    EXPECT_THAT(strings(merged->getArray("warnings")),
                ElementsAre("research-web failed: plugin \"research-web\" failed: cannot reach "
                            "spin.example"));
}

TEST(ResearchMerge, AllFailingFailsAndIsRetriedUnlessEveryOneRefusedTheInput) {
    try {
        mergeResearch({failed("a", "timed out"), failed("b", "refused", true)});
        FAIL() << "expected ResearchFailed";
    } catch (const ResearchFailed& e) {
        EXPECT_TRUE(e.retryable());
        EXPECT_THAT(e.what(), HasSubstr("a: timed out; b: refused"));
    }
    try {
        mergeResearch({failed("a", "refused", true), failed("b", "refused", true)});
        FAIL() << "expected ResearchFailed";
    } catch (const ResearchFailed& e) {
        EXPECT_FALSE(e.retryable());
    }
    try {
        mergeResearch({failed("a", "refused", true), gave("b", "[1]")});
        FAIL() << "expected ResearchFailed";
    } catch (const ResearchFailed& e) {
        EXPECT_TRUE(e.retryable());  // output that is not research's is no refusal of the input
    }
}

}  // namespace
}  // namespace lodestone::research
