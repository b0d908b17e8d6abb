#include "plugins/Describe.hpp"

#include <algorithm>

#include "plugins/AbiNames.hpp"
#include "plugins/ConfigValues.hpp"

namespace lodestone::plugins {
namespace {

std::string padded(const std::string& text, std::size_t width) {
    return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

std::string requirement(const ConfigKeyInfo& key) {
    const std::string range = key.minimum || key.maximum ? ", " + rangeText(key) : "";
    if (key.required) return "required" + range;
    if (key.defaultValue)
        return "default: " + (key.defaultValue->empty() ? "\"\"" : *key.defaultValue) + range;
    return "optional" + range;
}

}  // namespace

std::string describe(const PluginInfo& info) {
    std::string out = info.name + " " + (info.version.empty() ? "(no version)" : info.version) +
                      " (" + kindName(info.kind).value_or("unknown kind") + " plugin, ABI " +
                      std::to_string(info.abiMajor) + "." + std::to_string(info.abiMinor) + ")\n";
    out += "  " + info.file.string() + "\n";
    if (!info.description.empty()) out += "  " + info.description + "\n";
    if (info.configKeys.empty()) return out + "  config keys: none\n";

    std::size_t nameWidth = 0;
    std::size_t typeWidth = 0;
    std::size_t requirementWidth = 0;
    for (const auto& key : info.configKeys) {
        nameWidth = std::max(nameWidth, key.name.size());
        typeWidth = std::max(typeWidth, configTypeName(key.type).value_or("?").size());
        requirementWidth = std::max(requirementWidth, requirement(key).size());
    }
    out += "  config keys:\n";
    for (const auto& key : info.configKeys) {
        out += "    " + padded(key.name, nameWidth + 2) +
               padded(configTypeName(key.type).value_or("?"), typeWidth + 2) +
               padded(requirement(key), requirementWidth + 2) + key.description;
        while (!out.empty() && out.back() == ' ') out.pop_back();
        out += "\n";
    }
    return out;
}

}  // namespace lodestone::plugins
