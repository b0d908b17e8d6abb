#include "outreach/sequence/StepTemplates.hpp"

#include <Poco/JSON/Array.h>

#include <algorithm>
#include <cctype>
#include <vector>

namespace lodestone::outreach {
namespace {

using Mustache = kainjow::mustache::mustache;
using Data = kainjow::mustache::data;

// The objects whose keys are free-form: any dotted name under them is accepted.
const std::vector<std::string> kFreeForm{"researchData", "customData", "research"};
// Deeper data than this is nothing a template uses; it is left out rather than recursed into.
constexpr int kMaxDepth = 16;

// One tag as kainjow reads it with the default delimiters: `kind` is the sigil ('#', '^', '/',
// '!', '>', '=', '&', '{' for a triple mustache) or ' ' for a plain variable.
struct Tag {
    char kind = ' ';
    std::string name;
    std::size_t position = 0;
};

std::string trimmed(const std::string& text) {
    const auto begin = text.find_first_not_of(" \t\r\n\f\v");
    if (begin == std::string::npos) return "";
    return text.substr(begin, text.find_last_not_of(" \t\r\n\f\v") - begin + 1);
}

// The tags of a template kainjow has already parsed (so every tag is closed), up to and including
// a delimiter change, after which the rest would read differently (and is refused anyway).
std::vector<Tag> tagsOf(const std::string& source) {
    std::vector<Tag> tags;
    std::size_t at = 0;
    while ((at = source.find("{{", at)) != std::string::npos) {
        Tag tag;
        tag.position = at;
        const bool triple = at + 2 < source.size() && source[at + 2] == '{';
        const std::size_t contents = at + (triple ? 3 : 2);
        const std::size_t end = source.find(triple ? "}}}" : "}}", contents);
        if (end == std::string::npos) break;
        std::string text = trimmed(source.substr(contents, end - contents));
        at = end + (triple ? 3 : 2);
        if (triple) {
            tag.kind = '{';
        } else if (!text.empty() && std::string("#^/!>=&").find(text[0]) != std::string::npos) {
            tag.kind = text[0];
            text = trimmed(text.substr(1));
        }
        tag.name = text;
        tags.push_back(tag);
        if (tag.kind == '=') break;
    }
    return tags;
}

std::string written(const Tag& tag) {
    if (tag.kind == '{') return "{{{" + tag.name + "}}}";
    if (tag.kind == ' ') return "{{" + tag.name + "}}";
    return std::string("{{") + tag.kind + tag.name + "}}";
}

bool isFreeFormPath(const std::string& name) {
    for (const auto& root : kFreeForm) {
        if (name == root) return true;
        if (name.rfind(root + ".", 0) != 0) continue;
        // Every segment after the root non-empty: "researchData..plan" names nothing.
        const std::string rest = name.substr(root.size() + 1);
        return !rest.empty() && rest.front() != '.' && rest.back() != '.' &&
               rest.find("..") == std::string::npos;
    }
    return false;
}

bool isKnown(const std::string& name, const std::vector<const Tag*>& sections) {
    const auto& fixed = knownTemplateVariables();
    if (std::find(fixed.begin(), fixed.end(), name) != fixed.end()) return true;
    if (isFreeFormPath(name)) return true;
    // Inside a section, "." is the section's value; inside one over free-form data, any name may
    // be a key of the item being rendered ({{#researchData.people}}{{name}}{{/...}}). An inverted
    // section renders only when there is no item, so it adds no names.
    if (name == "." && !sections.empty()) return true;
    return std::any_of(sections.begin(), sections.end(), [](const Tag* section) {
        return section->kind == '#' && isFreeFormPath(section->name);
    });
}

std::string knownList() {
    std::string list;
    for (const auto& name : knownTemplateVariables()) list += name + ", ";
    return list + "and any name under researchData., customData. or research.";
}

void checkTags(const std::string& source, StepTemplate::Escaping escaping,
               const std::string& path) {
    std::vector<const Tag*> sections;
    const auto tags = tagsOf(source);
    for (const auto& tag : tags) {
        switch (tag.kind) {
            case '!':
                continue;
            case '>':
                throw SequenceError(path, "partials are not supported (" + written(tag) +
                                              "); write the text into the template itself");
            case '=':
                throw SequenceError(path, "changing the delimiters (" + written(tag) +
                                              ") is not supported; write tags as {{name}}");
            case '/':
                if (!sections.empty()) sections.pop_back();
                continue;
            case '{':
            case '&':
                if (escaping == StepTemplate::Escaping::Html) {
                    // Values come from the lead's submitter and from research: unescaped, they
                    // could add markup or links to the email.
                    throw SequenceError(path, written(tag) + " would insert " + tag.name +
                                                  " without HTML escaping; write {{" + tag.name +
                                                  "}}");
                }
                break;
            default:
                break;
        }
        if (!isKnown(tag.name, sections)) {
            throw SequenceError(path, "unknown template variable " + written(tag) +
                                          " (known: " + knownList() + ")");
        }
        if (tag.kind == '#' || tag.kind == '^') sections.push_back(&tag);
    }
}

// Whether a tag of `source` names `variable` (as a value or a section).
bool usesVariable(const std::string& source, const std::string& variable) {
    const auto tags = tagsOf(source);
    return std::any_of(tags.begin(), tags.end(), [&](const Tag& tag) {
        return tag.name == variable && std::string(" {&#^").find(tag.kind) != std::string::npos;
    });
}

const std::string kNoTemplate;

// A step's three templates by name, in the order a message about them lists them.
const std::vector<std::pair<std::string, const std::string& (*)(const SequenceStep&)>>
    kLeadMagnetFields{
        {"subject", [](const SequenceStep& step) -> const std::string& { return step.subject; }},
        {"text", [](const SequenceStep& step) -> const std::string& { return step.text; }},
        {"html",
         [](const SequenceStep& step) -> const std::string& {
             return step.html ? *step.html : kNoTemplate;
         }},
    };

std::string identity(const std::string& text) {
    return text;
}

std::optional<Data> toData(const Poco::Dynamic::Var& value, int depth) {
    if (value.isEmpty() || depth > kMaxDepth) return std::nullopt;
    Poco::JSON::Object::Ptr object;
    if (value.type() == typeid(Poco::JSON::Object::Ptr)) {
        object = value.extract<Poco::JSON::Object::Ptr>();
    } else if (value.type() == typeid(Poco::JSON::Object)) {
        object = new Poco::JSON::Object(value.extract<Poco::JSON::Object>());
    }
    if (object) {
        Data data{Data::type::object};
        for (const auto& name : object->getNames()) {
            if (auto item = toData(object->get(name), depth + 1)) data.set(name, *item);
        }
        return data;
    }
    if (value.type() == typeid(Poco::JSON::Array::Ptr)) {
        Data list{Data::type::list};
        const auto array = value.extract<Poco::JSON::Array::Ptr>();
        for (std::size_t i = 0; i < array->size(); ++i) {
            if (auto item = toData(array->get(static_cast<unsigned>(i)), depth + 1)) {
                list.push_back(*item);
            }
        }
        return list;
    }
    if (value.isBoolean()) return Data(value.extract<bool>());
    std::string text = value.convert<std::string>();
    if (trimmed(text).empty()) return std::nullopt;
    return Data(text);
}

}  // namespace

const std::vector<std::string>& knownTemplateVariables() {
    static const std::vector<std::string> names{
        "firstName",  "contactName",    "companyName",   "title",           "email", "domain",
        "bookingUrl", "unsubscribeUrl", "leadMagnetUrl", "leadMagnetTitle", "score"};
    return names;
}

StepTemplate::StepTemplate(const std::string& source, Escaping escaping, const std::string& path) {
    auto parsed = std::make_shared<Mustache>(source);
    if (!parsed->is_valid()) {
        // "Unclosed tag at 5" -> "unclosed tag at byte 5": kainjow counts bytes from the start.
        std::string message = parsed->error_message();
        if (!message.empty()) message[0] = static_cast<char>(std::tolower(message[0]));
        const auto at = message.rfind(" at ");
        if (at != std::string::npos) message.insert(at + 4, "byte ");
        throw SequenceError(path, "template syntax error: " + message);
    }
    checkTags(source, escaping, path);
    if (escaping == Escaping::None) parsed->set_custom_escape(identity);
    parsed_ = std::move(parsed);
}

std::string StepTemplate::render(const Data& variables) const {
    Mustache copy = *parsed_;
    return copy.render(variables);
}

std::shared_ptr<const CompiledStep> compileStep(const SequenceStep& step, const std::string& path) {
    using Escaping = StepTemplate::Escaping;
    auto compiled = std::make_shared<CompiledStep>(CompiledStep{
        StepTemplate(step.subject, Escaping::None, path + ".subject"),
        StepTemplate(step.text, Escaping::None, path + ".text"),
        std::nullopt,
    });
    if (step.html) compiled->html.emplace(*step.html, Escaping::Html, path + ".html");
    return compiled;
}

Data mustacheData(const Poco::JSON::Object& variables) {
    Data data{Data::type::object};
    for (const auto& name : variables.getNames()) {
        if (auto item = toData(variables.get(name), 1)) data.set(name, *item);
    }
    return data;
}

std::vector<std::string> leadMagnetVariablesIn(const SequenceStep& step) {
    std::vector<std::string> used;
    for (const char* name : {"leadMagnetUrl", "leadMagnetTitle"}) {
        const bool inStep =
            std::any_of(kLeadMagnetFields.begin(), kLeadMagnetFields.end(),
                        [&](const auto& field) { return usesVariable(field.second(step), name); });
        if (inStep) used.push_back(name);
    }
    return used;
}

std::optional<std::string> leadMagnetUse(const Sequence& sequence) {
    for (std::size_t i = 0; i < sequence.steps.size(); ++i) {
        for (const auto& [field, source] : kLeadMagnetFields) {
            for (const char* name : {"leadMagnetUrl", "leadMagnetTitle"}) {
                if (!usesVariable(source(sequence.steps[i]), name)) continue;
                return "steps[" + std::to_string(i) + "]." + field + " uses {{" + name + "}}";
            }
        }
    }
    return std::nullopt;
}

std::string foldedSubject(const std::string& subject) {
    std::string folded;
    bool space = false;
    for (char c : subject) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f || c == ' ') {
            space = !folded.empty();
        } else {
            if (space) folded += ' ';
            folded += c;
            space = false;
        }
    }
    return folded;
}

}  // namespace lodestone::outreach
