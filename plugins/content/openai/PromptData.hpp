// What the prompt templates see of one content run's input (docs/plugins.md, content-openai):
// `lead`, `project` and `research` as the engine sent them, and a few values ready to use.
#pragma once

#include <Poco/JSON/Object.h>

#include <string>

#include "Prompts.hpp"

namespace lodestone::content_openai {

// The content input, checked: `lead` must be an object (InputError otherwise); `research` and
// `project` are objects when present.
struct ContentInput {
    Poco::JSON::Object::Ptr lead;
    Poco::JSON::Object::Ptr research;  // never null: {} when research sent nothing
    Poco::JSON::Object::Ptr project;   // never null
};

// Throws lodestone::InputError naming the field.
ContentInput readInput(const std::string& inputJson);

// {lead, research, project} as Mustache data (objects, lists, text; numbers as text; nulls left
// out, so {{#lead.title}}…{{/lead.title}} tests for one), plus:
//   customFields  [{name, value}]: research's `custom`, else the lead's `customFields`
//   findings      research's findings, else its facts as [{text}]
//   format        the project's settings.format unless it is `auto` (absent then)
//   language      settings.language, or "en"
//   brand         settings.brand ({name, sender_name, sender_title}), when given
//   leadJson, researchJson  the objects as indented JSON, for prompts that hand over everything
PromptData promptData(const ContentInput& input);

}  // namespace lodestone::content_openai
