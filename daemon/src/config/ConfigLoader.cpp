#include "config/ConfigLoader.hpp"

#include <Poco/URI.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "config/ProvisionReader.hpp"
#include "config/SectionReaders.hpp"

namespace lodestone::config {

const PluginConfig* Config::findPlugin(const std::string& name) const {
    for (const auto& plugin : plugins) {
        if (plugin.name == name) return &plugin;
    }
    return nullptr;
}

std::string readTextFile(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        throw ConfigError({file.string() + ": cannot read file (" +
                           (std::filesystem::exists(file) ? "permission denied" : "no such file") +
                           ")"});
    }
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

ConfigNode parseDocument(const std::string& text, const std::string& displayName,
                         std::shared_ptr<Diagnostics> diagnostics, EnvLookup env) {
    auto source = std::make_shared<ConfigSource>(ConfigSource{displayName, diagnostics, env});
    try {
        return ConfigNode::root(YAML::Load(text), source);
    } catch (const YAML::Exception& e) {
        diagnostics->error(displayName, e.mark.is_null() ? 0 : e.mark.line + 1, "",
                           "YAML syntax error: " + e.msg);
        return ConfigNode::root(YAML::Node(), source);
    }
}

Config loadConfig(const std::filesystem::path& file, const LoadOptions& options) {
    return parseConfig(readTextFile(file), file, options);
}

Config parseConfig(const std::string& text, const std::filesystem::path& file,
                   const LoadOptions& options) {
    auto diagnostics = std::make_shared<Diagnostics>();
    ConfigNode root = parseDocument(text, file.string(), diagnostics, options.env);
    diagnostics->throwIfAny();

    Config config;
    config.file = std::filesystem::absolute(file).lexically_normal();
    const std::filesystem::path baseDir = config.file.parent_path();

    MapReader top(root);
    if (root.isNull()) root.error("the file is empty; at least `storage.path` is required");
    if (auto node = top.optional("server")) config.server = readServer(*node);
    if (auto node = top.required("storage")) config.storage = readStorage(*node, baseDir);
    const auto problemsBeforePlugins = diagnostics->messages().size();
    if (auto node = top.optional("plugins")) {
        config.plugins = readPlugins(*node, baseDir, options.pluginDir);
    }
    if (auto node = top.optional("pipeline")) config.pipeline = readPipeline(*node, baseDir);
    // By default the file installed beside the plugins; a plugin dir without one (a folder of
    // one's own plugins) leaves the words built into the daemon and the plugins, the same file.
    if (config.pipeline.vocabulary.empty() && !options.pluginDir.empty()) {
        std::error_code error;
        const auto beside = options.pluginDir / "vocabulary.yaml";
        if (std::filesystem::is_regular_file(beside, error)) config.pipeline.vocabulary = beside;
    }
    if (auto node = top.optional("webhooks")) config.webhooks = readWebhooks(*node);
    bool pluginsReadCleanly = diagnostics->messages().size() == problemsBeforePlugins;
    if (auto node = top.optional("limits")) config.limits = readLimits(*node);
    if (auto node = top.optional("imports")) config.imports = readImports(*node);
    if (auto node = top.optional("jobs")) config.jobs = readJobs(*node);
    if (auto node = top.optional("logging")) config.logging = readLogging(*node, baseDir);
    // `mailbox: ~` (as the shipped file has it) is no mailbox.
    if (auto node = top.optional("mailbox"); node && !node->isNull()) {
        config.mailbox = readMailbox(*node, baseDir);
    }
    if (auto node = top.optional("provision")) config.provision = readProvision(*node, baseDir);
    top.finish();

    addDefaultPlugins(config, root, options.pluginDir);
    const auto problemsBeforeReferences = diagnostics->messages().size();
    checkPluginReferences(config, root);
    pluginsReadCleanly =
        pluginsReadCleanly && diagnostics->messages().size() == problemsBeforeReferences;
    if (options.checkPlugins && pluginsReadCleanly) {
        for (auto& problem : options.checkPlugins(config)) diagnostics->add(std::move(problem));
    }
    diagnostics->throwIfAny();
    return config;
}

std::filesystem::path defaultPluginDir() {
    if (const char* dir = std::getenv("LODESTONE_PLUGIN_DIR"); dir && *dir) return dir;
    std::error_code error;
    auto exe = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error) return "/usr/lib/lodestone/plugins";
    return (exe.parent_path() / ".." / "lib" / "lodestone" / "plugins").lexically_normal();
}

}  // namespace lodestone::config
