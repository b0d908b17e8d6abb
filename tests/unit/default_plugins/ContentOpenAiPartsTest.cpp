// content-openai's parts through its static library: Retry-After, reading the model's answer,
// the server's error messages without the key, and the schema asked for.
#include <Poco/DateTimeFormatter.h>
#include <Poco/JSON/Array.h>
#include <Poco/Timestamp.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "ChatExchange.hpp"
#include "ChatRequest.hpp"
#include "ContentReply.hpp"
#include "RetryAfter.hpp"

namespace lodestone::content_openai {
namespace {

using namespace std::chrono_literals;
using ::testing::HasSubstr;

std::string json(const Poco::JSON::Object::Ptr& object) {
    std::ostringstream out;
    object->stringify(out);
    return out.str();
}

std::string readError(const std::string& answer) {
    try {
        readContent(answer, "");
    } catch (const ReplyError& e) {
        return e.what();
    }
    return "no error";
}

TEST(ContentOpenAiRetryAfter, ReadsSecondsAndHttpDates) {
    const std::int64_t now = 1'795'343'400'000;  // 2026-11-22T…Z, on a whole second
    EXPECT_EQ(retryAfter("0", now), 0ms);
    EXPECT_EQ(retryAfter(" 7 ", now), 7000ms);
    EXPECT_EQ(retryAfter("99999999999", now), std::chrono::milliseconds(24LL * 3600 * 1000));
    const auto in = [&](int seconds, const std::string& format) {
        return Poco::DateTimeFormatter::format(Poco::Timestamp((now + seconds * 1000LL) * 1000),
                                               format);
    };
    EXPECT_EQ(retryAfter(in(30, Poco::DateTimeFormat::HTTP_FORMAT), now), 30'000ms);
    EXPECT_EQ(retryAfter(in(5, Poco::DateTimeFormat::RFC850_FORMAT), now), 5000ms);
    EXPECT_EQ(retryAfter(in(12, Poco::DateTimeFormat::ASCTIME_FORMAT), now), 12'000ms);
    EXPECT_EQ(retryAfter(in(-60, Poco::DateTimeFormat::HTTP_FORMAT), now), 0ms)
        << "a date in the past is no wait";
    EXPECT_EQ(retryAfter("", now), std::nullopt);
    EXPECT_EQ(retryAfter("soon", now), std::nullopt);
    EXPECT_EQ(retryAfter("-5", now), std::nullopt);
    EXPECT_EQ(retryAfter("1.5", now), std::nullopt);
    EXPECT_EQ(retryAfter("Sun, 06 Nov 1994 08:49:37", now), std::nullopt) << "no zone";
}

TEST(ContentOpenAiRetryAfter, BacksOffByDoublingUpToEightSeconds) {
    EXPECT_EQ(backoff(1), 500ms);
    EXPECT_EQ(backoff(2), 1000ms);
    EXPECT_EQ(backoff(4), 4000ms);
    EXPECT_EQ(backoff(5), 8000ms);
    EXPECT_EQ(backoff(12), 8000ms);
}

TEST(ContentOpenAiReply, FindsTheJsonInsideCodeFences) {
    EXPECT_EQ(withoutFences("  {\"a\":1}\n"), "{\"a\":1}");
    EXPECT_EQ(withoutFences("```json\n{\"a\":1}\n```"), "{\"a\":1}");
    EXPECT_EQ(withoutFences("```JSON  \r\n{\"a\":1}\r\n```\r\n"), "{\"a\":1}");
    EXPECT_EQ(withoutFences("Here:\n```\n{\"a\":1}\n```\nThanks"), "{\"a\":1}");
    EXPECT_EQ(withoutFences("```json\n{\"a\":1}"), "{\"a\":1}") << "an unclosed fence";
}

TEST(ContentOpenAiReply, TidiesTheDocumentToTheContract) {
    auto content = readContent(
        R"({"title":"  The plan  ","subtitle":"","sections":[{"heading":" One ","body":"Text\n\n- a\n","extra":1}],)"
        R"("callToAction":{"text":"","url":"https://x.example"},"notes":"dropped"})",
        "see https://x.example");
    EXPECT_EQ(json(content),
              R"({"title":"The plan","sections":[{"heading":"One","body":"Text\n\n- a"}]})");
    auto withNulls = readContent(
        R"({"title":"T","subtitle":null,"sections":[{"heading":"H","body":"B"}],"callToAction":null})",
        "");
    EXPECT_EQ(json(withNulls), R"({"title":"T","sections":[{"heading":"H","body":"B"}]})");
}

TEST(ContentOpenAiReply, SaysWhatIsWrongWithAnAnswer) {
    EXPECT_THAT(readError(""), HasSubstr("the answer is empty"));
    EXPECT_THAT(readError("{\"title\": \"x\""), HasSubstr("it is not JSON"));
    EXPECT_THAT(readError("[1, 2]"), HasSubstr("it is not a JSON object: \"[1, 2]\""));
    EXPECT_THAT(readError(R"({"title":["x"],"sections":[]})"), HasSubstr("title is not text"));
    EXPECT_THAT(readError(R"({"title":"x","sections":[{"heading":"h","body":"b"},"text"]})"),
                HasSubstr("sections[1] is not an object"));
    EXPECT_THAT(readError(R"({"title":"x","sections":[{"heading":"h","body":"b"}],)"
                          R"("callToAction":{"text":5}})"),
                HasSubstr("callToAction.text is not text"));
}

TEST(ContentOpenAiErrors, QuotesTheServersMessageWithoutTheKey) {
    const std::string key = "sk-proj-ABCDEFGHIJKLMNOP";
    EXPECT_EQ(serverMessage(R"({"error":{"message":"Bad key sk-proj-ABCDEFGHIJKLMNOP"}})", key),
              "Bad key [api_key]");
    EXPECT_EQ(
        serverMessage(R"({"error":{"message":"Incorrect API key provided: sk-pro********MNOP."}})",
                      key),
        "Incorrect API key provided: [api_key]");
    EXPECT_EQ(serverMessage(R"({"error":"model \"llama9\" not found, try pulling it first"})", ""),
              "model \"llama9\" not found, try pulling it first");
    EXPECT_EQ(
        serverMessage(R"({"object":"error","message":"max_tokens is too large","code":400})", ""),
        "max_tokens is too large");
    EXPECT_EQ(serverMessage("<html>\n<body>Bad Gateway</body>\n</html>", ""),
              "<html> <body>Bad Gateway</body> </html>");
    EXPECT_EQ(serverMessage(std::string(1000, 'x'), "").size(), 300u + std::string("…").size());
    EXPECT_EQ(serverMessage("", key), "");
}

// Strict structured output (OpenAI) takes only closed objects whose every property is required.
void expectClosed(const Poco::JSON::Object::Ptr& schema, const std::string& path) {
    SCOPED_TRACE(path);
    const std::string type = schema->getValue<std::string>("type");
    if (type == "array") return expectClosed(schema->getObject("items"), path + "[]");
    if (type != "object") return;
    EXPECT_FALSE(schema->getValue<bool>("additionalProperties"));
    auto properties = schema->getObject("properties");
    auto required = schema->getArray("required");
    ASSERT_TRUE(properties && required);
    EXPECT_EQ(required->size(), properties->size());
    for (const auto& name : properties->getNames()) {
        bool listed = false;
        for (std::size_t i = 0; i < required->size(); ++i) {
            listed = listed || required->getElement<std::string>(static_cast<unsigned>(i)) == name;
        }
        EXPECT_TRUE(listed) << name << " is required";
        expectClosed(properties->getObject(name), path + "." + name);
    }
}

TEST(ContentOpenAiSchema, IsTheContentContractInStrictStructuredOutputsSubset) {
    auto schema = contentSchema();
    expectClosed(schema, "$");
    EXPECT_EQ(schema->getObject("properties")
                  ->getObject("sections")
                  ->getObject("items")
                  ->getObject("properties")
                  ->getNames()
                  .size(),
              2u);
}

}  // namespace
}  // namespace lodestone::content_openai
