// The built-in template: a "pipeline playbook" whose sections differ by the reader's
// seniority, company size, industry and department. Used when a project sets no template, and
// for the keys a project template leaves out.
#include "BuiltInSections.hpp"
#include "ContentTemplate.hpp"

namespace lodestone::content_template {
namespace {

const std::string kRoot = "built-in template";

TemplateSection section(const BuiltInSection& spec, std::size_t index) {
    const std::string field = kRoot + ".sections[" + std::to_string(index) + "]";
    TemplateSection result{{spec.heading, field + ".heading"}, {spec.body, field + ".body"}, {}};
    const std::pair<const char*, const std::vector<std::string>*> facets[] = {
        {"industry", &spec.industry},
        {"sizeCategory", &spec.sizeCategory},
        {"seniority", &spec.seniority},
        {"department", &spec.department},
    };
    for (const auto& [facet, values] : facets) {
        if (!values->empty()) result.when.facets.emplace_back(facet, *values);
    }
    return result;
}

ContentTemplate build() {
    ContentTemplate result;
    result.title = {
        "{{#company.name}}The {{company.name}} pipeline playbook{{/company.name}}"
        "{{^company.name}}Your pipeline playbook{{/company.name}}",
        kRoot + ".title"};
    result.subtitle = {
        "Prepared for {{display.name}}{{#person.title}}, {{person.title}}{{/person.title}}: "
        "pipeline plays chosen for {{display.profile}}",
        kRoot + ".subtitle"};
    std::vector<BuiltInSection> specs = roleAndSizeSections();
    for (auto& spec : industryAndDepartmentSections()) specs.push_back(std::move(spec));
    for (std::size_t i = 0; i < specs.size(); ++i) result.sections.push_back(section(specs[i], i));
    result.callToAction = CallToAction{
        {"Book a 30-minute pipeline review for {{display.company}}", kRoot + ".callToAction.text"},
        {"", kRoot + ".callToAction.url"}};
    return result;
}

}  // namespace

const ContentTemplate& builtInTemplate() {
    static const ContentTemplate instance = build();
    return instance;
}

}  // namespace lodestone::content_template
