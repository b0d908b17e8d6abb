#include "plugins/LivePlugins.hpp"

#include "vocabulary/Vocabulary.hpp"

namespace lodestone::plugins {

LivePlugins::LivePlugins(PluginRegistry registry)
    : current_(std::make_shared<const PluginRegistry>(std::move(registry))) {}

std::shared_ptr<const PluginRegistry> LivePlugins::current() const {
    std::lock_guard lock(mutex_);
    return current_;
}

std::shared_ptr<const vocabulary::Vocabulary> PluginChoice::vocabulary() const {
    if (live_) return live_->current()->vocabulary();
    return vocabulary::builtInVocabulary();
}

void LivePlugins::replace(PluginRegistry registry) {
    auto next = std::make_shared<const PluginRegistry>(std::move(registry));
    std::lock_guard lock(mutex_);
    // The old registry goes when the last work holding it (or one of its instances) ends.
    current_.swap(next);
}

}  // namespace lodestone::plugins
