// content-openai in lodestoned, end to end: a lead magnet researched from its company's website
// (research-web against the fixture site) and written by a language model (a fake
// OpenAI-compatible server on 127.0.0.1); the page shows the model's document, escaped, and the
// status shows the tokens it used. The content step's own network policy decides whether the
// loopback server may be reached, and --check-config names a prompt file that cannot be used.
#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "EngineSupport.hpp"
#include "support/FakeChatServer.hpp"
#include "support/FixtureSite.hpp"

namespace lodestone::test {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

const char* const kApiKey = "sk-integration-0123456789";

struct Models {
    const FixtureSite* site = nullptr;  // research-web against it; none: research-basic
    bool allowPrivateNetworks = true;
};

EngineSetup withModel(const FakeChatServer& server, const Models& models = {}) {
    EngineSetup setup;
    setup.realPlugins = true;
    std::string yaml = "plugins:\n";
    if (models.site != nullptr) {
        yaml += "  web:\n    library: research-web\n    config:\n      resolve: " +
                models.site->resolveYaml() + "\n      page_timeout: 1s\n      max_pages: 6\n";
    }
    yaml +=
        "  writer:\n    library: content-openai\n    config:\n      base_url: " + server.baseUrl() +
        "\n      model: fake-model\n      api_key: " + kApiKey + "\n" + "pipeline:\n";
    if (models.site != nullptr) {
        yaml += "  research: { plugin: web, timeout: 30s, allow_private_networks: true }\n";
    }
    yaml += "  content: { plugin: writer, timeout: 10s, allow_private_networks: " +
            std::string(models.allowPrivateNetworks ? "true" : "false") + " }\n";
    setup.extraYaml = yaml;
    return setup;
}

Poco::JSON::Object::Ptr stepNamed(const Poco::JSON::Object::Ptr& job, const std::string& name) {
    auto steps = job->getArray("steps");
    for (std::size_t i = 0; steps && i < steps->size(); ++i) {
        auto step = steps->getObject(static_cast<unsigned>(i));
        if (step->getValue<std::string>("name") == name) return step;
    }
    ADD_FAILURE() << "no step " << name;
    return new Poco::JSON::Object;
}

TEST(ContentOpenAiEndToEnd, AGenerationJobIsWrittenByTheModelFromWhatResearchFound) {
    FixtureSite site;
    FakeChatServer server;
    EngineDaemon engine(withModel(server, {&site, true}));
    engine.start();
    auto [leadId, jobId] = engine.createJob(
        R"({"email":"ada@acme-fixture.example","fullName":"Ada Lovelace","company":"Acme Analytics"})");
    auto job = engine.waitUntilFinished(jobId);
    ASSERT_EQ(job->getValue<std::string>("status"), "completed") << job->get("error").toString();

    // The model was asked with what research read on the company's website.
    ASSERT_EQ(server.requestCount(), 1u);
    const auto request = server.requests()[0];
    EXPECT_EQ(request.header("Authorization"), std::string("Bearer ") + kApiKey);
    EXPECT_EQ(request.json()->getValue<std::string>("model"), "fake-model");
    EXPECT_THAT(request.message(1),
                AllOf(HasSubstr("- Name: Ada Lovelace"), HasSubstr("Acme Analytics"),
                      HasSubstr("is hiring 3 people"),
                      HasSubstr("(source: http://acme-fixture.example/careers)")));
    EXPECT_GE(site.hits(FixtureSite::kAcme, "/careers"), 1);

    // The page is the model's document.
    auto page = httpRequest(engine.port(), "GET", "/m/" + leadId);
    EXPECT_EQ(page.status, 200);
    EXPECT_THAT(page.body, AllOf(HasSubstr("Acme Analytics: a 90-day playbook"),
                                 HasSubstr("Where Acme Analytics starts"),
                                 HasSubstr("That is a good moment to write the onboarding down."),
                                 HasSubstr("Book 30 minutes with Sam Lee")));

    // The status shows what the model used, on the content step only.
    auto usage = stepNamed(job, "content_generation")->getObject("usage");
    ASSERT_TRUE(usage);
    EXPECT_EQ(usage->getValue<int>("promptTokens"), 812);
    EXPECT_EQ(usage->getValue<int>("completionTokens"), 640);
    EXPECT_EQ(usage->getValue<int>("totalTokens"), 1452);
    EXPECT_EQ(usage->getValue<std::string>("model"), "fake-model-2026");
    EXPECT_FALSE(stepNamed(job, "research_agent")->has("usage"));
    EXPECT_FALSE(stepNamed(job, "finalization")->has("usage"));
}

TEST(ContentOpenAiEndToEnd, TheModelsMarkupIsShownAsTextOnThePage) {
    FakeChatServer server;
    server.setDefault(FakeChatServer::completion(
        R"({"title":"<script>alert('title')</script> Plan","subtitle":"<b>bold</b> & co",)"
        R"("sections":[{"heading":"<h1>Heading</h1>",)"
        R"("body":"Read <img src=x onerror=alert(1)> now\n\n- <a href=\"javascript:alert(2)\">x</a>"}],)"
        R"("callToAction":{"text":"<script>document.cookie</script>","url":""}})"));
    EngineDaemon engine(withModel(server));
    engine.start();
    auto [leadId, jobId] = engine.createJob(R"({"email":"ada@analytical-engines.co.uk"})");
    auto job = engine.waitUntilFinished(jobId);
    ASSERT_EQ(job->getValue<std::string>("status"), "completed") << job->get("error").toString();
    auto page = httpRequest(engine.port(), "GET", "/m/" + leadId);
    ASSERT_EQ(page.status, 200);
    EXPECT_THAT(page.body, AllOf(HasSubstr("&lt;script&gt;alert("), HasSubstr("&lt;b&gt;bold"),
                                 HasSubstr("&amp; co"), HasSubstr("&lt;h1&gt;Heading"),
                                 HasSubstr("&lt;img src=x onerror=alert(1)&gt;"),
                                 HasSubstr("&lt;script&gt;document.cookie")));
    for (const char* raw : {"<script>alert(", "<script>document", "<b>bold", "<h1>Heading",
                            "<img src=x", "<a href=\"javascript"}) {
        EXPECT_THAT(page.body, Not(HasSubstr(raw)));
    }
}

TEST(ContentOpenAiEndToEnd, AnAnswerOfTheWrongShapeFailsTheStepAndTheEngineTriesAgain) {
    FakeChatServer server;
    server.script({FakeChatServer::completion(R"({"headline":"no title here"})")});
    EngineDaemon engine(withModel(server));
    engine.start();
    auto [leadId, jobId] = engine.createJob(R"({"email":"ada@analytical-engines.co.uk"})");
    auto job = engine.waitUntilFinished(jobId);
    ASSERT_EQ(job->getValue<std::string>("status"), "completed") << job->get("error").toString();
    EXPECT_EQ(job->getValue<int>("retryCount"), 1);
    EXPECT_EQ(server.requestCount(), 2u);
}

TEST(ContentOpenAiEndToEnd, ALoopbackServerIsRefusedUnlessTheContentStepAllowsIt) {
    FakeChatServer server;
    EngineDaemon engine(withModel(server, {nullptr, false}));
    engine.start();
    auto [leadId, jobId] = engine.createJob(R"({"email":"ada@analytical-engines.co.uk"})");
    auto job = engine.waitUntilFinished(jobId);
    ASSERT_EQ(job->getValue<std::string>("status"), "failed");
    EXPECT_THAT(job->getValue<std::string>("error"),
                AllOf(HasSubstr("(a loopback address)"),
                      HasSubstr("set pipeline.content.allow_private_networks: true to allow it")));
    EXPECT_EQ(server.requestCount(), 0u);
}

TEST(ContentOpenAiEndToEnd, CheckConfigNamesAPromptFileThatIsNotMustache) {
    TempDir dir;
    const auto prompt = dir / "user.mustache";
    std::ofstream(prompt) << "Write for {{#lead}}{{fullName}}.";
    std::ofstream(dir / "lodestone.yaml")
        << "storage:\n  path: var/lodestone.db\nplugins:\n  writer:\n    library: content-openai\n"
           "    config:\n      model: gpt-4o-mini\n      user_prompt: "
        << prompt.string() << "\npipeline:\n  content: { plugin: writer }\n";
    auto result = runToCompletion(
        LODESTONED_PATH, {"--config", (dir / "lodestone.yaml").string(), "--check-config"});
    EXPECT_EQ(result.status.code, 1);
    EXPECT_THAT(result.errors, HasSubstr("plugins.writer.config: user_prompt: " + prompt.string() +
                                         " is not valid Mustache: unclosed section \"lead\""));
}

}  // namespace
}  // namespace lodestone::test
