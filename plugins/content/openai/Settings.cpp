#include "Settings.hpp"

#include <Poco/Exception.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/URI.h>

#include <lodestone/plugin.hpp>

namespace lodestone::content_openai {
namespace {

[[noreturn]] void refuse(const std::string& key, const std::string& problem) {
    throw ConfigError(key + ": " + problem);
}

bool hasControlCharacters(const std::string& text) {
    for (char c : text) {
        if (static_cast<unsigned char>(c) < 0x20 || c == '\x7F') return true;
    }
    return false;
}

// "https://api.openai.com/v1", "http://127.0.0.1:11434/v1": the part before /chat/completions.
std::string checkedBaseUrl(std::string url) {
    const std::string shape =
        " (write it as https://api.openai.com/v1 or http://127.0.0.1:11434/v1)";
    if (hasControlCharacters(url) || url.find(' ') != std::string::npos) {
        refuse("base_url", "must not contain spaces or control characters");
    }
    while (!url.empty() && url.back() == '/') url.pop_back();
    Poco::URI uri;
    try {
        uri = Poco::URI(url);
    } catch (const Poco::Exception& e) {
        refuse("base_url", "\"" + url + "\" is not a URL: " + e.displayText() + shape);
    }
    if (uri.getScheme() != "http" && uri.getScheme() != "https") {
        refuse("base_url", "\"" + url + "\" is not an http:// or https:// URL" + shape);
    }
    if (uri.getHost().empty()) refuse("base_url", "\"" + url + "\" has no host" + shape);
    if (!uri.getUserInfo().empty()) {
        refuse("base_url", "must not carry a user or password; put the key in api_key");
    }
    if (!uri.getRawQuery().empty() || !uri.getFragment().empty() ||
        url.find('?') != std::string::npos || url.find('#') != std::string::npos) {
        refuse("base_url", "\"" + url + "\" must not have a query or fragment" + shape);
    }
    if (url.ends_with("/chat/completions")) {
        refuse("base_url", "give the part before /chat/completions, which the plugin adds" + shape);
    }
    return url;
}

ResponseFormat responseFormatOf(const std::string& word) {
    if (word == "json_schema") return ResponseFormat::JsonSchema;
    if (word == "json_object") return ResponseFormat::JsonObject;
    if (word == "none") return ResponseFormat::None;
    refuse("response_format", "\"" + word + "\" is none of json_schema, json_object, none");
}

PromptTemplate prompt(const Poco::JSON::Object& config, const std::string& key,
                      const std::string& shipped) {
    std::string path = config.getValue<std::string>(key);
    if (path.empty()) path = shipped;
    return PromptTemplate::load(key, path);
}

}  // namespace

OpenAiSettings readSettings(const std::string& configJson, const ShippedPrompts& shipped) {
    Poco::JSON::Object::Ptr config;
    try {
        config = Poco::JSON::Parser().parse(configJson).extract<Poco::JSON::Object::Ptr>();
    } catch (const std::exception& e) {
        throw ConfigError(std::string("the config is not a JSON object: ") + e.what());
    }
    OpenAiSettings settings;
    settings.baseUrl = checkedBaseUrl(config->getValue<std::string>("base_url"));

    settings.model = config->getValue<std::string>("model");
    if (settings.model.empty()) refuse("model", "must name the model, e.g. gpt-4o-mini");
    if (hasControlCharacters(settings.model) || settings.model.size() > 256) {
        refuse("model", "must be one line of at most 256 characters");
    }

    // Never quoted in a message: it is a secret.
    settings.apiKey = config->getValue<std::string>("api_key");
    if (hasControlCharacters(settings.apiKey) || settings.apiKey.find(' ') != std::string::npos) {
        refuse("api_key", "must not contain spaces, line breaks or control characters");
    }
    if (settings.apiKey.size() > 4096) refuse("api_key", "must be at most 4096 characters");

    settings.temperature = config->getValue<double>("temperature");
    settings.maxTokens = config->getValue<Poco::Int64>("max_tokens");
    settings.timeout = std::chrono::milliseconds(config->getValue<Poco::Int64>("timeout"));
    settings.responseFormat = responseFormatOf(config->getValue<std::string>("response_format"));
    settings.systemPrompt = prompt(*config, "system_prompt", shipped.system);
    settings.userPrompt = prompt(*config, "user_prompt", shipped.user);
    return settings;
}

}  // namespace lodestone::content_openai
