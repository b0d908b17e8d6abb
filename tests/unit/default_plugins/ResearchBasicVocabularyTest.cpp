// research-basic reads the vocabulary file the daemon names (pipeline.vocabulary) at configure(),
// so that an edited file is in force after a reload, which configures the plugins again; a file
// with a mistake is refused with its line, and the plugins keep the words they had.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "unit/default_plugins/DefaultPluginSupport.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::plugins::testing {
namespace {

namespace fs = std::filesystem;

class ResearchBasicVocabulary : public ::testing::Test {
  protected:
    void SetUp() override {
        fs::create_directories(folder_);
        std::ifstream shipped(fs::path(kResearchBasic).parent_path() / "vocabulary.yaml");
        std::ostringstream text;
        text << shipped.rdbuf();
        shipped_ = text.str();
        ASSERT_FALSE(shipped_.empty());
        write(shipped_);
    }
    void TearDown() override { fs::remove_all(folder_); }

    void write(const std::string& text) const { std::ofstream(file_) << text; }

    // The configuration as lodestoned reads it at start or at a reload.
    config::Config configuration() const {
        const std::string yaml =
            "storage:\n  path: /tmp/lodestone-default-plugin-tests/lodestone.db\n"
            "plugins:\n  subject:\n    library: " +
            std::string(kResearchBasic) + "\npipeline:\n  vocabulary: " + file_.string() + "\n";
        config::LoadOptions options;
        options.pluginDir = fs::path(kResearchBasic).parent_path();
        options.env = [](const std::string&) { return std::optional<std::string>(); };
        return config::parseConfig(yaml, (folder_ / "lodestone.yaml").string(), options);
    }

    static std::string seniorityOf(const PluginRegistry& registry, const std::string& title) {
        auto lead = newObject();
        lead->set("email", "someone@acme.com");
        lead->set("title", title);
        auto root = newObject();
        root->set("lead", lead);
        RunControl control(RunControl::kNoDeadline);
        const auto output = parseObject(registry.find("subject")->run(control, toJson(root)));
        return output->getObject("person")->getValue<std::string>("seniority");
    }

    fs::path folder_ =
        fs::temp_directory_path() / ("lodestone-vocabulary-test-" + std::to_string(::getpid()));
    fs::path file_ = folder_ / "vocabulary.yaml";
    std::string shipped_;
};

TEST_F(ResearchBasicVocabulary, AnEditedFileIsInForceAfterAReload) {
    const PluginRegistry started = loadPlugins(configuration());
    EXPECT_EQ(seniorityOf(started, "Grand Poobah"), "individual_contributor");

    const std::string from = "words: [chief, ";
    std::string edited = shipped_;
    ASSERT_NE(edited.find(from), std::string::npos);
    edited.replace(edited.find(from), from.size(), "words: [chief, poobah, ");
    write(edited);
    const PluginRegistry reloaded = loadPlugins(configuration());
    EXPECT_EQ(seniorityOf(reloaded, "Grand Poobah"), "executive");
    // The daemon's own readers (the ICP scorer) get the same file with the registry.
    EXPECT_EQ(reloaded.vocabulary()->seniorityTitleWords[1].words[1].words, "poobah");
    // Each instance owns the words it was configured with: the registry a reload replaced (work
    // prepared before it still runs its instances) reads the file as it was.
    EXPECT_EQ(seniorityOf(started, "Grand Poobah"), "individual_contributor");

    write(shipped_);
    const PluginRegistry restored = loadPlugins(configuration());
    EXPECT_EQ(seniorityOf(restored, "Grand Poobah"), "individual_contributor");
}

TEST_F(ResearchBasicVocabulary, AFileWithAMistakeIsRefusedWithItsLine) {
    write("industries: []\nseniorities: []\ncolours: [red]\n");
    try {
        loadPlugins(configuration());
        ADD_FAILURE() << "a vocabulary with an unknown key was accepted";
    } catch (const config::ConfigError& e) {
        ASSERT_EQ(e.messages().size(), 1U);
        EXPECT_EQ(e.messages()[0], file_.string() + ":3: (top).colours: unknown key");
    }
}

}  // namespace
}  // namespace lodestone::plugins::testing
