#pragma once

#include <lodestone/plugin_abi.h>

#include <memory>
#include <string>

#include "plugins/HostApi.hpp"
#include "plugins/PluginLibrary.hpp"
#include "plugins/RunControl.hpp"

namespace lodestone::plugins {

// One configured plugin instance (one entry under `plugins:`). Owns the plugin-side instance and
// keeps its library loaded. Share it through shared_ptr: a reload swaps the registry while runs
// in flight finish on the instance they started with.
class PluginInstance {
  public:
    // Creates the plugin-side instance; throws PluginError with the plugin's message if the
    // plugin refuses.
    // `vocabularyPath`: the vocabulary file the instance is told of (Host::vocabularyPath).
    PluginInstance(std::shared_ptr<const PluginLibrary> library, std::string name,
                   std::string vocabularyPath = "");
    ~PluginInstance();
    PluginInstance(const PluginInstance&) = delete;
    PluginInstance& operator=(const PluginInstance&) = delete;

    // Hands the plugin its config (a JSON object, normally from buildConfigJson). Called once,
    // before any run(); throws PluginError if the plugin rejects it.
    void configure(const std::string& configJson);

    // Runs the plugin once, blocking, on the calling thread. Safe to call from several threads
    // at once. Returns the plugin's output, checked to be a JSON object. Throws PluginError on a
    // non-OK status (status() tells cancelled from failed from bad input), on output that is not
    // a JSON object, or on output larger than outputCap().
    std::string run(const RunControl& control, const std::string& inputJson) const;

    const std::string& name() const noexcept { return handle_->name(); }
    lodestone_plugin_kind kind() const noexcept { return library_->info().kind; }
    const PluginInfo& info() const noexcept { return library_->info(); }
    const std::shared_ptr<const PluginLibrary>& library() const noexcept { return library_; }

    std::size_t outputCap() const noexcept { return outputCap_; }
    void setOutputCap(std::size_t bytes) noexcept { outputCap_ = bytes; }

  private:
    std::shared_ptr<const PluginLibrary> library_;
    // Heap-allocated so the handle the plugin holds stays valid whatever happens to this object.
    std::unique_ptr<InstanceHandle> handle_;
    void* instance_ = nullptr;
    bool configured_ = false;
    std::size_t outputCap_ = OutputBuffer::kDefaultCap;
};

}  // namespace lodestone::plugins
