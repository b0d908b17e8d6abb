#include "app/Readiness.hpp"

#include <Poco/Environment.h>

#include "domain/Time.hpp"
#include "storage/StorageProbeRepository.hpp"

namespace lodestone::app {
namespace {
constexpr auto kProbeEvery = std::chrono::seconds(1);
}  // namespace

Readiness::Readiness(storage::Store& store, const plugins::LivePlugins& plugins, bool needsPlugins)
    : store_(store),
      plugins_(plugins),
      needsPlugins_(needsPlugins),
      host_(Poco::Environment::nodeName()) {}

std::optional<std::string> Readiness::problem() {
    if (stopping_) return "stopping";
    if (needsPlugins_ && plugins_.current()->empty()) return "plugins are not loaded";
    return probeStorage();
}

std::optional<std::string> Readiness::probeStorage() {
    std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    if (probed_ && now - probedAt_ < kProbeEvery) return storageProblem_;
    try {
        store_.write([&](storage::Repositories& repositories) {
            repositories.storageProbes().record(host_, domain::nowMillis());
        });
        storageProblem_.reset();
    } catch (const std::exception& e) {
        storageProblem_ = std::string("the database does not take writes: ") + e.what();
    }
    probed_ = true;
    probedAt_ = std::chrono::steady_clock::now();
    return storageProblem_;
}

}  // namespace lodestone::app
