#include "pages/PageRenderer.hpp"

#include <Poco/JSON/Parser.h>

#include <kainjow/mustache.hpp>
#include <regex>

#include "leadmagnet/JobProgress.hpp"
#include "pages/LeadMagnetData.hpp"

namespace lodestone::pages {
namespace {

namespace mustache = kainjow::mustache;

constexpr int kRefreshSeconds = 5;

std::string render(std::string_view text, const mustache::data& data) {
    mustache::mustache tmpl{std::string(text)};
    if (!tmpl.is_valid()) throw InvalidPageTemplate("page template: " + tmpl.error_message());
    return tmpl.render(data);
}

// A built-in page but the lead magnet (whose template is also the model for a project's own, so
// holds its style itself): page.css goes in through the {{>style}} partial, between <style> and
// </style>, without the file's closing newline.
std::string renderInPageStyle(std::string_view name, mustache::data data) {
    std::string_view style = templates("page.css");
    if (style.ends_with('\n')) style.remove_suffix(1);
    data.set("style", mustache::partial([style] { return std::string(style); }));
    return render(templates(name), data);
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
    return std::string(templates("lead-magnet.mustache"));
}

std::string renderLeadMagnet(const Poco::JSON::Object& content, const domain::Lead& lead,
                             const domain::Project& project, const PageContext& context) {
    return render(pageTemplateOf(project), leadMagnetData(content, lead, project, context));
}

std::string renderPreparing(const domain::Job& job) {
    mustache::data data;
    data.set("refreshSeconds", std::to_string(kRefreshSeconds));
    data.set("progress", std::to_string(leadmagnet::progressPercentage(job)));
    auto step = leadmagnet::currentStepLabel(job);
    data.set("phase", step ? std::string(*step) : std::string("Waiting to start"));
    return renderInPageStyle("preparing.mustache", std::move(data));
}

std::string renderBuiltInPage(std::string_view name) {
    return renderInPageStyle(name, {});
}
std::string renderFailed() {
    return renderBuiltInPage("failed.mustache");
}
std::string renderNotFound() {
    return renderBuiltInPage("not-found.mustache");
}

}  // namespace lodestone::pages
