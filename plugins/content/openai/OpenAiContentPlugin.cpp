// content/openai: the lead magnet written by a language model behind any OpenAI-compatible
// chat-completions endpoint (docs/plugins.md, content-openai). The prompts, Mustache templates
// over the lead, the project and the research, ask for the content document as JSON; the
// answer is checked against the contract and returned with the token usage the server reported.
#include <Poco/JSON/Object.h>
#include <dlfcn.h>

#include <filesystem>
#include <lodestone/plugin.hpp>
#include <sstream>

#include "ChatExchange.hpp"
#include "ChatRequest.hpp"
#include "ContentReply.hpp"
#include "PromptData.hpp"
#include "Settings.hpp"

namespace lodestone::content_openai {
namespace {

// The prompt files installed beside this library: lib/lodestone/plugins/content-openai/.
ShippedPrompts shippedPrompts() {
    static const int anchor = 0;
    Dl_info info{};
    std::filesystem::path library;
    if (dladdr(&anchor, &info) != 0 && info.dli_fname != nullptr) library = info.dli_fname;
    const auto folder = library.parent_path() / "content-openai";
    return {(folder / "system.mustache").string(), (folder / "user.mustache").string()};
}

const char* formatName(ResponseFormat format) {
    switch (format) {
        case ResponseFormat::JsonSchema:
            return "json_schema";
        case ResponseFormat::JsonObject:
            return "json_object";
        case ResponseFormat::None:
            return "none";
    }
    return "?";
}

class OpenAiContentPlugin {
  public:
    static constexpr const char* name = "openai";
    static constexpr lodestone_plugin_kind kind = LODESTONE_PLUGIN_CONTENT;
    static constexpr const char* version = "1.0.0";
    static constexpr const char* description =
        "Writes the lead magnet with a language model behind any OpenAI-compatible "
        "chat-completions endpoint (OpenAI, vLLM, llama.cpp server, Ollama, LiteLLM), from "
        "Mustache prompt templates over the lead, the project and the research.";
    static constexpr lodestone_config_key configKeys[] = {
        optionalKey("base_url", LODESTONE_CONFIG_STRING, "https://api.openai.com/v1",
                    "The API's base URL, before /chat/completions (Ollama: "
                    "http://127.0.0.1:11434/v1)."),
        requiredKey("model", LODESTONE_CONFIG_STRING,
                    "The model to ask, as the server names it (gpt-4o-mini, llama3.1:8b)."),
        optionalKey("api_key", LODESTONE_CONFIG_STRING, "",
                    "Sent as Authorization: Bearer; write ${ENV_VAR}. Empty: no "
                    "Authorization header. Never logged."),
        optionalKey("temperature", LODESTONE_CONFIG_NUMBER, "0.7", "Sampling temperature.",
                    {"0", "2"}),
        optionalKey("max_tokens", LODESTONE_CONFIG_INTEGER, "4096",
                    "Most tokens the model may write for one document.", {"256", "1000000"}),
        optionalKey("timeout", LODESTONE_CONFIG_DURATION, "120s",
                    "Most time for one request; the step's own timeout (pipeline.content.timeout) "
                    "ends the run earlier.",
                    {"1s", "1h"}),
        optionalKey("system_prompt", LODESTONE_CONFIG_STRING, "",
                    "Mustache template file of the system prompt; empty: "
                    "content-openai/system.mustache beside the plugin."),
        optionalKey("user_prompt", LODESTONE_CONFIG_STRING, "",
                    "Mustache template file of the user prompt; empty: "
                    "content-openai/user.mustache beside the plugin."),
        optionalKey("response_format", LODESTONE_CONFIG_STRING, "json_schema",
                    "json_schema (the server enforces the document's schema), json_object "
                    "(any JSON object) or none (servers without structured output)."),
    };

    explicit OpenAiContentPlugin(Host host) : host_(host) {}

    void configure(const std::string& configJson) {
        settings_ = readSettings(configJson, shippedPrompts());
        host_.debug("configured: model " + settings_.model + " at " + settings_.baseUrl +
                    ", response_format " + formatName(settings_.responseFormat) + ", prompts " +
                    settings_.systemPrompt.path() + " and " + settings_.userPrompt.path());
    }

    std::string run(RunContext& context, const std::string& inputJson) const {
        context.progress(5, "writing the prompts");
        const ContentInput input = readInput(inputJson);
        const PromptData data = promptData(input);
        const std::string system = settings_.systemPrompt.render(data);
        const std::string user = settings_.userPrompt.render(data);

        context.progress(10, "asking " + settings_.model);
        const ChatExchange exchange(context, host_, settings_);
        const ChatAnswer answer = exchange.complete(chatRequestBody(settings_, system, user));

        context.progress(95, "reading the model's answer");
        Poco::JSON::Object::Ptr content = readContent(answer.content, system + "\n" + user);
        if (answer.usage) content->set("usage", answer.usage);
        std::ostringstream out;
        content->stringify(out);
        context.progress(100, "done");
        return out.str();
    }

  private:
    Host host_;
    OpenAiSettings settings_;
};

}  // namespace
}  // namespace lodestone::content_openai

LODESTONE_PLUGIN(lodestone::content_openai::OpenAiContentPlugin);
