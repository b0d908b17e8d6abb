// lodestonectl's command line itself: usage per command, --version, -c, exit codes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>

#include "Commands.hpp"
#include "unit/ctl/CtlFixture.hpp"

using namespace lodestone;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

namespace {

class CtlUsage : public test::CtlFixture {
  protected:
    // Without the fixture's --config and --json: the command line exactly as given.
    test::CtlOutcome bare(const std::vector<std::string>& args) {
        std::ostringstream out, err;
        test::CtlOutcome outcome;
        outcome.code = ctl::run(args, out, err);
        outcome.out = out.str();
        outcome.err = err.str();
        return outcome;
    }
};

}  // namespace

TEST_F(CtlUsage, NoArgumentsPrintsUsageAndExitsWithExUsage) {
    auto outcome = bare({});
    EXPECT_EQ(outcome.code, 64);
    EXPECT_TRUE(outcome.out.empty());
    EXPECT_THAT(outcome.err, StartsWith("usage: lodestonectl"));
    EXPECT_THAT(outcome.err, HasSubstr("backup FILE [--force]"));
}

TEST_F(CtlUsage, VersionPrintsVersionCommitAndBuildDate) {
    for (const auto& args :
         std::vector<std::vector<std::string>>{{"--version"}, {"-c", "x.yaml", "--version"}}) {
        auto outcome = bare(args);
        EXPECT_EQ(outcome.code, 0) << outcome.err;
        static const std::regex kVersion(
            "lodestonectl [0-9]+\\.[0-9]+\\.[0-9]+ \\(commit ([0-9a-f]{7,}|unknown), built "
            "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z\\)\n");
        EXPECT_TRUE(std::regex_match(outcome.out, kVersion)) << outcome.out;
    }
}

TEST_F(CtlUsage, EachCommandHasItsOwnHelp) {
    // Every command, asked either way, prints its own synopsis and help, not the global list,
    // and reads no config (the fixture's database is never created).
    for (const auto& command : ctl::allCommands()) {
        std::vector<std::string> words{command.group};
        if (!command.verb.empty()) words.push_back(command.verb);
        std::vector<std::string> asOption = words, asWord = words;
        asOption.push_back("--help");
        asWord.insert(asWord.begin(), "help");
        for (const auto& args : {asOption, asWord}) {
            auto outcome = bare(args);
            EXPECT_EQ(outcome.code, 0) << command.name() << ": " << outcome.err;
            EXPECT_THAT(outcome.out, StartsWith("usage: lodestonectl [-c FILE] [--json] " +
                                                command.synopsis + "\n"));
            EXPECT_THAT(outcome.out, HasSubstr(command.help));
            EXPECT_FALSE(command.help.empty()) << command.name();
            EXPECT_THAT(outcome.out, Not(HasSubstr("commands:"))) << command.name();
        }
    }
    EXPECT_THAT(bare({"campaign", "create", "-h"}).out, HasSubstr("--icp FILE"));
    EXPECT_THAT(bare({"backup", "--help"}).out, HasSubstr("--force"));
    EXPECT_FALSE(std::filesystem::exists(dir_ / "var"));
}

TEST_F(CtlUsage, AGroupAloneListsItsCommands) {
    auto help = bare({"webhook", "--help"});
    EXPECT_EQ(help.code, 0);
    EXPECT_THAT(help.out, HasSubstr("webhook redeliver ID"));
    EXPECT_THAT(help.out, Not(HasSubstr("org create")));
    auto missing = bare({"webhook"});
    EXPECT_EQ(missing.code, 64);
    EXPECT_THAT(missing.err, HasSubstr("webhook list"));
}

TEST_F(CtlUsage, GlobalHelpListsEveryCommand) {
    auto help = bare({"--help"});
    EXPECT_EQ(help.code, 0);
    for (const auto& command : ctl::allCommands()) {
        EXPECT_THAT(help.out, HasSubstr(command.synopsis));
    }
    EXPECT_THAT(help.out, HasSubstr("-c, --config FILE"));
    EXPECT_EQ(bare({"help"}).out, help.out);
}

TEST_F(CtlUsage, ShortConfigOptionWorksAsTheLongOne) {
    const std::string config = configFile_.string();
    auto before = bare({"-c", config, "--json", "org", "create", "Acme"});
    EXPECT_EQ(before.code, 0) << before.err;
    auto after = bare({"org", "list", "-c", config, "--json"});
    EXPECT_EQ(after.code, 0) << after.err;
    EXPECT_EQ(after.json()->getArray("items")->size(), 1u);
    EXPECT_EQ(bare({"org", "list", "-c"}).code, 64);
    EXPECT_EQ(bare({"-c"}).code, 64);
    EXPECT_EQ(bare({"-x", "org", "list"}).code, 64);
}

TEST_F(CtlUsage, UsageErrorsPointAtTheCommandsOwnHelp) {
    auto outcome = run({"org", "create"});
    EXPECT_EQ(outcome.code, 64);
    EXPECT_THAT(outcome.err, HasSubstr("run `lodestonectl org create --help` for usage"));
    auto unknown = run({"org", "explode"});
    EXPECT_THAT(unknown.err, HasSubstr("unknown command \"org explode\""));
    EXPECT_THAT(unknown.err, HasSubstr("run `lodestonectl --help` for usage"));
}

TEST_F(CtlUsage, ListsOfAnUnknownOrganisationAreAnError) {
    const std::string org = newOrg();
    for (const char* group : {"project", "campaign", "key", "webhook"}) {
        auto unknown = run({group, "list", "--org", "org_nope"});
        EXPECT_EQ(unknown.code, 1) << group;
        EXPECT_THAT(unknown.err, HasSubstr("no organisation with id org_nope")) << group;
        EXPECT_TRUE(unknown.out.empty()) << group;
        auto known = run({group, "list", "--org", org});
        EXPECT_EQ(known.code, 0) << group << ": " << known.err;
        EXPECT_EQ(known.json()->getArray("items")->size(), 0u) << group;
    }
}
