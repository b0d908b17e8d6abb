#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "domain/Clock.hpp"
#include "domain/Records.hpp"
#include "storage/Store.hpp"

namespace lodestone::leadmagnet {

// Projects as the steps read them (settings, templates), kept for half a second: every step of
// every job needs its project, and projects change rarely. A change made with lodestonectl or
// provisioning reaches new steps within `ttl`.
class ProjectCache {
  public:
    ProjectCache(storage::Store& store, const domain::Clock& clock,
                 std::chrono::milliseconds ttl = std::chrono::milliseconds(500));

    // nullopt when the project no longer exists.
    std::optional<domain::Project> get(const std::string& id);

  private:
    struct Entry {
        std::optional<domain::Project> project;
        domain::Timestamp fetchedAt = 0;
    };

    storage::Store& store_;
    const domain::Clock& clock_;
    std::chrono::milliseconds ttl_;
    std::mutex mutex_;
    std::map<std::string, Entry> entries_;
};

}  // namespace lodestone::leadmagnet
