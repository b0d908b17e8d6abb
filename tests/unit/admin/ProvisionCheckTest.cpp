// Provisioned ICP criteria are judged after the config is loaded (config reads them without
// knowing what they mean), yet reported as the loader reports its own problems.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "admin/Provisioner.hpp"
#include "config/ConfigLoader.hpp"
#include "support/TempDir.hpp"

using namespace lodestone;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

class ProvisionCheck : public ::testing::Test {
  protected:
    // The messages admin::checkProvision throws for `yaml`, which must load as a config.
    std::vector<std::string> problemsOf(const std::string& yaml) {
        auto config = config::parseConfig(yaml, dir_ / "lodestone.yaml", config::LoadOptions{});
        try {
            admin::checkProvision(config.provision);
        } catch (const config::ConfigError& e) {
            return e.messages();
        }
        return {};
    }

    test::TempDir dir_;
};

TEST_F(ProvisionCheck, IcpErrorsNameTheLineOfTheKeyInside) {
    auto problems = problemsOf(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      campaigns:
        - name: Q3
          icp:
            criteria:
              employees: { min: 500, max: 50 }
)");
    ASSERT_EQ(problems.size(), 1u) << ::testing::PrintToString(problems);
    EXPECT_THAT(problems[0],
                HasSubstr("lodestone.yaml:9: provision.organisations[0].campaigns[0].icp."
                          "criteria.employees: min 500 is greater than max 50"));
}

TEST_F(ProvisionCheck, IcpFileErrorsAlsoNameTheFileAndTheLineInIt) {
    std::filesystem::create_directories(dir_ / "icp");
    std::ofstream(dir_ / "icp" / "q3.yaml") << "criteria:\n  employees: { min: many }\n";
    auto problems = problemsOf(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      campaigns:
        - name: Q3
          icp_file: icp/q3.yaml
)");
    ASSERT_EQ(problems.size(), 1u) << ::testing::PrintToString(problems);
    // The included file as it was read (resolved against the config's folder), as for sequences.
    EXPECT_THAT(problems[0], HasSubstr("lodestone.yaml:7: provision.organisations[0].campaigns[0]."
                                       "icp_file: in " +
                                       (dir_.path() / "icp" / "q3.yaml").string() +
                                       ":2: criteria.employees.min: "
                                       "expected a non-negative number, got \"many\""));
}

TEST_F(ProvisionCheck, EveryCampaignIsCheckedAndEveryProblemListed) {
    auto problems = problemsOf(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      campaigns:
        - { name: Good, icp: { threshold: 60 } }
        - { name: Bad, icp: { threshold: 150 } }
        - name: None
    - name: Globex
      campaigns:
        - { name: Also bad, icp: { criteria: { industry: {} } } }
)");
    ASSERT_EQ(problems.size(), 2u) << ::testing::PrintToString(problems);
    EXPECT_THAT(problems[0], HasSubstr("lodestone.yaml:7: provision.organisations[0].campaigns[1]."
                                       "icp.threshold: expected a whole number from 0 to 100"));
    EXPECT_THAT(problems[1], HasSubstr("lodestone.yaml:11: provision.organisations[1].campaigns[0]."
                                       "icp.criteria.industry: unknown key"));
}

TEST_F(ProvisionCheck, GoodCriteriaAndNoCriteriaPass) {
    EXPECT_THAT(problemsOf(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      campaigns:
        - { name: Q3, icp: { threshold: 60, criteria: { industries: { include: [Software] } } } }
        - name: Q4
)"),
                ElementsAre());
}

}  // namespace

TEST_F(ProvisionCheck, SequenceErrorsNameTheLineOfTheKeyAndItsFullPath) {
    auto problems = problemsOf(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      campaigns:
        - name: Q3
          sequence:
            from: { address: ada@acme.example }
            window:
              timezone: Europe/Londn
            steps:
              - subject: "Hi {{frstName}}"
                text: Hello
)");
    ASSERT_EQ(problems.size(), 1u) << ::testing::PrintToString(problems);
    EXPECT_THAT(problems[0],
                HasSubstr("lodestone.yaml:10: provision.organisations[0].campaigns[0].sequence."
                          "window.timezone: unknown time zone \"Europe/Londn\""));
}

TEST_F(ProvisionCheck, SequenceFileErrorsNameTheFileAndItsLine) {
    std::filesystem::create_directories(dir_ / "sequences");
    std::ofstream(dir_ / "sequences" / "q3.yaml") << "from: { address: ada@acme.example }\n"
                                                     "steps:\n"
                                                     "  - subject: Hello\n"
                                                     "    text: \"Hi {{frstName}}\"\n";
    auto problems = problemsOf(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      campaigns:
        - name: Q3
          sequence_file: sequences/q3.yaml
)");
    ASSERT_EQ(problems.size(), 1u) << ::testing::PrintToString(problems);
    EXPECT_THAT(problems[0], HasSubstr("lodestone.yaml:7: provision.organisations[0].campaigns[0]."
                                       "sequence_file: in "));
    EXPECT_THAT(problems[0], HasSubstr("q3.yaml:4: steps[0].text: unknown template variable "
                                       "{{frstName}}"));
}

TEST_F(ProvisionCheck, EachBadSequenceDocumentNamesItsKey) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"{ from: { address: a@b.example }, steps: [{ subject: s, text: t }], colour: red }",
         "sequence.colour"},
        {"{ from: { address: a@b.example }, steps: [] }", "sequence.steps"},
        {"{ from: { address: a@b.example }, window: { start: \"25:00\" }, steps: [{ subject: s, "
         "text: t }] }",
         "sequence.window.start"},
        {"{ from: { address: a@b.example }, window: { timezone: Mars/Base }, steps: [{ subject: "
         "s, text: t }] }",
         "sequence.window.timezone"},
        {"{ from: { address: not-an-address }, steps: [{ subject: s, text: t }] }",
         "sequence.from.address"},
        {"{ from: { address: a@b.example }, steps: [{ subject: \"{{nope}}\", text: t }] }",
         "sequence.steps[0].subject"},
    };
    for (const auto& [document, key] : cases) {
        auto problems = problemsOf(
            "storage: { path: x.db }\nprovision:\n  organisations:\n"
            "    - name: Acme\n      campaigns:\n        - name: Q3\n"
            "          sequence: " +
            document + "\n");
        ASSERT_EQ(problems.size(), 1u) << document;
        EXPECT_THAT(problems[0], HasSubstr("provision.organisations[0].campaigns[0]." + key + ":"))
            << document;
    }
}
