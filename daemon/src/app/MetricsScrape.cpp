#include "app/MetricsScrape.hpp"

#include <Poco/Logger.h>

#include <algorithm>
#include <map>
#include <span>

#include "buildinfo/BuildInfo.hpp"
#include "domain/Jobs.hpp"
#include "domain/Time.hpp"
#include "metrics/Exposition.hpp"
#include "metrics/Series.hpp"
#include "storage/JobBacklog.hpp"
#include "storage/JobRepository.hpp"

namespace lodestone::app {
namespace {

using domain::JobKind;
using domain::StepName;

// The steps a kind of job runs: each gets its series, at zero when nothing waits there, so a
// dashboard's line does not vanish when a queue empties.
std::span<const StepName> stepsOf(JobKind kind) {
    if (kind == JobKind::Prospect) return domain::kProspectSteps;
    return domain::kSteps;
}

std::string_view name(JobKind kind) {
    return domain::toString(kind);
}

}  // namespace

std::string MetricsScrape::readDatabaseGauges() {
    auto [waiting, held] = store_.read([](storage::Repositories& repositories) {
        return std::pair(repositories.jobBacklog().waitingByStep(),
                         repositories.jobBacklog().heldByKind());
    });
    const auto now = clock_.now();
    std::map<std::pair<JobKind, StepName>, storage::JobBacklog::WaitingAtStep> byStep;
    for (const auto& group : waiting) byStep[{group.kind, group.step}] = group;

    metrics::Exposition out;
    out.family("lodestone_jobs", "gauge",
               "Unfinished jobs by kind and state: queued (waiting for a worker, due or backing "
               "off before a retry) or running (held by a worker).");
    for (JobKind kind : domain::kJobKindsByClaimOrder) {
        std::uint64_t queued = 0;
        for (const auto& [key, group] : byStep) {
            if (key.first == kind) queued += static_cast<std::uint64_t>(group.count);
        }
        std::uint64_t running = 0;
        for (const auto& one : held) {
            if (one.kind == kind) running = static_cast<std::uint64_t>(one.count);
        }
        out.sample("lodestone_jobs", {{"kind", name(kind)}, {"state", "queued"}}, queued);
        out.sample("lodestone_jobs", {{"kind", name(kind)}, {"state", "running"}}, running);
    }
    out.family("lodestone_queue_depth", "gauge",
               "Jobs waiting for a worker at each step, by kind and step.");
    for (JobKind kind : domain::kJobKindsByClaimOrder) {
        for (StepName step : stepsOf(kind)) {
            auto found = byStep.find({kind, step});
            const auto count = found == byStep.end() ? 0 : found->second.count;
            out.sample("lodestone_queue_depth",
                       {{"kind", name(kind)}, {"step", domain::toString(step)}},
                       static_cast<std::uint64_t>(count));
        }
    }
    out.family("lodestone_oldest_queued_seconds", "gauge",
               "How long the longest-waiting due job at each step has been due (0 when none "
               "is), by kind and step.");
    for (JobKind kind : domain::kJobKindsByClaimOrder) {
        for (StepName step : stepsOf(kind)) {
            auto found = byStep.find({kind, step});
            const auto late = found == byStep.end()
                                  ? 0
                                  : std::max<domain::Timestamp>(0, now - found->second.earliestDue);
            out.sample("lodestone_oldest_queued_seconds",
                       {{"kind", name(kind)}, {"step", domain::toString(step)}},
                       static_cast<double>(late) / 1000.0);
        }
    }
    return out.text();
}

std::string MetricsScrape::text() {
    metrics::Exposition out;
    registry_.writeTo(out);
    {
        std::lock_guard lock(mutex_);
        const auto now = clock_.now();
        if (!read_ || now - readAt_ >= refresh_.count()) {
            try {
                databaseGauges_ = readDatabaseGauges();
            } catch (const std::exception& e) {
                // The rest of the scrape still helps; the gauges' absence (and /readyz) tell.
                Poco::Logger::get("lodestone.http")
                    .warning("metrics: cannot read the job gauges: %s", std::string(e.what()));
                databaseGauges_.clear();
            }
            readAt_ = now;
            read_ = true;
        }
        out.append(databaseGauges_);
    }
    const auto writes = store_.writeStats();
    out.family("lodestone_storage_writes_total", "counter",
               "Write transactions' worth of changes committed (an API create, a step's "
               "outcome): each is one caller's write.");
    out.sample("lodestone_storage_writes_total", {}, static_cast<std::uint64_t>(writes.writes));
    out.family("lodestone_storage_commits_total", "counter",
               "Database transactions that committed writes; writes arriving together share one "
               "(group commit), so writes_total / commits_total is the mean batch.");
    out.sample("lodestone_storage_commits_total", {},
               static_cast<std::uint64_t>(writes.transactions));
    out.family("lodestone_build_info", "gauge",
               "Always 1; the labels name the running build (lodestoned --version).");
    out.sample("lodestone_build_info",
               {{"version", buildinfo::version()}, {"commit", buildinfo::commit()}},
               std::uint64_t{1});
    return out.text();
}

}  // namespace lodestone::app
