#include "app/Readiness.hpp"

#include <Poco/Environment.h>

#include "storage/StorageProbeRepository.hpp"

namespace lodestone::app {
namespace {
constexpr domain::Timestamp kProbeEveryMs = 1'000;
}  // namespace

Readiness::Readiness(storage::Store& store, const domain::Clock& clock,
                     const plugins::LivePlugins& plugins, bool needsPlugins)
    : store_(store),
      clock_(clock),
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
    const auto now = clock_.now();
    if (probed_ && now - probedAt_ < kProbeEveryMs) return storageProblem_;
    try {
        store_.write([&](storage::Repositories& repositories) {
            repositories.storageProbes().record(host_, now);
        });
        storageProblem_.reset();
    } catch (const std::exception& e) {
        storageProblem_ = std::string("the database does not take writes: ") + e.what();
    }
    probed_ = true;
    probedAt_ = clock_.now();
    return storageProblem_;
}

}  // namespace lodestone::app
