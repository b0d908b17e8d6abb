// content-openai against a fake OpenAI-compatible server on 127.0.0.1: what it sends (the model,
// the rendered prompts, the response format, the key), and the step's outcome for each kind of
// answer: a document, a busy server, an error, JSON that is malformed or of the wrong shape, a
// fenced answer, an answer slower than the deadline.
#include <fstream>
#include <thread>
#include <vector>

#include "ContentOpenAiSupport.hpp"
#include "support/TempDir.hpp"

namespace lodestone::plugins::testing {
namespace {

using namespace std::chrono_literals;
using test::ChatReply;
using test::FakeChatServer;
using ::testing::AllOf;
using ::testing::AnyOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

// A run that notes, each time content-openai says it waits to try again, how many requests the
// server had heard by then: the order of waits and requests, with no clock read.
struct WaitsObserved {
    explicit WaitsObserved(const FakeChatServer& server)
        : control(RunControl::deadlineIn(30s), [this, &server](int, const std::string& note) {
              if (note.find("waiting to try again") != std::string::npos) {
                  heardBefore.push_back(server.requestCount());
              }
          }) {}

    std::vector<std::size_t> heardBefore;  // before `control`, which writes to it
    RunControl control;
};

TEST(ContentOpenAi, WritesTheDocumentTheModelAnswersWithItsTokenUsage) {
    FakeChatServer server;
    const ContentOpenAi plugin(server);
    auto document = plugin.document();
    EXPECT_EQ(document->getValue<std::string>("title"), "Acme Analytics: a 90-day playbook");
    EXPECT_EQ(document->getValue<std::string>("subtitle"),
              "For Ada Lovelace, VP Engineering: three plays for the next quarter");
    auto sections = document->getArray("sections");
    ASSERT_EQ(sections->size(), 2u);
    EXPECT_EQ(sections->getObject(1)->getValue<std::string>("body"),
              "- Play one\n- Play two\n- Play three");
    auto callToAction = document->getObject("callToAction");
    EXPECT_EQ(callToAction->getValue<std::string>("text"),
              "Book 30 minutes with Sam Lee to plan the first play");
    EXPECT_FALSE(callToAction->has("url")) << "an empty link is left out";
    auto usage = document->getObject("usage");
    ASSERT_TRUE(usage) << toJson(document);
    EXPECT_EQ(usage->getValue<int>("promptTokens"), 812);
    EXPECT_EQ(usage->getValue<int>("completionTokens"), 640);
    EXPECT_EQ(usage->getValue<int>("totalTokens"), 1452);
    EXPECT_EQ(usage->getValue<std::string>("model"), "fake-model-2026");
    EXPECT_EQ(server.requestCount(), 1u);
}

TEST(ContentOpenAi, SendsTheModelTheRenderedPromptsTheSchemaAndTheKey) {
    FakeChatServer server;
    const ContentOpenAi plugin(
        server, {"api_key: sk-test-0123456789", "temperature: 0.25", "max_tokens: 3000"});
    plugin.run(contentInput());
    ASSERT_EQ(server.requestCount(), 1u);
    const auto request = server.requests()[0];
    EXPECT_EQ(request.method, "POST");
    EXPECT_EQ(request.path, "/v1/chat/completions");
    EXPECT_EQ(request.header("Authorization"), "Bearer sk-test-0123456789");
    EXPECT_THAT(request.header("Content-Type"), HasSubstr("application/json"));
    EXPECT_EQ(request.header("User-Agent"), "Lodestone/test (content)");

    auto body = request.json();
    EXPECT_EQ(body->getValue<std::string>("model"), "fake-model");
    EXPECT_DOUBLE_EQ(body->getValue<double>("temperature"), 0.25);
    EXPECT_EQ(body->getValue<int>("max_tokens"), 3000);
    auto messages = body->getArray("messages");
    ASSERT_EQ(messages->size(), 2u);
    EXPECT_EQ(messages->getObject(0)->getValue<std::string>("role"), "system");
    EXPECT_EQ(messages->getObject(1)->getValue<std::string>("role"), "user");
    EXPECT_THAT(request.message(0), HasSubstr("Never invent facts"));
    // The lead, the research and the project, rendered into the shipped user prompt.
    EXPECT_THAT(request.message(1),
                AllOf(HasSubstr("- Name: Ada Lovelace"), HasSubstr("- Role: VP of Engineering"),
                      HasSubstr("- Seniority: vp"), HasSubstr("- Name: Analytical Engines"),
                      HasSubstr("- Industry: Software"), HasSubstr("- Employees: 201-500"),
                      HasSubstr("- Uses: HubSpot"),
                      HasSubstr("- Analytical Engines is hiring 7 people in Engineering (source: "
                                "https://acme-fixture.example/careers)"),
                      HasSubstr("- painPoint: onboarding takes weeks"), HasSubstr("- teamSize: 40"),
                      HasSubstr("- Format: a playbook"),
                      HasSubstr("- Sender, for the call to action: Sam Lee"),
                      HasSubstr("- Written for the campaign: Engineering guides")));
    EXPECT_THAT(request.message(1), Not(HasSubstr("{{")));

    auto format = body->getObject("response_format");
    ASSERT_TRUE(format);
    EXPECT_EQ(format->getValue<std::string>("type"), "json_schema");
    auto schema = format->getObject("json_schema");
    EXPECT_EQ(schema->getValue<std::string>("name"), "lead_magnet");
    EXPECT_TRUE(schema->getValue<bool>("strict"));
    auto properties = schema->getObject("schema")->getObject("properties");
    for (const char* key : {"title", "subtitle", "sections", "callToAction"}) {
        EXPECT_TRUE(properties->has(key)) << key;
    }
}

TEST(ContentOpenAi, AsksForAnyJsonObjectOrLeavesTheFormatOut) {
    FakeChatServer server;
    ContentOpenAi(server, {"response_format: json_object"}).run(contentInput());
    ContentOpenAi(server, {"response_format: none"}).run(contentInput());
    const auto requests = server.requests();
    ASSERT_EQ(requests.size(), 2u);
    auto format = requests[0].json()->getObject("response_format");
    ASSERT_TRUE(format);
    EXPECT_EQ(toJson(format), R"({"type":"json_object"})");
    EXPECT_FALSE(requests[1].json()->has("response_format"));
}

TEST(ContentOpenAi, SendsNoAuthorizationWithoutAKey) {
    FakeChatServer server;
    ContentOpenAi(server).run(contentInput());
    EXPECT_EQ(server.requests().at(0).header("Authorization"), "<none>");
}

TEST(ContentOpenAi, TriesARateLimitedRequestAgainAfterTheWaitItNames) {
    FakeChatServer server;
    server.script({FakeChatServer::error(429, "Rate limit reached", {{"Retry-After", "0"}}),
                   FakeChatServer::error(429, "Rate limit reached", {{"Retry-After", "1"}})});
    const ContentOpenAi plugin(server);
    WaitsObserved waits(server);
    auto document = parseObject(plugin.run(contentInput(), waits.control));
    // A wait began after each busy answer and before the next request; that the wait is the
    // one the server named shows when it does not fit (NeverWaitsPastTheStepsDeadline), and that
    // it holds the request back, when it is cancelled (StopsWaitingWhenTheRunIsCancelled).
    EXPECT_THAT(waits.heardBefore, ElementsAre(1u, 2u));
    EXPECT_EQ(document->getValue<std::string>("title"), "Acme Analytics: a 90-day playbook");
    EXPECT_EQ(server.requestCount(), 3u);
}

TEST(ContentOpenAi, TriesAFailingServerAgainAfterABackOff) {
    FakeChatServer server;
    server.script({FakeChatServer::error(500, "The server had an error")});
    const ContentOpenAi plugin(server);
    WaitsObserved waits(server);
    auto document = parseObject(plugin.run(contentInput(), waits.control));
    EXPECT_THAT(waits.heardBefore, ElementsAre(1u)) << "a wait between the two requests";
    EXPECT_TRUE(document->has("title"));
    EXPECT_EQ(server.requestCount(), 2u);

    // The first back-off is half a second: with 0.7 s to the deadline there is no room for it
    // and the shortest try after it (0.2 s), whatever the machine's speed, and the run says so.
    FakeChatServer busy;
    busy.setDefault(FakeChatServer::error(500, "The server had an error"));
    auto error = ContentOpenAi(busy).failure(contentInput(), 700ms);
    EXPECT_THAT(error.message(), HasSubstr("500 Internal Server Error: The server had an error; "
                                           "a retry in 0.50 s, past the step's deadline"));
    EXPECT_EQ(busy.requestCount(), 1u);
}

TEST(ContentOpenAi, GivesUpAfterFiveAttempts) {
    FakeChatServer server;
    server.setDefault(FakeChatServer::error(503, "Overloaded", {{"Retry-After", "0"}}));
    auto error = ContentOpenAi(server).failure();
    EXPECT_EQ(error.status(), LODESTONE_ERROR_FAILED);
    EXPECT_THAT(error.message(),
                HasSubstr("chat/completions: 503 Service Unavailable: Overloaded (5 attempts)"));
    EXPECT_EQ(server.requestCount(), 5u);
}

TEST(ContentOpenAi, NeverWaitsPastTheStepsDeadline) {
    FakeChatServer server;
    server.setDefault(FakeChatServer::error(429, "Slow down", {{"Retry-After", "30"}}));
    // Given up before waiting at all, as the message says: no timing is asserted.
    auto error = ContentOpenAi(server).failure(contentInput(), 5s);
    EXPECT_EQ(error.status(), LODESTONE_ERROR_FAILED);
    EXPECT_THAT(error.message(), HasSubstr("429 Too Many Requests: Slow down; the server asked to "
                                           "wait 30 s, past the step's deadline"));
    EXPECT_EQ(server.requestCount(), 1u);
}

TEST(ContentOpenAi, StopsWaitingWhenTheRunIsCancelled) {
    FakeChatServer server;
    // A wait of an hour, within a deadline of two: a cancel that did not end the wait would
    // hold the test until its ctest timeout, which is the guard. No timing is asserted.
    server.setDefault(FakeChatServer::error(429, "Slow down", {{"Retry-After", "3600"}}));
    const ContentOpenAi plugin(server);
    RunControl control(RunControl::deadlineIn(2h));
    std::thread canceller([&] {
        server.waitForRequests(1, 10s);
        std::this_thread::sleep_for(100ms);
        control.cancel();
    });
    try {
        plugin.run(contentInput(), control);
        ADD_FAILURE() << "a cancelled run returned";
    } catch (const PluginError& e) {
        EXPECT_EQ(e.status(), LODESTONE_ERROR_CANCELLED) << e.what();
    }
    canceller.join();
    EXPECT_EQ(server.requestCount(), 1u);
}

TEST(ContentOpenAi, FailsAtOnceOnAClientErrorWithTheServersMessageButNotTheKey) {
    FakeChatServer server;
    server.setDefault(FakeChatServer::error(
        401,
        "Incorrect API key provided: sk-live-abcdefghijkl. Masked: sk-liv****ijkl. See docs."));
    auto error = ContentOpenAi(server, {"api_key: sk-live-abcdefghijkl"}).failure();
    EXPECT_EQ(error.status(), LODESTONE_ERROR_FAILED);
    EXPECT_THAT(error.message(),
                HasSubstr("401 Unauthorized: Incorrect API key provided: [api_key]. Masked: "
                          "[api_key] See docs."));
    EXPECT_THAT(error.message(), Not(HasSubstr("abcdefgh")));
    EXPECT_THAT(error.message(), Not(HasSubstr("****")));
    EXPECT_EQ(server.requestCount(), 1u) << "a client error is not tried again";

    server.setDefault(FakeChatServer::error(404, "The model `gpt-9` does not exist"));
    EXPECT_THAT(ContentOpenAi(server).failure().message(),
                HasSubstr("404 Not Found: The model `gpt-9` does not exist"));
}

TEST(ContentOpenAi, FailsOnAnAnswerThatIsNotJson) {
    FakeChatServer server;
    server.setDefault(FakeChatServer::completion("Sure! Here is your lead magnet: Title: Hello"));
    auto error = ContentOpenAi(server).failure();
    EXPECT_EQ(error.status(), LODESTONE_ERROR_FAILED) << "the engine tries again";
    EXPECT_THAT(error.message(), HasSubstr("the model's answer is not a lead magnet: it is not "
                                           "JSON"));
    EXPECT_THAT(error.message(), HasSubstr("Sure! Here is your lead magnet"));
}

TEST(ContentOpenAi, FailsOnJsonOfTheWrongShapeSayingWhatIsWrong) {
    FakeChatServer server;
    const std::pair<const char*, const char*> cases[] = {
        {R"({"headline":"Hello","sections":[]})", "it has no title"},
        {R"({"title":"Hello","sections":[{"heading":"One"}]})", "it has no sections[0].body"},
        {R"({"title":"Hello","sections":[{"heading":"One","body":7}]})",
         "sections[0].body is not text"},
        {R"({"title":"Hello","sections":{"heading":"One","body":"x"}})", "sections is not a list"},
        {R"({"title":"Hello","sections":[]})", "sections is empty"},
        {R"({"title":"  ","sections":[{"heading":"One","body":"x"}]})", "title is empty"},
        {R"(["title","sections"])", "it is not a JSON object"},
        {R"({"title":"Hello","sections":[{"heading":"One","body":"x"}],"callToAction":"Call"})",
         "callToAction is not an object"},
    };
    for (const auto& [answer, problem] : cases) {
        SCOPED_TRACE(answer);
        server.setDefault(FakeChatServer::completion(answer));
        auto error = ContentOpenAi(server).failure();
        EXPECT_EQ(error.status(), LODESTONE_ERROR_FAILED);
        EXPECT_THAT(error.message(), HasSubstr(problem));
    }
}

TEST(ContentOpenAi, ReadsAnAnswerInMarkdownCodeFences) {
    FakeChatServer server;
    server.script(
        {FakeChatServer::completion("```json\n" + FakeChatServer::document("Fenced") + "\n```"),
         FakeChatServer::completion("Here you are:\n\n```\n" +
                                    FakeChatServer::document("Bare fence") + "\n```\nEnjoy!")});
    const ContentOpenAi plugin(server);
    EXPECT_EQ(plugin.document()->getValue<std::string>("title"), "Fenced");
    EXPECT_EQ(plugin.document()->getValue<std::string>("title"), "Bare fence");
}

TEST(ContentOpenAi, EndsAtTheDeadlineWhenTheServerIsSlower) {
    // The server never answers and a request's own timeout is an hour: only the run's deadline
    // can end this, or the ctest timeout, which is the guard. No timing is asserted.
    FakeChatServer server;
    server.setDefault(ChatReply{200, {}, "", true});
    auto error = ContentOpenAi(server, {"timeout: 1h"}).failure(contentInput(), 1500ms);
    EXPECT_NE(error.status(), LODESTONE_OK);
    EXPECT_THAT(error.message(), AnyOf(HasSubstr("timed out"), HasSubstr("cancelled")));
}

TEST(ContentOpenAi, KeepsToItsOwnRequestTimeout) {
    // The server never answers: the message names the request's timeout, not the run's
    // deadline. No timing is asserted.
    FakeChatServer server;
    server.setDefault(ChatReply{200, {}, "", true});
    auto error = ContentOpenAi(server, {"timeout: 1s"}).failure(contentInput(), 30s);
    EXPECT_EQ(error.status(), LODESTONE_ERROR_FAILED);
    EXPECT_THAT(error.message(), HasSubstr("timed out after 1000 ms"));
}

TEST(ContentOpenAi, SaysWhyAnAnswerHasNoDocument) {
    FakeChatServer server;
    server.setDefault(
        ChatReply{200,
                  {},
                  R"({"choices":[{"message":{"role":"assistant","content":"{\"title\":"},)"
                  R"("finish_reason":"length"}]})"});
    EXPECT_THAT(ContentOpenAi(server, {"max_tokens: 300"}).failure().message(),
                HasSubstr("cut off at max_tokens (300)"));
    server.setDefault(
        ChatReply{200,
                  {},
                  R"({"choices":[{"message":{"role":"assistant","content":null,)"
                  R"("refusal":"I cannot help with that."},"finish_reason":"stop"}]})"});
    EXPECT_THAT(ContentOpenAi(server).failure().message(),
                HasSubstr("the model refused: I cannot help with that."));
}

// A link reaches the page only when the prompt gave it to the model: one it made up is dropped.
TEST(ContentOpenAi, KeepsOnlyALinkTheModelWasGiven) {
    FakeChatServer server;
    const auto withLink = [](const std::string& url) {
        return R"({"title":"T","sections":[{"heading":"H","body":"B"}],)"
               R"("callToAction":{"text":"Book a call","url":")" +
               url + R"("}})";
    };
    server.script({FakeChatServer::completion(withLink("https://cal.example/ada")),
                   FakeChatServer::completion(withLink("https://made-up.example/offer"))});
    test::TempDir dir;
    std::ofstream(dir / "user.mustache")
        << "Write for {{lead.fullName}}. The call to action links to {{lead.bookingLink}}.";
    const ContentOpenAi plugin(server, {"user_prompt: " + (dir / "user.mustache").string()});
    const std::string input = contentInput(R"(,"bookingLink":"https://cal.example/ada")");
    auto first = plugin.document(input)->getObject("callToAction");
    EXPECT_EQ(first->optValue<std::string>("url", "<none>"), "https://cal.example/ada");
    auto second = plugin.document(input)->getObject("callToAction");
    EXPECT_EQ(second->getValue<std::string>("text"), "Book a call");
    EXPECT_FALSE(second->has("url"));
}

TEST(ContentOpenAi, ReachesALoopbackServerOnlyWhenTheContentStepAllowsIt) {
    FakeChatServer server;
    const ContentOpenAi plugin(server, {}, false);
    auto error = [&] {
        try {
            plugin.run(contentInput());
        } catch (const PluginError& e) {
            return std::string(e.message());
        }
        return std::string("no error");
    }();
    EXPECT_THAT(error, HasSubstr("(a loopback address)"));
    EXPECT_THAT(error, HasSubstr("set pipeline.content.allow_private_networks: true to allow it"));
    EXPECT_EQ(server.requestCount(), 0u);
}

TEST(ContentOpenAi, RefusesAnInputWithoutALead) {
    FakeChatServer server;
    auto error = ContentOpenAi(server).failure(R"({"jobId":"job_1","research":{}})");
    EXPECT_EQ(error.status(), LODESTONE_ERROR_INVALID_INPUT);
    EXPECT_THAT(error.message(), HasSubstr("lead is missing"));
    EXPECT_EQ(server.requestCount(), 0u);
}

}  // namespace
}  // namespace lodestone::plugins::testing
