// The views as data: data/industries.yaml, data/roles-*.yaml and data/role-words.yaml, compiled
// into the plugin by lodestone_embed and parsed with yaml-cpp the first time they are needed (the
// plugin asks when it loads, so a broken file stops it there rather than in a run).
#include "embedded/viewData.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <stdexcept>

#include "Mustache.hpp"
#include "Roles.hpp"
#include "Views.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::content_template {
namespace {

// One file being read, for messages that say where: "data/roles-commercial.yaml: sales.plays[1]:
// steps is missing".
class Reading {
  public:
    explicit Reading(std::string_view path) : path_(path) {}

    [[noreturn]] void fail(const std::string& key, const std::string& problem) const {
        throw std::runtime_error("content-template: data/" + path_ + ": " + key + ": " + problem +
                                 " (fix the file and rebuild the plugin)");
    }

    YAML::Node root(std::string_view text) const {
        try {
            YAML::Node node = YAML::Load(std::string(text));
            if (!node.IsMap()) fail("(top)", "expected a mapping of names to views");
            return node;
        } catch (const YAML::Exception& e) {
            fail("line " + std::to_string(e.mark.line + 1), "not valid YAML: " + e.msg);
        }
    }

    YAML::Node child(const YAML::Node& parent, const std::string& key, const std::string& at,
                     bool map = true) const {
        const YAML::Node node = parent[key];
        if (!node) fail(at, key + " is missing");
        if (map && !node.IsMap()) fail(at + "." + key, "expected a mapping");
        return node;
    }

    std::string text(const YAML::Node& parent, const std::string& key,
                     const std::string& at) const {
        return template_(child(parent, key, at, false), at + "." + key);
    }

    template <std::size_t N>
    std::array<std::string, N> texts(const YAML::Node& parent, const std::string& key,
                                     const std::string& at) const {
        const YAML::Node list = items(parent, key, at, N);
        std::array<std::string, N> result;
        for (std::size_t i = 0; i < N; ++i) {
            result[i] = template_(list[i], at + "." + key + "[" + std::to_string(i) + "]");
        }
        return result;
    }

    YAML::Node items(const YAML::Node& parent, const std::string& key, const std::string& at,
                     std::size_t count) const {
        const YAML::Node list = child(parent, key, at, false);
        if (!list.IsSequence() || list.size() != count) {
            fail(at + "." + key, "expected a list of " + std::to_string(count));
        }
        return list;
    }

    // A list of phrases to look for in a title: lower-case words, as wordsOf reads a title.
    std::vector<std::string> phrases(const YAML::Node& parent, const std::string& key,
                                     const std::string& at) const {
        const YAML::Node list = child(parent, key, at, false);
        if (!list.IsSequence() || list.size() == 0) fail(at + "." + key, "expected a list");
        std::vector<std::string> result;
        for (const auto& item : list) {
            const std::string phrase = item.IsScalar() ? item.Scalar() : "";
            if (phrase.empty() ||
                phrase.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789 ") !=
                    std::string::npos) {
                fail(at + "." + key, "\"" + phrase + "\" is not lower-case words");
            }
            result.push_back(phrase);
        }
        return result;
    }

    double number(const YAML::Node& parent, const std::string& key, const std::string& at) const {
        const std::string value = text(parent, key, at);
        try {
            std::size_t used = 0;
            const double result = std::stod(value, &used);
            if (used == value.size() && result > 0) return result;
        } catch (const std::exception&) {
        }
        fail(at + "." + key, "expected a positive number, got \"" + value + "\"");
    }

  private:
    // A text the writer fills per reader: it must be valid Mustache (Context::fill).
    std::string template_(const YAML::Node& node, const std::string& key) const {
        if (!node.IsScalar() || node.Scalar().empty()) fail(key, "expected a text");
        const kainjow::mustache::mustache compiled(node.Scalar());
        if (!compiled.is_valid()) fail(key, "not valid Mustache: " + compiled.error_message());
        return node.Scalar();
    }

    std::string path_;
};

IndustryView industryOf(const Reading& file, const YAML::Node& node, const std::string& at) {
    return {file.text(node, "organisation", at), file.text(node, "customers", at),
            file.text(node, "work_unit", at),    file.text(node, "site", at),
            file.texts<3>(node, "measures", at), file.text(node, "pressure", at),
            file.text(node, "rule", at),         file.text(node, "calendar", at),
            file.text(node, "quick_win", at),    file.text(node, "leak", at)};
}

RoleView roleOf(const Reading& file, const YAML::Node& node, const std::string& at) {
    RoleView view;
    view.domain = file.text(node, "domain", at);
    view.team = file.text(node, "team", at);
    view.measures = file.texts<3>(node, "measures", at);
    view.leak = file.text(node, "leak", at);
    view.hoursPerWeek = file.number(node, "hours_per_week", at);
    const YAML::Node plays = file.items(node, "plays", at, 3);
    for (std::size_t i = 0; i < 3; ++i) {
        const std::string here = at + ".plays[" + std::to_string(i) + "]";
        view.plays[i] = {file.text(plays[i], "heading", here), file.text(plays[i], "why", here),
                         file.texts<3>(plays[i], "steps", here)};
    }
    view.thisWeek = file.texts<3>(node, "this_week", at);
    view.thisMonth = file.texts<3>(node, "this_month", at);
    view.thisQuarter = file.texts<3>(node, "this_quarter", at);
    const YAML::Node criteria = file.items(node, "criteria", at, 5);
    for (std::size_t i = 0; i < 5; ++i) {
        const std::string here = at + ".criteria[" + std::to_string(i) + "]";
        view.criteria[i] = {file.text(criteria[i], "name", here),
                            file.text(criteria[i], "low", here),
                            file.text(criteria[i], "high", here)};
    }
    view.decisions = file.texts<3>(node, "decisions", at);
    view.questions = file.texts<3>(node, "questions", at);
    return view;
}

// The role views the writer picks from (see roleView); each file of roles-*.yaml holds some.
constexpr const char* kRoleViews[] = {"executive", "founder",          "finance",     "people",
                                      "sales",     "customer_success", "marketing",   "it",
                                      "legal",     "procurement",      "engineering", "operations",
                                      "education", "admissions",       "healthcare",  "other"};

RoleWords roleWordsOf(const Reading& file, const YAML::Node& root) {
    static const std::map<std::string, RoleFamily> kFamilies = {
        {"executive", RoleFamily::Executive},   {"education", RoleFamily::Education},
        {"healthcare", RoleFamily::Healthcare}, {"finance", RoleFamily::Finance},
        {"people", RoleFamily::People},         {"sales", RoleFamily::Sales},
        {"marketing", RoleFamily::Marketing},   {"engineering", RoleFamily::Engineering},
        {"operations", RoleFamily::Operations}, {"procurement", RoleFamily::Procurement},
        {"legal", RoleFamily::Legal},           {"it", RoleFamily::It},
        {"admissions", RoleFamily::Admissions}, {"customer_success", RoleFamily::CustomerSuccess}};
    RoleWords words;
    const YAML::Node families = file.child(root, "families", "(top)", false);
    if (!families.IsSequence()) file.fail("families", "expected a list");
    for (std::size_t i = 0; i < families.size(); ++i) {
        const std::string at = "families[" + std::to_string(i) + "]";
        const std::string name = file.text(families[i], "family", at);
        const auto family = kFamilies.find(name);
        if (family == kFamilies.end()) file.fail(at, "no such family: " + name);
        words.families.emplace_back(family->second, file.phrases(families[i], "phrases", at));
    }
    words.software = file.phrases(root, "software", "(top)");
    words.schoolLeader = file.phrases(root, "school_leader", "(top)");
    words.notSchoolLeader = file.phrases(root, "not_school_leader", "(top)");
    return words;
}

struct Tables {
    std::map<std::string, IndustryView> industries;
    IndustryView fallback;
    std::map<std::string, RoleView> roles;
    RoleWords words;
};

Tables read() {
    Tables tables;
    for (const auto& file : viewData()) {
        const Reading reading(file.path);
        const YAML::Node root = reading.root(file.text);
        if (file.path == "industries.yaml") {
            for (const auto& entry : reading.child(root, "industries", "(top)")) {
                const std::string name = entry.first.as<std::string>();
                tables.industries.emplace(name, industryOf(reading, entry.second, name));
            }
            tables.fallback =
                industryOf(reading, reading.child(root, "default", "(top)"), "default");
            continue;
        }
        if (file.path == "role-words.yaml") {
            tables.words = roleWordsOf(reading, root);
            continue;
        }
        for (const auto& entry : root) {
            const std::string name = entry.first.as<std::string>();
            if (std::find(std::begin(kRoleViews), std::end(kRoleViews), name) ==
                std::end(kRoleViews)) {
                reading.fail(name,
                             "no such role view; the views are executive, founder, "
                             "finance, people, sales, customer_success, marketing, it, legal, "
                             "procurement, engineering, operations, education, admissions, "
                             "healthcare and other");
            }
            if (!entry.second.IsMap()) reading.fail(name, "expected a mapping");
            if (!tables.roles.emplace(name, roleOf(reading, entry.second, name)).second) {
                reading.fail(name, "this role view is already given in another roles-*.yaml");
            }
        }
    }
    for (const char* name : kRoleViews) {
        if (!tables.roles.contains(name)) {
            throw std::runtime_error(std::string("content-template: no roles-*.yaml in data/ ") +
                                     "gives the role view " + name +
                                     " (add it and rebuild the plugin)");
        }
    }
    return tables;
}

const Tables& tables() {
    static const Tables read_ = read();
    return read_;
}

}  // namespace

void loadViews() {
    tables();
}

const RoleWords& roleWords() {
    return tables().words;
}

const IndustryView& industryView(const vocabulary::Vocabulary& vocabulary,
                                 const std::string& industry) {
    const auto found = tables().industries.find(industry);
    if (found != tables().industries.end()) return found->second;
    const auto* named = vocabulary::industryNamed(vocabulary, industry);
    if (named != nullptr && named->parent) {
        const auto parent = tables().industries.find(*named->parent);
        if (parent != tables().industries.end()) return parent->second;
    }
    return tables().fallback;
}

const IndustryView& defaultIndustryView() {
    return tables().fallback;
}

std::vector<std::string> industryViewNames() {
    std::vector<std::string> names;
    for (const auto& entry : tables().industries) names.push_back(entry.first);
    return names;
}

const RoleView& roleView(RoleFamily family, bool smallCompany) {
    const auto& roles = tables().roles;
    switch (family) {
        case RoleFamily::Executive:
            return roles.at(smallCompany ? "founder" : "executive");
        case RoleFamily::Sales:
            return roles.at("sales");
        case RoleFamily::Marketing:
            return roles.at("marketing");
        case RoleFamily::Engineering:
            return roles.at("engineering");
        case RoleFamily::Operations:
            return roles.at("operations");
        case RoleFamily::Finance:
            return roles.at("finance");
        case RoleFamily::People:
            return roles.at("people");
        case RoleFamily::Education:
            return roles.at("education");
        case RoleFamily::Healthcare:
            return roles.at("healthcare");
        case RoleFamily::It:
            return roles.at("it");
        case RoleFamily::Procurement:
            return roles.at("procurement");
        case RoleFamily::Legal:
            return roles.at("legal");
        case RoleFamily::Admissions:
            return roles.at("admissions");
        case RoleFamily::CustomerSuccess:
            return roles.at("customer_success");
        case RoleFamily::Other:
            break;
    }
    return roles.at("other");
}

}  // namespace lodestone::content_template
