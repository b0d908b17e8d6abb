#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

#include "domain/Time.hpp"
#include "storage/Store.hpp"

namespace lodestone::auth {

// When each API key was last used, for the key listings ("last used"). A request only notes its
// key in memory; a thread of its own writes what was noted every `interval`, in one transaction,
// so a busy key costs one write per interval instead of one per request, and no request ever
// waits on that write. What is noted but not yet written is written at stop(); a crash loses at
// most one interval of it, which only makes "last used" a little older than it is.
class KeyUseLog {
  public:
    KeyUseLog(storage::Store& store, std::chrono::milliseconds interval);
    ~KeyUseLog();
    KeyUseLog(const KeyUseLog&) = delete;
    KeyUseLog& operator=(const KeyUseLog&) = delete;

    void note(const std::string& apiKeyId, domain::Timestamp at);
    // Writes what was noted; returns how many keys it wrote. A failed write is logged and its
    // uses are kept for the next one.
    std::size_t flush();

    void start();
    // Stops the thread, then writes what is left, once: a failed write is given up.
    void stop();

  private:
    void keepLatest(const std::string& apiKeyId, domain::Timestamp at);  // mutex_ held
    void stopThread();

    storage::Store& store_;
    const std::chrono::milliseconds interval_;
    std::mutex mutex_;
    std::unordered_map<std::string, domain::Timestamp> noted_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace lodestone::auth
