// The labelled prospects of tests/data/research-labels (its README.md), what a research output
// answers for each label, and the tally of right answers per label with the misses. Shared by
// the in-process accuracy test (tests/unit/default_plugins/ResearchAccuracyTest.cpp) and the
// full-pipeline benchmark (bench/ResearchAccuracyBench.cpp), so both score the same way.
// Header-only: its users link yaml-cpp and Poco::JSON themselves.
#pragma once

#include <Poco/JSON/Object.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace lodestone::test {

// The labels scored, in the order the tables show them.
inline constexpr std::array<const char*, 4> kLabels = {"seniority", "department", "industry",
                                                       "sizeBand"};

using Answers = std::map<std::string, std::string>;  // label -> value; a label left out: none

struct LabelledProspect {
    std::size_t index = 0;
    Poco::JSON::Object::Ptr input;  // the entry's `input`, `site` and `notes` included
    Answers labels;                 // what the lead itself says
    Answers siteLabels;             // what its website adds
    std::string domain;             // `domain`, else the email's
    std::string site;               // the fixture site its domain serves, if any
    std::string file;               // the file it is in

    // The labels a plugin that reads the website is held to.
    Answers withSite() const {
        Answers all = labels;
        for (const auto& [label, value] : siteLabels) all.emplace(label, value);
        return all;
    }
};

namespace labels_detail {

inline Poco::Dynamic::Var toJsonValue(const YAML::Node& node) {
    if (node.IsMap()) {
        Poco::JSON::Object::Ptr object = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        for (const auto& item : node)
            object->set(item.first.as<std::string>(), toJsonValue(item.second));
        return object;
    }
    return node.as<std::string>();
}

inline Answers answersOf(const YAML::Node& node) {
    Answers answers;
    if (!node) return answers;
    for (const auto& item : node)
        answers[item.first.as<std::string>()] = item.second.as<std::string>();
    return answers;
}

}  // namespace labels_detail

// The prospects of every .yaml file in `directory`, in file-name order.
inline std::vector<LabelledProspect> loadProspects(const std::filesystem::path& directory) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(directory)) {
        if (entry.path().extension() == ".yaml") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    std::vector<LabelledProspect> prospects;
    for (const auto& file : files) {
        for (const auto& entry : YAML::LoadFile(file.string())["prospects"]) {
            LabelledProspect prospect;
            prospect.index = prospects.size();
            prospect.input =
                labels_detail::toJsonValue(entry["input"]).extract<Poco::JSON::Object::Ptr>();
            prospect.labels = labels_detail::answersOf(entry["labels"]);
            prospect.siteLabels = labels_detail::answersOf(entry["siteLabels"]);
            const std::string email = prospect.input->getValue<std::string>("email");
            prospect.domain =
                prospect.input->optValue<std::string>("domain", email.substr(email.find('@') + 1));
            prospect.site = prospect.input->optValue<std::string>("site", "");
            prospect.file = file.filename().string();
            prospects.push_back(std::move(prospect));
        }
    }
    return prospects;
}

// What a research output answers for each label: the contract's person and company keys, else
// the profile's (docs/plugins.md). `unknown` seniority counts as an answer: it is the right one
// without a title.
inline Answers answersOf(const Poco::JSON::Object::Ptr& output) {
    Answers answers;
    const auto pick = [&](const char* label, const char* object, const char* key,
                          const char* profileObject, const char* profileKey) {
        auto first = output->getObject(object);
        if (first && first->has(key)) {
            answers[label] = first->getValue<std::string>(key);
            return;
        }
        auto profile = output->getObject("profile");
        auto second = profile ? profile->getObject(profileObject) : nullptr;
        if (second && second->has(profileKey)) answers[label] = second->get(profileKey).toString();
    };
    pick("seniority", "person", "seniority", "contact", "seniority");
    pick("department", "person", "department", "contact", "department");
    pick("industry", "company", "industry", "company", "industry");
    pick("sizeBand", "company", "sizeBand", "company", "employeeRange");
    return answers;
}

struct Miss {
    std::size_t prospect;
    std::string label, expected, got;
};

// Right answers per label for one plugin (or pipeline configuration), and what it got wrong.
struct Tally {
    explicit Tally(std::string name) : plugin(std::move(name)) {}

    std::string plugin;
    std::map<std::string, std::pair<int, int>> counts;  // label -> {right, labelled}
    std::vector<Miss> misses;
    int excludedLabelled = 0, wronglyQualified = 0;
    std::vector<std::size_t> wronglyQualifiedProspects;

    void score(const LabelledProspect& prospect, const Answers& expected, const Answers& got) {
        for (const char* label : kLabels) {
            const auto want = expected.find(label);
            if (want == expected.end()) continue;
            const auto have = got.find(label);
            const std::string answer = have == got.end() ? "(none)" : have->second;
            auto& [right, total] = counts[label];
            ++total;
            if (answer == want->second) {
                ++right;
            } else {
                misses.push_back({prospect.index, label, want->second, answer});
            }
        }
    }
    double percent(const std::string& label) const {
        const auto found = counts.find(label);
        if (found == counts.end() || found->second.second == 0) return 100.0;
        return 100.0 * found->second.first / found->second.second;
    }
};

}  // namespace lodestone::test
