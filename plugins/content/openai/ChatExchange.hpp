// One chat completion through the host's http_request (so lodestoned's outbound rules, the
// run's deadline and the content step's network policy apply): POST {base_url}/chat/completions,
// asked again when the server is busy (429, 5xx) after the wait its Retry-After names or a
// back-off, never past the run's deadline and never after the run is cancelled. Any other
// answer but 2xx fails the run at once with the server's own message, never the api key.
#pragma once

#include <Poco/JSON/Object.h>

#include <lodestone/plugin.hpp>
#include <string>

#include "Settings.hpp"

namespace lodestone::content_openai {

// Tries of one request within a run, the first included; the engine's own retries come after.
inline constexpr int kMaxAttempts = 5;

struct ChatAnswer {
    std::string content;  // the assistant message's text
    Poco::JSON::Object::Ptr
        usage;  // {promptTokens, completionTokens, totalTokens, model}; may be null
};

class ChatExchange {
  public:
    ChatExchange(const RunContext& context, const Host& host, const OpenAiSettings& settings)
        : context_(context), host_(host), settings_(settings) {}

    // Throws std::runtime_error (the run fails and may be tried again), ReplyError for an
    // answer without a usable message, lodestone::Cancelled once the run is cancelled.
    ChatAnswer complete(const std::string& requestBody) const;

  private:
    struct Response {
        int status = 0;
        Poco::JSON::Object::Ptr headers;
        std::string body;
    };
    Response send(const std::string& requestBody, std::chrono::milliseconds timeout) const;
    void wait(std::chrono::milliseconds pause) const;

    const RunContext& context_;
    const Host& host_;
    const OpenAiSettings& settings_;
};

// `text` with the key, and the masked forms of it servers write into their errors
// ("sk-proj-abc…wxyz", "sk-****wxyz"), replaced by "[api_key]".
std::string withoutKey(const std::string& text, const std::string& apiKey);

// The message of an error answer: OpenAI's {"error": {"message"}}, {"error": "…"} or vLLM's
// {"message": "…"}, else the body's start; without the key, on one line, at most 300 bytes.
std::string serverMessage(const std::string& body, const std::string& apiKey);

// The 2xx answer's first choice and usage. Throws ReplyError when it has no message text, the
// model refused, or the answer was cut off at max_tokens.
ChatAnswer readAnswer(const std::string& body, const OpenAiSettings& settings);

}  // namespace lodestone::content_openai
