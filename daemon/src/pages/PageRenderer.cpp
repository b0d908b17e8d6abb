#include "pages/PageRenderer.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <Poco/String.h>
#include <Poco/URI.h>

#include <kainjow/mustache.hpp>
#include <regex>

#include "domain/Urls.hpp"
#include "leadmagnet/JobProgress.hpp"
#include "pages/PageTemplates.hpp"

namespace lodestone::pages {
namespace {

namespace mustache = kainjow::mustache;

constexpr int kRefreshSeconds = 5;

std::string textOf(const Poco::JSON::Object& object, const std::string& key) {
    if (!object.has(key)) return "";
    auto value = object.get(key);
    return value.isString() ? Poco::trim(value.extract<std::string>()) : "";
}

// Body text as blocks: paragraphs end at blank lines (single line breaks inside one become
// spaces), and lines starting with "- " or "* " make a bulleted list. Each block sets both
// `isList` and its own fields so a template never picks up a neighbour's through the context.
mustache::list blocksOf(const std::string& body) {
    mustache::list blocks;
    std::string paragraph;
    std::vector<std::string> items;
    auto flushParagraph = [&] {
        auto text = Poco::trim(paragraph);
        if (!text.empty()) {
            blocks.push_back(
                mustache::object{{"isList", false}, {"text", text}, {"items", mustache::list{}}});
        }
        paragraph.clear();
    };
    auto flushList = [&] {
        if (items.empty()) return;
        mustache::list list;
        for (const auto& item : items) list.push_back(mustache::object{{"text", item}});
        blocks.push_back(mustache::object{{"isList", true}, {"text", ""}, {"items", list}});
        items.clear();
    };
    std::size_t start = 0;
    while (start <= body.size()) {
        auto end = body.find('\n', start);
        if (end == std::string::npos) end = body.size();
        auto line = Poco::trim(body.substr(start, end - start));
        start = end + 1;
        if (line.starts_with("- ") || line.starts_with("* ")) {
            flushParagraph();
            items.push_back(Poco::trim(line.substr(2)));
        } else if (line.empty()) {
            flushParagraph();
            flushList();
        } else if (!items.empty() && paragraph.empty()) {
            items.back() += " " + line;  // a line under a bullet continues it
        } else {
            paragraph += (paragraph.empty() ? "" : " ") + line;
        }
    }
    flushParagraph();
    flushList();
    return blocks;
}

mustache::data contentData(const Poco::JSON::Object& content, const domain::Lead& lead,
                           const domain::Project& project) {
    mustache::data data;
    // Mustache treats "" as true in a section: leave out what is empty, so {{#subtitle}} skips.
    auto setIfAny = [&](const std::string& name, const std::string& value) {
        if (!value.empty()) data.set(name, value);
    };
    data.set("title", textOf(content, "title"));
    setIfAny("subtitle", textOf(content, "subtitle"));
    mustache::list sections;
    if (auto array = content.getArray("sections")) {
        for (std::size_t i = 0; i < array->size(); ++i) {
            auto section = array->getObject(static_cast<unsigned>(i));
            if (!section) continue;
            auto blocks = blocksOf(textOf(*section, "body"));
            if (blocks.empty() && textOf(*section, "heading").empty()) continue;
            sections.push_back(
                mustache::object{{"heading", textOf(*section, "heading")}, {"blocks", blocks}});
        }
    }
    data.set("sections", sections);
    if (auto cta = content.getObject("callToAction")) {
        mustache::data action;
        action.set("text", textOf(*cta, "text"));
        std::string url = textOf(*cta, "url");
        // Escaping keeps markup out of the attribute; only http(s) keeps script out of the link.
        if (domain::isHttpUrl(url)) {
            action.set("url", url);
            action.set("label",
                       textOf(*cta, "label").empty() ? "Get started" : textOf(*cta, "label"));
        }
        data.set("callToAction", action);
    }
    auto fields = Poco::JSON::Parser().parse(lead.fieldsJson).extract<Poco::JSON::Object::Ptr>();
    std::string name = textOf(*fields, "fullName");
    data.set("preparedFor", name.empty() ? lead.email : name);
    setIfAny("projectName", project.name);
    return data;
}

std::string render(std::string_view text, const mustache::data& data) {
    mustache::mustache tmpl{std::string(text)};
    if (!tmpl.is_valid()) throw InvalidPageTemplate("page template: " + tmpl.error_message());
    return tmpl.render(data);
}

}  // namespace

void checkPageTemplate(const std::string& text) {
    mustache::mustache tmpl{text};
    if (!tmpl.is_valid()) throw InvalidPageTemplate("page template: " + tmpl.error_message());
    // Mustache trims tag contents and lets a template switch delimiters, so "{{ &x }}" and
    // "{{=<% %>=}}<%&x%>" print unescaped too: refuse any tag that opens with &, { or = (and
    // partials, which have nothing to include).
    static const std::regex unescaped(R"(\{\{\s*[&{=>])");
    if (std::regex_search(text, unescaped)) {
        throw InvalidPageTemplate(
            "page template: unescaped tags ({{{name}}}, {{&name}}), delimiter changes and "
            "partials are not allowed; every value is HTML-escaped");
    }
}

std::string pageTemplateOf(const domain::Project& project) {
    auto settings =
        Poco::JSON::Parser().parse(project.settingsJson).extract<Poco::JSON::Object::Ptr>();
    if (auto page = settings->getObject("page")) {
        if (page->has("template")) {
            auto value = page->get("template");
            if (!value.isString()) throw InvalidPageTemplate("settings.page.template must be text");
            std::string text = value.extract<std::string>();
            checkPageTemplate(text);
            return text;
        }
    }
    return std::string(templates::kLeadMagnet);
}

std::string renderLeadMagnet(const Poco::JSON::Object& content, const domain::Lead& lead,
                             const domain::Project& project) {
    return render(pageTemplateOf(project), contentData(content, lead, project));
}

std::string renderPreparing(const domain::Job& job) {
    mustache::data data;
    data.set("refreshSeconds", std::to_string(kRefreshSeconds));
    data.set("progress", std::to_string(leadmagnet::progressPercentage(job)));
    auto step = leadmagnet::currentStepLabel(job);
    data.set("phase", step ? std::string(*step) : std::string("Waiting to start"));
    return render(templates::kPreparing, data);
}

std::string renderFailed() {
    return std::string(templates::kFailed);
}
std::string renderNotFound() {
    return std::string(templates::kNotFound);
}

}  // namespace lodestone::pages
