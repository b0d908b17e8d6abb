#include "app/RepeatFolding.hpp"

namespace lodestone::app {
namespace {
// Distinct lines remembered before the expired ones are written out and forgotten.
constexpr std::size_t kMostLines = 512;
}  // namespace

RepeatFoldingChannel::RepeatFoldingChannel(Poco::AutoPtr<Poco::Channel> next,
                                           std::shared_ptr<const domain::Clock> clock,
                                           std::chrono::milliseconds window)
    : next_(std::move(next)), clock_(std::move(clock)), window_(window) {}

void RepeatFoldingChannel::writeCounted(Poco::Message message, int count) {
    message.set("count", std::to_string(count));
    next_->log(message);
}

void RepeatFoldingChannel::log(const Poco::Message& message) {
    if (message.getPriority() > Poco::Message::PRIO_WARNING) {
        next_->log(message);
        return;
    }
    const auto now = clock_->now();
    std::lock_guard lock(mutex_);
    const std::string key = message.getSource() + '\n' + message.getText();
    auto found = seen_.find(key);
    if (found == seen_.end()) {
        if (seen_.size() >= kMostLines) flushLocked(now, false);
        if (seen_.size() >= kMostLines) flushLocked(now, true);
        seen_.emplace(key, Seen{now, 0, message});
        next_->log(message);
        return;
    }
    Seen& seen = found->second;
    if (now - seen.since < window_.count()) {
        ++seen.repeats;
        seen.last = message;
        return;
    }
    if (seen.repeats > 0) {
        writeCounted(message, seen.repeats + 1);
    } else {
        next_->log(message);
    }
    seen.since = now;
    seen.repeats = 0;
}

void RepeatFoldingChannel::flushLocked(domain::Timestamp now, bool all) {
    for (auto it = seen_.begin(); it != seen_.end();) {
        if (!all && now - it->second.since < window_.count()) {
            ++it;
            continue;
        }
        if (it->second.repeats > 0) writeCounted(it->second.last, it->second.repeats);
        it = seen_.erase(it);
    }
}

void RepeatFoldingChannel::close() {
    {
        std::lock_guard lock(mutex_);
        flushLocked(clock_->now(), true);
    }
    next_->close();
}

}  // namespace lodestone::app
