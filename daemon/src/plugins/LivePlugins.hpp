#pragma once

#include <cstddef>
#include <memory>
#include <mutex>

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
// is prepared.
class PluginChoice {
  public:
    using Pick = PluginRegistry::InstancePtr (PluginRegistry::*)() const;

    // Implicit: a fixed instance (or none) is a choice that never changes.
    PluginChoice(std::nullptr_t = nullptr) {}  // NOLINT
    template <typename Instance>
    PluginChoice(std::shared_ptr<Instance> fixed)  // NOLINT
        : fixed_(std::move(fixed)) {}
    PluginChoice(const LivePlugins& live, Pick pick) : live_(&live), pick_(pick) {}

    // nullptr when the registry in force names no plugin for the role.
    std::shared_ptr<const PluginInstance> current() const {
        return live_ ? (*live_->current().*pick_)() : fixed_;
    }

  private:
    std::shared_ptr<const PluginInstance> fixed_;
    const LivePlugins* live_ = nullptr;
    Pick pick_ = nullptr;
};

}  // namespace lodestone::plugins
