#pragma once

#include <memory>
#include <string>
#include <vector>

#include "config/Config.hpp"
#include "plugins/PluginInstance.hpp"

// Declared only: the many users of the registry need not be rebuilt when the vocabulary's
// reading changes.
namespace lodestone::vocabulary {
struct Vocabulary;
}

namespace lodestone::plugins {

// Every configured plugin instance of one configuration, and which of them the pipeline and
// the webhooks use. Immutable once built; a reload builds a new one.
class PluginRegistry {
  public:
    using InstancePtr = std::shared_ptr<const PluginInstance>;

    PluginRegistry() = default;

    // nullptr when no instance has that name.
    InstancePtr find(const std::string& name) const;
    // The instances named by pipeline.research.plugin, pipeline.content.plugin, webhooks.plugin
    // and pipeline.mailer.plugin; nullptr when the config names none.
    InstancePtr research() const { return research_; }
    InstancePtr content() const { return content_; }
    InstancePtr webhook() const { return webhook_; }
    InstancePtr mailer() const { return mailer_; }
    // Every instance pipeline.research.plugin names, in order (research() is the first): a
    // waterfall when there are several. Empty when the config names none.
    std::vector<InstancePtr> researchWaterfall() const { return researchWaterfall_; }

    // The vocabulary of pipeline.vocabulary, read when the plugins were configured: the daemon's
    // own (the ICP scorer's) once this registry is in force. The built-in words when the config
    // names no file.
    std::shared_ptr<const vocabulary::Vocabulary> vocabulary() const;

    // In the order of the config file.
    const std::vector<InstancePtr>& instances() const noexcept { return instances_; }
    auto begin() const noexcept { return instances_.begin(); }
    auto end() const noexcept { return instances_.end(); }
    std::size_t size() const noexcept { return instances_.size(); }
    bool empty() const noexcept { return instances_.empty(); }

  private:
    friend PluginRegistry loadPlugins(const config::Config& config);

    std::vector<InstancePtr> instances_;
    InstancePtr research_;
    std::vector<InstancePtr> researchWaterfall_;
    InstancePtr content_;
    InstancePtr webhook_;
    InstancePtr mailer_;
    std::shared_ptr<const vocabulary::Vocabulary> vocabulary_;  // nullptr: the built-in words
};

// Loads, checks and configures every plugin of `config`, and checks that pipeline.research,
// pipeline.content and webhooks name plugins of the right kind. Collects every problem (a
// missing library, a wrong ABI, an unknown or missing or mistyped config key, a config the
// plugin rejects, a kind mismatch), each naming the file, line and key path, and throws them
// together as one config::ConfigError, as the config loader does.
PluginRegistry loadPlugins(const config::Config& config);

}  // namespace lodestone::plugins
