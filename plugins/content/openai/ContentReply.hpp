// Reading the model's answer as the content document of docs/plugins.md: the JSON it wrote
// (markdown code fences around it tolerated), checked against the contract and tidied to it.
#pragma once

#include <Poco/JSON/Object.h>

#include <stdexcept>
#include <string>

namespace lodestone::content_openai {

// The answer is not a usable document; what() says what was wrong, for the step's error. A
// failure that may pass: the engine runs the step again.
class ReplyError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The JSON inside a ```json … ``` (or bare ```) fence when the text has one, else the text,
// trimmed.
std::string withoutFences(const std::string& text);

// The document: `title` and at least one `{heading, body}` section, all text and not blank;
// `subtitle` and `callToAction` ({text, url}) when not empty. Text is trimmed, other keys are
// dropped, and a call to action's `url` is kept only when it is an http(s) URL that appears in
// `prompts` (the text the model was given): a link the model made up never reaches the page.
// Throws ReplyError.
Poco::JSON::Object::Ptr readContent(const std::string& answer, const std::string& prompts);

}  // namespace lodestone::content_openai
