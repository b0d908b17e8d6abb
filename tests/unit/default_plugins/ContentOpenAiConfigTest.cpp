// content-openai's configuration, checked at start-up: every error names the key, and for the
// prompt templates the file, so an operator can fix it from the message alone.
#include <fstream>

#include "ContentOpenAiSupport.hpp"
#include "support/TempDir.hpp"

namespace lodestone::plugins::testing {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

// The errors of loading content-openai with `lines` beside a model.
std::vector<std::string> errorsWith(std::vector<std::string> lines) {
    lines.push_back("model: gpt-4o-mini");
    return loadErrors(kContentOpenAi, lines);
}

std::string allOf(const std::vector<std::string>& errors) {
    std::string text;
    for (const auto& error : errors) text += error + "\n";
    return text;
}

TEST(ContentOpenAiConfig, LoadsWithTheModelAloneAndTheShippedPrompts) {
    EXPECT_THAT(errorsWith({}), IsEmpty());
}

TEST(ContentOpenAiConfig, NeedsAModel) {
    EXPECT_THAT(allOf(loadErrors(kContentOpenAi, {})),
                HasSubstr("plugins.subject.config.model: required key"));
    EXPECT_THAT(allOf(loadErrors(kContentOpenAi, {"model: \"\""})),
                HasSubstr("model: must name the model"));
}

TEST(ContentOpenAiConfig, NamesTheKeyOfAValueItCannotUse) {
    const std::pair<std::string, std::string> cases[] = {
        {"base_url: ftp://models.example/v1",
         "base_url: \"ftp://models.example/v1\" is not an "
         "http:// or https:// URL"},
        {"base_url: https://user:pw@models.example/v1", "base_url: must not carry a user"},
        {"base_url: https://models.example/v1?x=1",
         "base_url: \"https://models.example/v1?x=1\" "
         "must not have a query"},
        {"base_url: https://models.example/v1/chat/completions",
         "base_url: give the part before /chat/completions"},
        {"response_format: xml",
         "response_format: \"xml\" is none of json_schema, json_object, "
         "none"},
    };
    for (const auto& [line, message] : cases) {
        SCOPED_TRACE(line);
        EXPECT_THAT(allOf(errorsWith({line})), HasSubstr("plugins.subject.config: " + message));
    }
    // Ranges are the key table's, checked by the host, which names the key in the path.
    const std::pair<std::string, std::string> outOfRange[] = {
        {"temperature: 2.5", "temperature: must be between 0 and 2, got 2.5"},
        {"max_tokens: 10", "max_tokens: must be between 256 and 1000000, got 10"},
        {"timeout: 500ms", "timeout: must be between 1s and 1h, got 500ms"},
    };
    for (const auto& [line, message] : outOfRange) {
        SCOPED_TRACE(line);
        EXPECT_THAT(allOf(errorsWith({line})), HasSubstr("plugins.subject.config." + message));
    }
}

TEST(ContentOpenAiConfig, RefusesAKeyThatWouldBreakTheHeaderWithoutQuotingIt) {
    const std::string errors = allOf(errorsWith({"api_key: \"sk-secret-value\\nX-Injected: 1\""}));
    EXPECT_THAT(errors, HasSubstr("api_key: must not contain spaces, line breaks or control "
                                  "characters"));
    EXPECT_THAT(errors, Not(HasSubstr("sk-secret-value")));
}

TEST(ContentOpenAiConfig, NamesAPromptFileThatIsMissing) {
    const std::string errors = allOf(errorsWith({"system_prompt: /nonexistent/system.mustache"}));
    EXPECT_THAT(errors, HasSubstr("plugins.subject.config: system_prompt: cannot read the prompt "
                                  "file /nonexistent/system.mustache: No such file or directory"));
}

TEST(ContentOpenAiConfig, NamesAPromptFileThatIsNotMustache) {
    test::TempDir dir;
    const auto broken = dir / "user.mustache";
    std::ofstream(broken) << "Write for {{lead.fullName}}.\n{{#research.facts}}- {{.}}\n";
    const auto empty = dir / "empty.mustache";
    std::ofstream(empty) << "\n  \n";
    EXPECT_THAT(allOf(errorsWith({"user_prompt: " + broken.string()})),
                HasSubstr("plugins.subject.config: user_prompt: " + broken.string() +
                          " is not valid Mustache: unclosed section \"research.facts\""));
    EXPECT_THAT(allOf(errorsWith({"system_prompt: " + empty.string()})),
                HasSubstr("system_prompt: " + empty.string() + " is empty"));
}

TEST(ContentOpenAiConfig, UsesTheOperatorsOwnPrompts) {
    test::TempDir dir;
    std::ofstream(dir / "system.mustache") << "You write for {{research.company.industry}}.";
    std::ofstream(dir / "user.mustache")
        << "Reader: {{lead.fullName}} ({{lead.email}}) at {{project.name}}.\n"
           "{{#customFields}}{{name}}={{value}};{{/customFields}}\n{{researchJson}}";
    test::FakeChatServer server;
    ContentOpenAi(server, {"system_prompt: " + (dir / "system.mustache").string(),
                           "user_prompt: " + (dir / "user.mustache").string()})
        .run(contentInput());
    const auto request = server.requests().at(0);
    EXPECT_EQ(request.message(0), "You write for Software.");
    EXPECT_THAT(request.message(1),
                HasSubstr("Reader: Ada Lovelace (ada@acme-fixture.example) at Engineering "
                          "guides.\npainPoint=onboarding takes weeks;teamSize=40;\n{"));
    EXPECT_THAT(request.message(1), HasSubstr("\"sizeBand\": \"201-500\""));
}

// Lead data is text in the prompt, never a template: a company called "{{research}}" is sent
// as written.
TEST(ContentOpenAiConfig, NeverRendersLeadDataAsATemplate) {
    test::TempDir dir;
    std::ofstream(dir / "user.mustache") << "Company: {{lead.company}}";
    test::FakeChatServer server;
    ContentOpenAi(server, {"user_prompt: " + (dir / "user.mustache").string()})
        .run(R"({"lead":{"email":"a@b.example","company":"{{research}} & <Sons>"}})");
    EXPECT_EQ(server.requests().at(0).message(1), "Company: {{research}} & <Sons>");
}

}  // namespace
}  // namespace lodestone::plugins::testing
