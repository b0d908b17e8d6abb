// The body of POST {base_url}/chat/completions: the model, the two rendered prompts, the
// sampling settings and, unless response_format is `none`, how the reply's shape is enforced.
#pragma once

#include <Poco/JSON/Object.h>

#include <string>

#include "Settings.hpp"

namespace lodestone::content_openai {

// The JSON schema of the content document (docs/plugins.md, Content) in the subset every
// OpenAI-compatible server's structured output takes: every key required, no additional
// properties, no null and no anyOf. A subtitle, call to action or link the model has none for is
// the empty string, which the reply's reading drops.
Poco::JSON::Object::Ptr contentSchema();

std::string chatRequestBody(const OpenAiSettings& settings, const std::string& systemPrompt,
                            const std::string& userPrompt);

}  // namespace lodestone::content_openai
