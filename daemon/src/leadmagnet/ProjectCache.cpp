#include "leadmagnet/ProjectCache.hpp"

#include "storage/ProjectRepository.hpp"

namespace lodestone::leadmagnet {

ProjectCache::ProjectCache(storage::Store& store, const domain::Clock& clock,
                           std::chrono::milliseconds ttl)
    : store_(store), clock_(clock), ttl_(ttl) {}

std::optional<domain::Project> ProjectCache::get(const std::string& id) {
    const auto now = clock_.now();
    {
        std::lock_guard lock(mutex_);
        auto it = entries_.find(id);
        if (it != entries_.end() && now - it->second.fetchedAt < ttl_.count()) {
            return it->second.project;
        }
    }
    auto project = store_.read(
        [&](storage::Repositories& repositories) { return repositories.projects().find(id); });
    std::lock_guard lock(mutex_);
    entries_[id] = Entry{project, now};
    return project;
}

}  // namespace lodestone::leadmagnet
