#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include "plugins/PluginRegistry.hpp"

namespace lodestone::plugins {

// The plugins in force. A reload replaces the registry as a whole; work prepared before keeps
// the instances it took (they hold their libraries loaded), work prepared after gets the new ones.
class LivePlugins {
  public:
    explicit LivePlugins(PluginRegistry registry = {});

    std::shared_ptr<const PluginRegistry> current() const;
    void replace(PluginRegistry registry);

  private:
    mutable std::mutex mutex_;
    std::shared_ptr<const PluginRegistry> current_;
};

// Which plugin instance one kind of work runs: one fixed instance, or the registry's choice for
// that role (research, content, webhook, mailer) in whatever registry is in force when the work
// is prepared. Research may name several instances, run in turn (a waterfall): all() has them.
class PluginChoice {
  public:
    using InstancePtr = std::shared_ptr<const PluginInstance>;
    using Pick = PluginRegistry::InstancePtr (PluginRegistry::*)() const;
    using PickAll = std::vector<InstancePtr> (PluginRegistry::*)() const;

    // Implicit: a fixed instance (or none) is a choice that never changes.
    PluginChoice(std::nullptr_t = nullptr) {}  // NOLINT
    template <typename Instance>
    PluginChoice(std::shared_ptr<Instance> fixed)  // NOLINT
        : fixed_(fixed ? std::vector<InstancePtr>{std::move(fixed)} : std::vector<InstancePtr>{}) {}
    // Fixed instances run in turn.
    explicit PluginChoice(std::vector<InstancePtr> fixed) : fixed_(std::move(fixed)) {}
    PluginChoice(const LivePlugins& live, Pick pick) : live_(&live), pick_(pick) {}
    PluginChoice(const LivePlugins& live, PickAll pickAll) : live_(&live), pickAll_(pickAll) {}

    // nullptr when the registry in force names no plugin for the role; the first of several.
    InstancePtr current() const {
        if (live_ && pick_) return (*live_->current().*pick_)();
        auto instances = all();
        return instances.empty() ? nullptr : instances.front();
    }
    // The vocabulary the chosen instances were configured with: that of the registry in force
    // (PluginRegistry::vocabulary), the built-in words for fixed instances. What the daemon reads
    // the plugins' words with (the ICP scorer), so that a reload changes both at once.
    std::shared_ptr<const vocabulary::Vocabulary> vocabulary() const;
    // Every instance chosen, in the order they run; empty when there is none.
    std::vector<InstancePtr> all() const {
        if (!live_) return fixed_;
        if (pickAll_) return (*live_->current().*pickAll_)();
        auto one = (*live_->current().*pick_)();
        return one ? std::vector<InstancePtr>{std::move(one)} : std::vector<InstancePtr>{};
    }

  private:
    std::vector<InstancePtr> fixed_;
    const LivePlugins* live_ = nullptr;
    Pick pick_ = nullptr;
    PickAll pickAll_ = nullptr;
};

}  // namespace lodestone::plugins
