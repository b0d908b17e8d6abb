#include "pages/LeadMagnetData.hpp"

#include <Poco/DateTime.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <Poco/String.h>
#include <Poco/URI.h>

#include <cmath>
#include <cstdio>

#include "domain/Urls.hpp"
#include "pages/BrandLogo.hpp"
#include "pages/PageSettings.hpp"

namespace lodestone::pages {
namespace {

namespace mustache = kainjow::mustache;

constexpr std::size_t kMaxDescription = 160;
constexpr const char* kDefaultAccent = "#2653d9";

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

// The first paragraph of the first section with one: what a link preview should quote when the
// content has no subtitle.
std::string firstParagraph(const Poco::JSON::Object& content) {
    const auto sections = content.getArray("sections");
    for (std::size_t i = 0; sections && i < sections->size(); ++i) {
        const auto section = sections->getObject(static_cast<unsigned>(i));
        if (!section) continue;
        const std::string body = textOf(*section, "body");
        const std::string first = body.substr(0, body.find("\n\n"));
        if (!first.empty() && !first.starts_with("- ")) return first;
    }
    return "";
}

// "https://go.acme.example" from the lead's URL, for link previews, which need absolute URLs.
std::string originOf(const std::string& url) {
    if (!domain::isHttpUrl(url)) return "";
    try {
        Poco::URI uri(url);
        std::string origin = uri.getScheme() + "://" + uri.getAuthority();
        return origin;
    } catch (const Poco::Exception&) {
        return "";
    }
}

}  // namespace

std::pair<std::string, std::string> pageDate(domain::Timestamp millis) {
    static const char* const months[] = {"January",   "February", "March",    "April",
                                         "May",       "June",     "July",     "August",
                                         "September", "October",  "November", "December"};
    const Poco::DateTime date{
        Poco::Timestamp(static_cast<Poco::Timestamp::TimeVal>(millis) * 1000)};
    char iso[32];  // room for any int the optimiser cannot rule out
    std::snprintf(iso, sizeof iso, "%04d-%02d-%02d", date.year(), date.month(), date.day());
    return {std::to_string(date.day()) + " " + months[date.month() - 1] + " " +
                std::to_string(date.year()),
            iso};
}

std::string descriptionOf(const std::string& text) {
    std::string collapsed;
    bool space = false;
    for (char c : text) {
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
            space = !collapsed.empty();
            continue;
        }
        if (space) collapsed += ' ';
        collapsed += c;
        space = false;
    }
    if (collapsed.size() <= kMaxDescription) return collapsed;
    std::size_t cut = collapsed.rfind(' ', kMaxDescription - 3);
    if (cut == std::string::npos || cut < kMaxDescription / 2) {
        cut = kMaxDescription - 3;
        while (cut > 0 && (static_cast<unsigned char>(collapsed[cut]) & 0xC0) == 0x80) --cut;
    }
    return collapsed.substr(0, cut) + "…";
}

std::string textColorOn(const std::string& hexColor) {
    std::string hex = hexColor.substr(1);
    if (hex.size() == 3) hex = {hex[0], hex[0], hex[1], hex[1], hex[2], hex[2]};
    const auto channel = [&](int at) {
        const double value =
            std::stoi(hex.substr(static_cast<std::size_t>(at), 2), nullptr, 16) / 255.0;
        return value <= 0.03928 ? value / 12.92 : std::pow((value + 0.055) / 1.055, 2.4);
    };
    const double luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
    // Where black text has the better contrast ratio (WCAG's formula), use it.
    return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? "#111" : "#fff";
}

mustache::data leadMagnetData(const Poco::JSON::Object& content, const domain::Lead& lead,
                              const domain::Project& project, const PageContext& context) {
    const PageSettings settings = pageSettingsOf(project);
    mustache::data data;
    // Mustache treats "" as true in a section: leave out what is empty, so {{#subtitle}} skips.
    auto setIfAny = [&](const std::string& name, const std::string& value) {
        if (!value.empty()) data.set(name, value);
    };
    const std::string title = textOf(content, "title");
    const std::string subtitle = textOf(content, "subtitle");
    data.set("title", title);
    setIfAny("subtitle", subtitle);
    setIfAny("description", descriptionOf(subtitle.empty() ? firstParagraph(content) : subtitle));
    data.set("language", settings.language);
    data.set("rtl", isRightToLeftLanguage(settings.language));

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
        std::string label = textOf(*cta, "label");
        if (context.bookingPath) {
            // Our own tracked link, made of the lead's or prospect's token: relative, so it works
            // on the service's address and on a project's own host alike.
            action.set("url", *context.bookingPath);
            action.set("label", label.empty() ? std::string("Choose a time") : label);
        } else if (domain::isHttpUrl(url)) {
            // Escaping keeps markup out of the attribute; only http(s) keeps script out of the
            // link.
            action.set("url", url);
            action.set("label", label.empty() ? std::string("Get started") : label);
        }
        data.set("callToAction", action);
    }

    auto fields = Poco::JSON::Parser().parse(lead.fieldsJson).extract<Poco::JSON::Object::Ptr>();
    const std::string name = textOf(*fields, "fullName");
    data.set("preparedFor", name.empty() ? lead.email : name);
    setIfAny("preparedForLang", languageOfName(name, lead.email));
    setIfAny("projectName", project.name);

    const Brand& brand = settings.brand;
    setIfAny("senderName", brand.senderName);
    setIfAny("senderTitle", brand.senderTitle);
    setIfAny("senderCompany", brand.name);
    setIfAny("siteName", brand.name.empty() ? project.name : brand.name);
    const std::string accent = brand.accentColor.empty() ? kDefaultAccent : brand.accentColor;
    data.set("accentColor", accent);
    data.set("accentText", textColorOn(accent));
    const std::string origin = originOf(lead.leadMagnetUrl);
    if (!brand.logoPath.empty() && !project.id.empty()) {
        data.set("logoUrl", logoPathOf(project.id));
        setIfAny("logoAlt", brand.name.empty() ? project.name : brand.name);
        if (!origin.empty()) data.set("ogImage", origin + logoPathOf(project.id));
    }
    if (!origin.empty()) data.set("ogUrl", lead.leadMagnetUrl);
    if (context.preparedAt > 0) {
        const auto [text, iso] = pageDate(context.preparedAt);
        data.set("dateText", text);
        data.set("dateIso", iso);
    }
    return data;
}

}  // namespace lodestone::pages
