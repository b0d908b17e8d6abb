#include "config/ConfigChanges.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <set>

namespace lodestone::config {
namespace {

constexpr std::array kReloadable = {"plugins",
                                    "logging.level",
                                    "provision",
                                    "webhooks.plugin",
                                    "pipeline.research.plugin",
                                    "pipeline.content.plugin",
                                    "pipeline.finalize.plugin",
                                    "pipeline.scoring.plugin",
                                    "pipeline.mailer.plugin"};

std::string child(const std::string& path, const std::string& key) {
    return path.empty() ? key : path + "." + key;
}

bool isMap(const YAML::Node& node) {
    return node.IsDefined() && node.IsMap();
}

bool isAbsent(const YAML::Node& node) {
    return !node.IsDefined() || node.IsNull();
}

// A missing key's node is invalid and may only be asked IsDefined(); its children are absent.
YAML::Node childOf(const YAML::Node& node, const std::string& key) {
    if (isMap(node)) return node[key];
    return YAML::Node(YAML::NodeType::Undefined);
}

void compare(const YAML::Node& running, const YAML::Node& next, const std::string& path,
             std::vector<std::string>& changed) {
    if (!path.empty() && reloadable(path)) return;
    // A section on one side only is compared key by key too: adding `logging: {level: debug}`
    // changes nothing a reload cannot apply.
    if ((isMap(running) || isMap(next)) && (isMap(running) || isAbsent(running)) &&
        (isMap(next) || isAbsent(next))) {
        std::set<std::string> keys;
        for (const auto* side : {&running, &next}) {
            if (!isMap(*side)) continue;
            for (const auto& entry : *side) keys.insert(entry.first.as<std::string>());
        }
        for (const auto& key : keys) {
            compare(childOf(running, key), childOf(next, key), child(path, key), changed);
        }
        return;
    }
    // Scalars, lists and a change of shape compare as their text: a list is one setting.
    const auto text = [](const YAML::Node& node) {
        return isAbsent(node) ? std::string("(none)") : YAML::Dump(node);
    };
    if (text(running) != text(next)) changed.push_back(path.empty() ? "(the whole file)" : path);
}

}  // namespace

bool reloadable(const std::string& keyPath) {
    return std::any_of(kReloadable.begin(), kReloadable.end(), [&](const char* prefix) {
        const std::string_view reload(prefix);
        return keyPath == reload || (keyPath.size() > reload.size() &&
                                     keyPath.starts_with(reload) && keyPath[reload.size()] == '.');
    });
}

std::vector<std::string> restartOnlyChanges(const std::string& runningYaml,
                                            const std::string& nextYaml) {
    std::vector<std::string> changed;
    compare(YAML::Load(runningYaml), YAML::Load(nextYaml), "", changed);
    return changed;
}

}  // namespace lodestone::config
