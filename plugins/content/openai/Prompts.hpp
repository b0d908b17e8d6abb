// The system and user prompts: Mustache template files, read and checked at configure() and
// rendered for each lead as plain text (no HTML escaping: the prompt is not a web page). Lead
// data is inserted as text, never parsed as a template.
#pragma once

#include <kainjow/mustache.hpp>
#include <string>

namespace lodestone::content_openai {

using PromptData = kainjow::mustache::data;

class PromptTemplate {
  public:
    PromptTemplate() = default;

    // Reads and compiles `path`; throws lodestone::ConfigError naming `key` and the file when
    // it cannot be read, is too large, is empty, or is not valid Mustache.
    static PromptTemplate load(const std::string& key, const std::string& path);
    // From text, for tests; `name` stands for the file in messages.
    static PromptTemplate fromText(const std::string& key, const std::string& name,
                                   const std::string& text);

    // Throws std::runtime_error naming the key and file when rendering fails.
    std::string render(const PromptData& data) const;

    const std::string& path() const { return path_; }

  private:
    std::string key_;
    std::string path_;
    std::string source_;
};

// Prompt files larger than this are refused: a prompt is instructions, not a corpus.
inline constexpr std::size_t kLargestPromptFile = 256u * 1024u;

}  // namespace lodestone::content_openai
