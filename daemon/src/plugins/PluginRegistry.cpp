#include "plugins/PluginRegistry.hpp"

#include <map>

#include "plugins/AbiNames.hpp"
#include "plugins/ConfigValues.hpp"
#include "plugins/HostApi.hpp"
#include "plugins/PluginError.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::plugins {
namespace {

using Libraries = std::map<std::filesystem::path, std::shared_ptr<const PluginLibrary>>;

// One library per file even when several instances use it.
std::shared_ptr<const PluginLibrary> openOnce(const config::PluginConfig& plugin,
                                              const config::ConfigNode& libraryNode,
                                              Libraries& libraries) {
    if (auto it = libraries.find(plugin.library); it != libraries.end()) return it->second;
    try {
        auto library = PluginLibrary::open(plugin.library);
        libraries.emplace(plugin.library, library);
        return library;
    } catch (const LibraryError& e) {
        for (const auto& message : e.messages()) libraryNode.error(message);
        libraries.emplace(plugin.library, nullptr);  // reported once, not once per instance
        return nullptr;
    }
}

std::shared_ptr<const PluginInstance> loadOne(const config::PluginConfig& plugin,
                                              const std::string& vocabularyFile,
                                              const std::shared_ptr<config::Diagnostics>& sink,
                                              Libraries& libraries) {
    const config::ConfigNode pluginNode = plugin.node.withDiagnostics(sink);
    auto library = openOnce(plugin, plugin.libraryNode.withDiagnostics(sink), libraries);
    if (!library) return nullptr;

    std::optional<config::ConfigNode> configNode;
    if (plugin.config) configNode = plugin.config->withDiagnostics(sink);
    auto json = buildConfigJson(library->info(), plugin.name, pluginNode, configNode);
    if (!json) return nullptr;

    // Where the plugin's own verdict on its config is reported.
    const config::ConfigNode configSite =
        configNode ? *configNode : pluginNode.child("config", YAML::Node(), pluginNode.line());
    try {
        auto instance = std::make_shared<PluginInstance>(library, plugin.name, vocabularyFile);
        try {
            instance->configure(*json);
        } catch (const PluginError& e) {
            configSite.error(e.message());
            return nullptr;
        }
        return instance;
    } catch (const PluginError& e) {
        pluginNode.error(e.what());
        return nullptr;
    }
}

std::shared_ptr<const PluginInstance> resolve(
    const std::optional<config::PluginRef>& ref, lodestone_plugin_kind kind,
    const config::Config& config,
    const std::map<std::string, std::shared_ptr<const PluginInstance>>& loaded,
    config::Diagnostics& sink) {
    if (!ref) return nullptr;
    const config::PluginConfig* declared = config.findPlugin(ref->name);
    auto it = loaded.find(ref->name);
    // An undeclared name was reported by the config loader, a failed load above.
    if (declared == nullptr || it == loaded.end()) return nullptr;
    if (it->second->kind() != kind) {
        sink.error(declared->node.file(), ref->line, ref->path,
                   "plugin \"" + ref->name + "\" is a " +
                       kindName(it->second->kind()).value_or("?") + " plugin (" +
                       it->second->library()->info().file.string() + "); this needs a " +
                       kindName(kind).value_or("?") + " plugin");
        return nullptr;
    }
    return it->second;
}

}  // namespace

PluginRegistry::InstancePtr PluginRegistry::find(const std::string& name) const {
    for (const auto& instance : instances_) {
        if (instance->name() == name) return instance;
    }
    return nullptr;
}

std::shared_ptr<const vocabulary::Vocabulary> PluginRegistry::vocabulary() const {
    return vocabulary_ ? vocabulary_ : vocabulary::builtInVocabulary();
}

PluginRegistry loadPlugins(const config::Config& config) {
    auto sink = std::make_shared<config::Diagnostics>();
    Libraries libraries;
    PluginRegistry registry;
    // Read before the plugins, which read it in configure(): an edit with a mistake is refused
    // here, with its line, rather than once per plugin.
    const std::string vocabularyFile = config.pipeline.vocabulary.string();
    if (!vocabularyFile.empty()) {
        try {
            registry.vocabulary_ = std::make_shared<const vocabulary::Vocabulary>(
                vocabulary::loadVocabulary(vocabularyFile));
        } catch (const vocabulary::VocabularyError& e) {
            sink->add(e.what());  // located in the vocabulary file
            sink->throwIfAny();
        }
    }
    std::map<std::string, std::shared_ptr<const PluginInstance>> loaded;
    for (const auto& plugin : config.plugins) {
        if (auto instance = loadOne(plugin, vocabularyFile, sink, libraries)) {
            loaded.emplace(plugin.name, instance);
            registry.instances_.push_back(std::move(instance));
        }
    }
    // Each instance of a research waterfall is checked as a single one is, at its own place.
    for (const auto& ref : config.pipeline.research.waterfall) {
        if (auto instance = resolve(ref, LODESTONE_PLUGIN_RESEARCH, config, loaded, *sink)) {
            registry.researchWaterfall_.push_back(std::move(instance));
        }
    }
    if (config.pipeline.research.waterfall.empty() && config.pipeline.research.plugin) {
        // A config built in code names one instance only.
        if (auto instance = resolve(config.pipeline.research.plugin, LODESTONE_PLUGIN_RESEARCH,
                                    config, loaded, *sink)) {
            registry.researchWaterfall_.push_back(std::move(instance));
        }
    }
    if (!registry.researchWaterfall_.empty()) registry.research_ = registry.researchWaterfall_[0];
    registry.content_ =
        resolve(config.pipeline.content.plugin, LODESTONE_PLUGIN_CONTENT, config, loaded, *sink);
    registry.webhook_ =
        resolve(config.webhooks.plugin, LODESTONE_PLUGIN_WEBHOOK, config, loaded, *sink);
    registry.mailer_ =
        resolve(config.pipeline.mailer.plugin, LODESTONE_PLUGIN_MAILER, config, loaded, *sink);
    sink->throwIfAny();
    return registry;
}

}  // namespace lodestone::plugins
