// content-openai's config keys, read and checked once at configure(): a base_url that is not an
// http(s) URL, or a prompt file that is missing or not Mustache is a ConfigError naming the key
// (and the file).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "Prompts.hpp"

namespace lodestone::content_openai {

// How the reply's shape is asked for: a JSON schema the server enforces (OpenAI, vLLM,
// llama.cpp, Ollama), any JSON object, or nothing (servers without structured output; the
// prompt alone asks for the shape).
enum class ResponseFormat { JsonSchema, JsonObject, None };

struct OpenAiSettings {
    std::string baseUrl;  // without a trailing slash
    std::string model;
    std::string apiKey;  // "": no Authorization header (a local server)
    double temperature = 0;
    std::int64_t maxTokens = 0;
    std::chrono::milliseconds timeout{};  // one request to the server
    ResponseFormat responseFormat = ResponseFormat::JsonSchema;
    PromptTemplate systemPrompt;
    PromptTemplate userPrompt;

    std::string completionsUrl() const { return baseUrl + "/chat/completions"; }
};

// The default prompts installed beside the plugin library, used when system_prompt or
// user_prompt is empty.
struct ShippedPrompts {
    std::string system;
    std::string user;
};

// Throws lodestone::ConfigError "<key>: <problem>". The host has checked the types and ranges
// and filled in the defaults of the plugin's key table.
OpenAiSettings readSettings(const std::string& configJson, const ShippedPrompts& shipped);

}  // namespace lodestone::content_openai
