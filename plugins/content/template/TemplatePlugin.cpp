// content/template: builds the lead magnet as structured JSON (title, subtitle, sections, call
// to action) from Mustache templates: the project's own (settings.content.template) or a
// built-in playbook whose sections depend on who the lead is. Offline and deterministic.
#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <lodestone/plugin.hpp>
#include <sstream>
#include <string>

#include "ContentTemplate.hpp"
#include "Mustache.hpp"
#include "TemplateData.hpp"

namespace lodestone::content_template {
namespace {

constexpr Poco::Int64 kMinSections = 1;
constexpr Poco::Int64 kMaxSections = 20;

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

class TemplatePlugin {
  public:
    static constexpr const char* name = "template";
    static constexpr lodestone_plugin_kind kind = LODESTONE_PLUGIN_CONTENT;
    static constexpr const char* version = "1.0.0";
    static constexpr const char* description =
        "Builds the lead magnet from Mustache templates: the project's own "
        "(settings.content.template) or a built-in playbook chosen by industry, company size, "
        "seniority and department. Offline; deterministic.";
    static constexpr lodestone_config_key configKeys[] = {
        lodestone::optionalKey("call_to_action_url", LODESTONE_CONFIG_STRING, "",
                               "Link for the call to action when the template gives none "
                               "(http://, https:// or mailto:); empty: no link."),
        lodestone::optionalKey("max_sections", LODESTONE_CONFIG_INTEGER, "6",
                               "Most sections in one document, 1-20; the first that apply are "
                               "kept."),
    };

    explicit TemplatePlugin(lodestone::Host host) : host_(host) {}

    void configure(const std::string& configJson) {
        Poco::JSON::Object::Ptr config;
        try {
            config = parseObject(configJson, "the config");
        } catch (const InputError& e) {
            throw ConfigError(e.what());
        }
        maxSections_ = config->optValue<Poco::Int64>("max_sections", 6);
        if (maxSections_ < kMinSections || maxSections_ > kMaxSections) {
            throw ConfigError("max_sections must be between 1 and 20, got " +
                              std::to_string(maxSections_));
        }
        callToActionUrl_ = config->optValue<std::string>("call_to_action_url", "");
        if (!callToActionUrl_.empty() && !callToActionUrl_.starts_with("https://") &&
            !callToActionUrl_.starts_with("http://") && !callToActionUrl_.starts_with("mailto:")) {
            throw ConfigError(
                "call_to_action_url must start with https://, http:// or mailto:, "
                "got \"" +
                callToActionUrl_ + "\"");
        }
        // A broken built-in template is a bug in this plugin: better refused at start-up than
        // on the first lead whose sections reach the broken text.
        const ContentTemplate& builtIn = builtInTemplate();
        checkSyntax(builtIn.title);
        checkSyntax(builtIn.subtitle);
        for (const auto& section : builtIn.sections) {
            checkSyntax(section.heading);
            checkSyntax(section.body);
        }
        host_.debug("configured: at most " + std::to_string(maxSections_) + " sections");
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

        context.progress(30, "choosing the template");
        const bool ownTemplate = content && content->has("template");
        const ContentTemplate tmpl =
            ownTemplate ? parseProjectTemplate(content->get("template"), builtInTemplate())
                        : builtInTemplate();
        const MustacheData data = templateData(research, project);
        const Facets facets = facetsOf(research);
        context.throwIfCancelled();

        context.progress(50, "writing the sections");
        auto document = newObject();
        std::string title = tidyLine(render(tmpl.title, data));
        if (title.empty()) title = tidyLine(render(builtInTemplate().title, data));
        document->set("title", title);
        const std::string subtitle = tidyLine(render(tmpl.subtitle, data));
        if (!subtitle.empty()) document->set("subtitle", subtitle);

        Poco::JSON::Array::Ptr sections = new Poco::JSON::Array();
        for (const auto& section : tmpl.sections) {
            if (static_cast<Poco::Int64>(sections->size()) >= maxSections_) break;
            if (!matches(section.when, facets)) continue;
            context.throwIfCancelled();
            const std::string body = tidyBody(render(section.body, data));
            if (body.empty()) continue;
            auto entry = newObject();
            entry->set("heading", tidyLine(render(section.heading, data)));
            entry->set("body", body);
            sections->add(entry);
        }
        document->set("sections", sections);

        if (tmpl.callToAction) {
            const std::string text = tidyLine(render(tmpl.callToAction->text, data));
            std::string url = tidyLine(render(tmpl.callToAction->url, data));
            if (url.empty()) url = callToActionUrl_;
            if (!text.empty()) {
                auto action = newObject();
                action->set("text", text);
                if (!url.empty()) action->set("url", url);
                document->set("callToAction", action);
            }
        }
        std::ostringstream out;
        document->stringify(out);
        context.progress(100, "done");
        return out.str();
    }

  private:
    lodestone::Host host_;
    Poco::Int64 maxSections_ = 6;
    std::string callToActionUrl_;
};

}  // namespace
}  // namespace lodestone::content_template

LODESTONE_PLUGIN(lodestone::content_template::TemplatePlugin);
