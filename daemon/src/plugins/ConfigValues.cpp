#include "plugins/ConfigValues.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Stringifier.h>

#include <map>
#include <set>
#include <sstream>

#include "config/YamlJson.hpp"
#include "plugins/AbiNames.hpp"

namespace lodestone::plugins {
namespace {

std::string validKeys(const PluginInfo& info) {
    std::string valid;
    for (const auto& key : info.configKeys) valid += (valid.empty() ? "" : ", ") + key.name;
    return valid;
}

template <typename T>
std::optional<Poco::Dynamic::Var> wrap(const std::optional<T>& value) {
    if (!value) return std::nullopt;
    return Poco::Dynamic::Var(*value);
}

// Whether `value`, of the key's type, lies within the key's range.
bool inRange(const ConfigKeyInfo& key, const Poco::Dynamic::Var& value) {
    auto less = [&](const Poco::Dynamic::Var& a, const Poco::Dynamic::Var& b) {
        if (key.type == LODESTONE_CONFIG_NUMBER) return a.convert<double>() < b.convert<double>();
        return a.convert<Poco::Int64>() < b.convert<Poco::Int64>();
    };
    // Bounds that do not parse were refused when the library was opened.
    auto bound = [&](const std::optional<std::string>& text) {
        return parseTableValue(key, *text).value_or(value);
    };
    return !(key.minimum && less(value, bound(key.minimum))) &&
           !(key.maximum && less(bound(key.maximum), value));
}

}  // namespace

std::optional<Poco::Dynamic::Var> readConfigValue(const config::ConfigNode& node,
                                                  lodestone_config_type type) {
    switch (type) {
        case LODESTONE_CONFIG_STRING:
            return wrap(node.asString());
        case LODESTONE_CONFIG_INTEGER:
            return wrap(node.asInteger());
        case LODESTONE_CONFIG_NUMBER:
            return wrap(node.asNumber());
        case LODESTONE_CONFIG_BOOLEAN:
            return wrap(node.asBool());
        case LODESTONE_CONFIG_DURATION: {
            auto duration = node.asDuration();
            if (!duration) return std::nullopt;
            return Poco::Dynamic::Var(static_cast<Poco::Int64>(duration->count()));
        }
        case LODESTONE_CONFIG_STRING_LIST: {
            if (!node.isSequence()) {
                node.error("expected a list of strings");
                return std::nullopt;
            }
            Poco::JSON::Array::Ptr array = new Poco::JSON::Array();
            bool ok = true;
            for (const auto& element : node.elements()) {
                auto text = element.asString();
                ok = ok && text.has_value();
                if (text) array->add(*text);
            }
            if (!ok) return std::nullopt;
            return Poco::Dynamic::Var(array);
        }
        case LODESTONE_CONFIG_OBJECT: {
            if (!node.isMap()) {
                node.error("expected a mapping");
                return std::nullopt;
            }
            return config::yamlToJson(node);
        }
    }
    node.error("has a type the plugin ABI does not define");
    return std::nullopt;
}

std::optional<Poco::Dynamic::Var> parseTableValue(const ConfigKeyInfo& key,
                                                  const std::string& text) {
    if (key.type == LODESTONE_CONFIG_STRING) return Poco::Dynamic::Var(text);
    // The table is the plugin author's, not the operator's: no ${NAME} expansion.
    auto diagnostics = std::make_shared<config::Diagnostics>();
    auto source = std::make_shared<config::ConfigSource>(config::ConfigSource{
        "default", diagnostics, [](const std::string&) { return std::optional<std::string>(); }});
    YAML::Node yaml;
    try {
        yaml = YAML::Load(text);
    } catch (const YAML::Exception&) {
        return std::nullopt;
    }
    auto value = readConfigValue(config::ConfigNode::root(yaml, source), key.type);
    if (!diagnostics->empty()) return std::nullopt;
    return value;
}

std::string rangeText(const ConfigKeyInfo& key) {
    if (key.minimum && key.maximum) return "between " + *key.minimum + " and " + *key.maximum;
    if (key.minimum) return "at least " + *key.minimum;
    return key.maximum ? "at most " + *key.maximum : "";
}

std::string tableProblem(const ConfigKeyInfo& key) {
    const std::string quoted = "config key \"" + key.name + "\"";
    const std::string type = configTypeName(key.type).value_or("unknown type");
    const std::pair<const char*, const std::optional<std::string>&> values[] = {
        {"default value", key.defaultValue}, {"minimum", key.minimum}, {"maximum", key.maximum}};
    for (const auto& [what, text] : values) {
        if (text && !parseTableValue(key, *text)) {
            return std::string(what) + " \"" + *text + "\" of " + quoted + " is not a valid " +
                   type;
        }
    }
    if (!key.minimum && !key.maximum) return "";
    if (key.type != LODESTONE_CONFIG_INTEGER && key.type != LODESTONE_CONFIG_NUMBER &&
        key.type != LODESTONE_CONFIG_DURATION) {
        return quoted + " has a range, but a " + type + " has none";
    }
    if (key.minimum && !inRange(key, *parseTableValue(key, *key.minimum))) {
        return quoted + " has a minimum above its maximum";
    }
    if (key.defaultValue && !inRange(key, *parseTableValue(key, *key.defaultValue))) {
        return "default value \"" + *key.defaultValue + "\" of " + quoted + " is not " +
               rangeText(key);
    }
    return "";
}

std::optional<std::string> buildConfigJson(const PluginInfo& info, const std::string& instanceName,
                                           const config::ConfigNode& pluginNode,
                                           const std::optional<config::ConfigNode>& configNode) {
    const auto& diagnostics = pluginNode.source()->diagnostics;
    const std::size_t problemsBefore = diagnostics->messages().size();

    std::map<std::string, Poco::Dynamic::Var> values;
    std::set<std::string> given;  // including the wrongly typed, which are not also "missing"
    if (configNode) {
        for (const auto& [key, node] : configNode->entries()) {
            const ConfigKeyInfo* declared = info.findKey(key);
            if (declared == nullptr) {
                node.error(info.configKeys.empty()
                               ? "unknown key; plugin \"" + info.name + "\" takes no config keys"
                               : "unknown key for plugin \"" + info.name +
                                     "\" (valid keys: " + validKeys(info) + ")");
                continue;
            }
            // "key:" with nothing after it means "use the default", as everywhere else.
            if (node.isNull()) continue;
            given.insert(key);
            auto value = readConfigValue(node, declared->type);
            if (value && !inRange(*declared, *value)) {
                node.error(
                    "must be " + rangeText(*declared) + ", got " +
                    (declared->type == LODESTONE_CONFIG_DURATION
                         ? config::formatDuration(config::Duration(value->convert<Poco::Int64>()))
                         : value->toString()));
            } else if (value) {
                values[key] = *value;
            }
        }
    }

    const config::ConfigNode parent =
        configNode ? *configNode : pluginNode.child("config", YAML::Node(), pluginNode.line());
    Poco::JSON::Object::Ptr json = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    for (const auto& key : info.configKeys) {
        if (auto value = values.find(key.name); value != values.end()) {
            json->set(key.name, value->second);
        } else if (given.contains(key.name)) {
            continue;
        } else if (key.required) {
            parent.child(key.name, YAML::Node(), parent.line())
                .error("required key of plugin \"" + instanceName + "\" is missing" +
                       (key.description.empty() ? "" : " (" + key.description + ")"));
        } else if (key.defaultValue) {
            // The library was checked when it was opened, so a default always parses here.
            if (auto value = parseTableValue(key, *key.defaultValue)) json->set(key.name, *value);
        }
    }
    if (diagnostics->messages().size() != problemsBefore) return std::nullopt;
    std::ostringstream text;
    json->stringify(text);
    return text.str();
}

}  // namespace lodestone::plugins
