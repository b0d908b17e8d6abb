// content/template: builds the lead magnet as structured JSON (title, subtitle, sections, call
// to action): the built-in writer's document for the reader, in the format the project asks for
// or the one that suits the reader, with the project's own Mustache template
// (settings.content.template) in place of any part it gives. Offline and deterministic.
#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <lodestone/plugin.hpp>
#include <memory>
#include <sstream>
#include <string>

#include "ContentTemplate.hpp"
#include "Mustache.hpp"
#include "Prose.hpp"
#include "Reader.hpp"
#include "Roles.hpp"
#include "TemplateData.hpp"
#include "Views.hpp"
#include "Writing.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::content_template {
namespace {

Poco::JSON::Object::Ptr parseObject(const std::string& text, const char* what) {
    try {
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));  // keep key order
        auto value = parser.parse(text);
        if (value.type() == typeid(Poco::JSON::Object::Ptr)) {
            return value.extract<Poco::JSON::Object::Ptr>();
        }
    } catch (const Poco::Exception& e) {
        throw InputError(std::string(what) + " is not JSON: " + e.displayText());
    }
    throw InputError(std::string(what) + " is not a JSON object");
}

// The object at `key`; null when absent or null; InputError naming `field` for anything else.
Poco::JSON::Object::Ptr optionalObject(const Poco::JSON::Object::Ptr& parent, const char* key,
                                       const std::string& field) {
    if (!parent || !parent->has(key) || parent->get(key).isEmpty()) return nullptr;
    const auto value = parent->get(key);
    if (value.type() != typeid(Poco::JSON::Object::Ptr)) {
        throw InputError(field + " is not a JSON object");
    }
    return value.extract<Poco::JSON::Object::Ptr>();
}

Poco::JSON::Object::Ptr newObject() {
    return new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

// settings.format: the format the project asks for; nothing for `auto` or no setting.
std::optional<Format> requestedFormat(const Poco::JSON::Object::Ptr& settings) {
    if (!settings || !settings->has("format") || settings->get("format").isEmpty()) {
        return std::nullopt;
    }
    const auto value = settings->get("format");
    const std::string valid = "auto, playbook, checklist, scorecard, roi_estimate, briefing";
    if (!value.isString()) throw InputError("settings.format: expected one of " + valid);
    const std::string word = value.extract<std::string>();
    const auto format = formatSetting(word);
    if (!format) throw InputError("settings.format: \"" + word + "\" is none of " + valid);
    return *format;
}

std::string projectName(const Poco::JSON::Object::Ptr& project) {
    if (!project || !project->has("name") || !project->get("name").isString()) return "";
    return project->get("name").extract<std::string>();
}

// Rendered project-template text, tidied the way the built-in text is.
std::string renderedLine(const TemplateText& text, const MustacheData& data) {
    return withoutDoubledArticles(tidyLine(render(text, data)));
}

class TemplatePlugin {
  public:
    static constexpr const char* name = "template";
    static constexpr lodestone_plugin_kind kind = LODESTONE_PLUGIN_CONTENT;
    static constexpr const char* version = "1.0.0";
    static constexpr const char* description =
        "Writes the lead magnet for its reader: a playbook, checklist, scorecard, ROI estimate or "
        "briefing about their own job, industry and numbers, or the project's own Mustache "
        "template (settings.content.template). Offline; deterministic.";
    static constexpr lodestone_config_key configKeys[] = {
        lodestone::optionalKey("call_to_action_url", LODESTONE_CONFIG_STRING, "",
                               "Link for the call to action when the template gives none "
                               "(http://, https:// or mailto:); empty: no link."),
        lodestone::optionalKey("max_sections", LODESTONE_CONFIG_INTEGER, "6",
                               "Most sections in one document; the first that apply are kept.",
                               {"1", "20"}),
    };

    explicit TemplatePlugin(lodestone::Host host) : host_(host) { loadViews(); }

    void configure(const std::string& configJson) {
        Poco::JSON::Object::Ptr config;
        try {
            config = parseObject(configJson, "the config");
        } catch (const InputError& e) {
            throw ConfigError(e.what());
        }
        maxSections_ = config->getValue<Poco::Int64>("max_sections");
        callToActionUrl_ = config->getValue<std::string>("call_to_action_url");
        if (!callToActionUrl_.empty() && !callToActionUrl_.starts_with("https://") &&
            !callToActionUrl_.starts_with("http://") && !callToActionUrl_.starts_with("mailto:")) {
            throw ConfigError(
                "call_to_action_url must start with https://, http:// or mailto:, "
                "got \"" +
                callToActionUrl_ + "\"");
        }
        useVocabulary();
        host_.debug("configured: at most " + std::to_string(maxSections_) + " sections");
    }

    // The host's vocabulary file, read at each configure(): a reload configures a new instance,
    // which reads the edited file, while runs of this one keep the words they started with. The
    // views and role rules name its industries and departments; one it does not name would never
    // meet research's words, so the file is refused rather than the view going unread.
    void useVocabulary() {
        std::shared_ptr<const vocabulary::Vocabulary> inForce;
        try {
            inForce = vocabulary::vocabularyAt(host_.vocabularyPath());
        } catch (const vocabulary::VocabularyError& e) {
            throw ConfigError(e.what());
        }
        const std::string file =
            host_.vocabularyPath().empty() ? "the built-in vocabulary" : host_.vocabularyPath();
        auto industries = industryViewNames();
        for (auto& name : industriesRead()) industries.push_back(std::move(name));
        for (const auto& name : industries) {
            if (vocabulary::industryNamed(*inForce, name) == nullptr) {
                throw ConfigError("the industry view \"" + name + "\" names no industry of " +
                                  file);
            }
        }
        for (const auto& key : senioritiesRead()) {
            if (vocabulary::seniorityKeyOf(*inForce, key) != key) {
                throw ConfigError("the seniority \"" + key + "\" is no seniority key of " + file);
            }
        }
        for (const auto& key : departmentsRead()) {
            if (vocabulary::departmentKeyOf(*inForce, key) != key) {
                throw ConfigError("the department \"" + key + "\" is no department key of " + file);
            }
        }
        vocabulary_ = std::move(inForce);
    }

    std::string run(lodestone::RunContext& context, const std::string& inputJson) const {
        context.progress(10, "reading the research");
        const auto input = parseObject(inputJson, "the input");
        if (!input->has("research") || input->get("research").isEmpty()) {
            throw InputError("the input has no \"research\" object");
        }
        const auto research = optionalObject(input, "research", "research");
        for (const char* key : {"person", "company", "custom"}) {
            optionalObject(research, key, std::string("research.") + key);
        }
        if (research->has("facts") && !research->get("facts").isEmpty() &&
            research->get("facts").type() != typeid(Poco::JSON::Array::Ptr)) {
            throw InputError("research.facts is not a JSON array");
        }
        const auto project = optionalObject(input, "project", "project");
        const auto settings = optionalObject(project, "settings", "settings");
        const auto content = optionalObject(settings, "content", "settings.content");
        context.throwIfCancelled();

        context.progress(30, "reading who the page is for");
        const auto lead = optionalObject(input, "lead", "lead");
        const std::optional<Format> asked = requestedFormat(settings);
        const std::optional<ContentTemplate> own =
            content && content->has("template")
                ? std::optional<ContentTemplate>(parseProjectTemplate(content->get("template")))
                : std::nullopt;
        const Reader reader = readReader(research, lead, settings, projectName(project));
        context.throwIfCancelled();

        context.progress(50, "writing the sections");
        Document builtIn =
            writeBuiltIn(reader, asked.value_or(automaticFormat(reader)), *vocabulary_);
        if (static_cast<Poco::Int64>(builtIn.sections.size()) > maxSections_) {
            builtIn.sections.resize(static_cast<std::size_t>(maxSections_));
        }
        const MustacheData data = own ? templateData(research, project) : MustacheData{};
        const Facets facets = facetsOf(research);
        context.throwIfCancelled();

        auto document = newObject();
        std::string title = own && own->title ? renderedLine(*own->title, data) : "";
        document->set("title", title.empty() ? builtIn.title : title);
        const std::string subtitle =
            own && own->subtitle ? renderedLine(*own->subtitle, data) : builtIn.subtitle;
        if (!subtitle.empty()) document->set("subtitle", subtitle);

        Poco::JSON::Array::Ptr sections = new Poco::JSON::Array();
        if (own && own->sections) {
            for (const auto& section : *own->sections) {
                if (static_cast<Poco::Int64>(sections->size()) >= maxSections_) break;
                if (!matches(section.when, facets)) continue;
                context.throwIfCancelled();
                const std::string body =
                    withoutDoubledArticles(tidyBody(render(section.body, data)));
                if (body.empty()) continue;
                auto entry = newObject();
                entry->set("heading", renderedLine(section.heading, data));
                entry->set("body", body);
                sections->add(entry);
            }
        } else {
            for (const auto& section : builtIn.sections) {
                auto entry = newObject();
                entry->set("heading", section.heading);
                entry->set("body", section.body);
                sections->add(entry);
            }
        }
        document->set("sections", sections);

        std::string actionText = builtIn.callToAction;
        std::string actionUrl;
        if (own && own->callToAction) {
            actionText.clear();
            if (const auto& action = *own->callToAction) {
                actionText = renderedLine(action->text, data);
                actionUrl = tidyLine(render(action->url, data));
            }
        }
        if (actionUrl.empty()) actionUrl = callToActionUrl_;
        if (!actionText.empty()) {
            auto action = newObject();
            action->set("text", actionText);
            if (!actionUrl.empty()) action->set("url", actionUrl);
            document->set("callToAction", action);
        }
        std::ostringstream out;
        document->stringify(out);
        context.progress(100, "done");
        return out.str();
    }

  private:
    lodestone::Host host_;
    Poco::Int64 maxSections_ = 0;
    std::string callToActionUrl_;
    std::shared_ptr<const vocabulary::Vocabulary> vocabulary_;  // set by configure()
};

}  // namespace
}  // namespace lodestone::content_template

LODESTONE_PLUGIN(lodestone::content_template::TemplatePlugin);
