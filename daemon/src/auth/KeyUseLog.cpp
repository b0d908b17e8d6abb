#include "auth/KeyUseLog.hpp"

#include <Poco/Logger.h>

#include <vector>

#include "storage/ApiKeyRepository.hpp"

namespace lodestone::auth {

KeyUseLog::KeyUseLog(storage::Store& store, std::chrono::milliseconds interval)
    : store_(store), interval_(interval) {}

KeyUseLog::~KeyUseLog() {
    // Not a last write: by now the store may be closed. stop() is where it is written.
    stopThread();
}

void KeyUseLog::note(const std::string& apiKeyId, domain::Timestamp at) {
    std::lock_guard lock(mutex_);
    keepLatest(apiKeyId, at);
}

void KeyUseLog::keepLatest(const std::string& apiKeyId, domain::Timestamp at) {
    // try_emplace copies the id only for a key not noted since the last write.
    auto [entry, added] = noted_.try_emplace(apiKeyId, at);
    if (!added && entry->second < at) entry->second = at;
}

std::size_t KeyUseLog::flush() {
    std::unordered_map<std::string, domain::Timestamp> taken;
    {
        std::lock_guard lock(mutex_);
        taken.swap(noted_);
    }
    if (taken.empty()) return 0;
    std::vector<storage::KeyUse> uses;
    uses.reserve(taken.size());
    for (const auto& [id, at] : taken) uses.push_back({id, at});
    try {
        store_.write([&](storage::Repositories& r) { r.apiKeys().recordUses(uses); });
    } catch (const std::exception& e) {
        Poco::Logger::get("lodestone.auth")
            .warning("writing when %z API keys were last used failed (kept for the next try): %s",
                     uses.size(), std::string(e.what()));
        std::lock_guard lock(mutex_);
        for (const auto& [id, at] : taken) keepLatest(id, at);
        return 0;
    }
    return uses.size();
}

void KeyUseLog::start() {
    thread_ = std::thread([this] {
        std::unique_lock lock(mutex_);
        while (!stopping_) {
            wake_.wait_for(lock, interval_, [&] { return stopping_; });
            lock.unlock();
            flush();
            lock.lock();
        }
    });
}

void KeyUseLog::stop() {
    stopThread();
    flush();
    // One try: a database that refuses the write now will not take it later in the stop, and
    // what is kept must not outlive the store.
    std::lock_guard lock(mutex_);
    noted_.clear();
}

void KeyUseLog::stopThread() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        wake_.notify_all();
    }
    if (thread_.joinable()) thread_.join();
}

}  // namespace lodestone::auth
