#include "Prompts.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <lodestone/plugin.hpp>
#include <sstream>
#include <stdexcept>

namespace lodestone::content_openai {
namespace {

using Template = kainjow::mustache::mustache;

std::string lowerFirst(std::string message) {
    if (!message.empty() && message[0] >= 'A' && message[0] <= 'Z') {
        message[0] = static_cast<char>(message[0] - 'A' + 'a');
    }
    return message;
}

Template compiled(const std::string& source) {
    Template tmpl(source);
    // Prompts are plain text: a company called "Smith & Sons" reaches the model as written.
    tmpl.set_custom_escape([](const std::string& text) { return text; });
    return tmpl;
}

}  // namespace

PromptTemplate PromptTemplate::fromText(const std::string& key, const std::string& name,
                                        const std::string& text) {
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
        throw ConfigError(key + ": " + name + " is empty");
    }
    const Template tmpl = compiled(text);
    if (!tmpl.is_valid()) {
        throw ConfigError(key + ": " + name +
                          " is not valid Mustache: " + lowerFirst(tmpl.error_message()));
    }
    PromptTemplate prompt;
    prompt.key_ = key;
    prompt.path_ = name;
    prompt.source_ = text;
    return prompt;
}

PromptTemplate PromptTemplate::load(const std::string& key, const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        throw ConfigError(key + ": cannot read the prompt file " + path + ": " +
                          std::strerror(errno));
    }
    std::string text;
    char buffer[8192];
    while (file.read(buffer, sizeof buffer) || file.gcount() > 0) {
        text.append(buffer, static_cast<std::size_t>(file.gcount()));
        if (text.size() > kLargestPromptFile) {
            throw ConfigError(key + ": the prompt file " + path + " is larger than " +
                              std::to_string(kLargestPromptFile / 1024) + " KiB");
        }
    }
    if (file.bad()) throw ConfigError(key + ": cannot read the prompt file " + path);
    return fromText(key, path, text);
}

std::string PromptTemplate::render(const PromptData& data) const {
    Template tmpl = compiled(source_);
    std::string text = tmpl.render(data);
    if (!tmpl.is_valid()) {
        throw std::runtime_error(key_ + ": rendering " + path_ +
                                 " failed: " + lowerFirst(tmpl.error_message()));
    }
    return text;
}

}  // namespace lodestone::content_openai
