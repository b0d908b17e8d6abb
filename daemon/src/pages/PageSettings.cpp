#include "pages/PageSettings.hpp"

#include <Poco/JSON/Parser.h>

#include <cstdint>
#include <regex>
#include <set>

#include "domain/Urls.hpp"
#include "pages/BrandLogo.hpp"

namespace lodestone::pages {
namespace {

// Brand texts are one line each; longer ones would not fit a byline.
constexpr std::size_t kMaxBrandText = 200;

const char* const kFormats[] = {"auto",      "playbook",     "checklist",
                                "scorecard", "roi_estimate", "briefing"};

Poco::JSON::Object::Ptr settingsObject(const std::string& json) {
    auto parsed = Poco::JSON::Parser().parse(json);
    if (parsed.type() != typeid(Poco::JSON::Object::Ptr)) return new Poco::JSON::Object;
    return parsed.extract<Poco::JSON::Object::Ptr>();
}

bool isOneLine(const std::string& text) {
    if (text.empty() || text.size() > kMaxBrandText) return false;
    for (char c : text) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return false;
    }
    return true;
}

// The text at `key` of `object`, or nothing when absent or null; `bad` gets the reason a present
// value is not usable.
std::optional<std::string> textAt(const Poco::JSON::Object::Ptr& object, const char* key,
                                  std::string* bad) {
    if (!object || !object->has(key) || object->get(key).isEmpty()) return std::nullopt;
    const auto value = object->get(key);
    if (!value.isString()) {
        if (bad) *bad = "expected text";
        return std::nullopt;
    }
    return value.extract<std::string>();
}

struct Problem {
    std::string key;
    std::string reason;
};

// Reads the settings, noting the first problem found in `problem` when it is given.
PageSettings read(const std::string& json, std::optional<Problem>* problem, bool checkFiles) {
    PageSettings settings;
    const auto root = settingsObject(json);
    const auto note = [&](std::string key, std::string reason) {
        if (problem && !*problem) *problem = Problem{std::move(key), std::move(reason)};
    };
    std::string bad;
    if (auto language = textAt(root, "language", &bad)) {
        if (isLanguageTag(*language)) {
            settings.language = *language;
        } else {
            note("language", "\"" + *language + "\" is not a language tag such as en or de-CH");
        }
    } else if (!bad.empty()) {
        note("language", bad);
    }
    bad.clear();
    if (auto url = textAt(root, "calendar_url", &bad)) {
        if (auto why = domain::httpUrlProblem(*url)) {
            note("calendar_url", "expected " + std::string(domain::kHttpUrlRule) + "; it " + *why);
        } else {
            settings.calendarUrl = *url;
        }
    } else if (!bad.empty()) {
        note("calendar_url", bad);
    }
    bad.clear();
    if (auto format = textAt(root, "format", &bad)) {
        bool known = false;
        for (const char* name : kFormats) known = known || *format == name;
        if (!known) {
            note("format", "\"" + *format +
                               "\" is none of auto, playbook, checklist, scorecard, "
                               "roi_estimate, briefing");
        }
    } else if (!bad.empty()) {
        note("format", bad);
    }
    if (!root->has("brand") || root->get("brand").isEmpty()) return settings;
    if (root->get("brand").type() != typeid(Poco::JSON::Object::Ptr)) {
        note("brand", "expected a mapping");
        return settings;
    }
    const auto brand = root->getObject("brand");
    for (const auto& key : brand->getNames()) {
        static const std::set<std::string> known = {"name", "logo_path", "accent_color",
                                                    "sender_name", "sender_title"};
        if (!known.contains(key)) {
            note("brand." + key,
                 "unknown key (valid keys: accent_color, logo_path, name, "
                 "sender_name, sender_title)");
        }
    }
    const std::pair<const char*, std::string*> texts[] = {
        {"name", &settings.brand.name},
        {"sender_name", &settings.brand.senderName},
        {"sender_title", &settings.brand.senderTitle}};
    for (const auto& [key, target] : texts) {
        bad.clear();
        if (auto value = textAt(brand, key, &bad)) {
            if (isOneLine(*value)) {
                *target = *value;
            } else {
                note(std::string("brand.") + key,
                     "expected one line of text of at most 200 bytes, without control characters");
            }
        } else if (!bad.empty()) {
            note(std::string("brand.") + key, bad);
        }
    }
    bad.clear();
    if (auto color = textAt(brand, "accent_color", &bad)) {
        if (isHexColor(*color)) {
            settings.brand.accentColor = *color;
        } else {
            note("brand.accent_color",
                 "\"" + *color + "\" is not a colour written #rgb or #rrggbb");
        }
    } else if (!bad.empty()) {
        note("brand.accent_color", bad);
    }
    bad.clear();
    if (auto path = textAt(brand, "logo_path", &bad)) {
        if (!path->starts_with("/")) {
            note("brand.logo_path", "\"" + *path + "\" is not an absolute path");
        } else if (checkFiles) {
            const auto logo = readLogo(*path);
            if (const auto* why = std::get_if<std::string>(&logo)) {
                note("brand.logo_path", "\"" + *path + "\" " + *why);
            } else {
                settings.brand.logoPath = *path;
            }
        } else {
            settings.brand.logoPath = *path;
        }
    } else if (!bad.empty()) {
        note("brand.logo_path", bad);
    }
    return settings;
}

}  // namespace

PageSettings pageSettingsOf(const domain::Project& project) {
    try {
        return read(project.settingsJson, nullptr, false);
    } catch (const Poco::Exception&) {
        return {};
    }
}

void checkPageSettings(const std::string& settingsJson) {
    std::optional<Problem> problem;
    read(settingsJson, &problem, true);
    if (problem) throw InvalidPageSettings("settings." + problem->key + ": " + problem->reason);
}

bool isLanguageTag(const std::string& text) {
    static const std::regex tag("[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*");
    return text.size() <= 35 && std::regex_match(text, tag);
}

bool isHexColor(const std::string& text) {
    static const std::regex color("#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})");
    return std::regex_match(text, color);
}

bool isRightToLeftLanguage(const std::string& tag) {
    const std::string language = tag.substr(0, tag.find('-'));
    for (const char* rtl : {"ar", "fa", "he", "ur", "ps", "sd", "yi", "dv", "ckb", "ug"}) {
        if (language == rtl) return true;
    }
    return false;
}

std::string languageOfName(const std::string& name, const std::string& email) {
    int kana = 0, hangul = 0, han = 0, arabic = 0, persian = 0, hebrew = 0, greek = 0, thai = 0,
        devanagari = 0, letters = 0;
    for (std::size_t at = 0; at < name.size();) {
        const auto lead = static_cast<std::uint8_t>(name[at]);
        const std::size_t length = lead < 0x80          ? 1
                                   : (lead >> 5) == 0x6 ? 2
                                   : (lead >> 4) == 0xE ? 3
                                                        : 4;
        if (at + length > name.size()) break;
        char32_t c = length == 1   ? lead
                     : length == 2 ? lead & 0x1F
                     : length == 3 ? lead & 0x0F
                                   : lead & 0x07;
        for (std::size_t i = 1; i < length; ++i)
            c = (c << 6) | (static_cast<std::uint8_t>(name[at + i]) & 0x3F);
        at += length;
        if ((c >= U'A' && c <= U'Z') || (c >= U'a' && c <= U'z') || c >= 0xC0) ++letters;
        if ((c >= 0x3040 && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF)) ++kana;
        if ((c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F) ||
            (c >= 0xAC00 && c <= 0xD7AF))
            ++hangul;
        if ((c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF)) ++han;
        if (c >= 0x600 && c <= 0x6FF) ++arabic;
        if (c == 0x67E || c == 0x686 || c == 0x698 || c == 0x6AF) ++persian;
        if (c >= 0x5D0 && c <= 0x5EA) ++hebrew;
        if (c >= 0x370 && c <= 0x3FF) ++greek;
        if (c >= 0xE01 && c <= 0xE5B) ++thai;
        if (c >= 0x900 && c <= 0x97F) ++devanagari;
    }
    const auto most = [&](int count) { return count > 0 && count * 2 >= letters; };
    if (kana > 0 && most(kana + han)) return "ja";
    if (most(hangul)) return "ko";
    if (most(han)) return email.ends_with(".jp") ? "ja" : "zh";
    if (most(arabic)) return persian > 0 ? "fa" : "ar";
    if (most(hebrew)) return "he";
    if (most(greek)) return "el";
    if (most(thai)) return "th";
    if (most(devanagari)) return "hi";
    return "";
}

}  // namespace lodestone::pages
