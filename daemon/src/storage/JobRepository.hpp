#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/Jobs.hpp"
#include "storage/PageRequest.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// Which of a project's jobs a listing shows.
struct JobFilter {
    std::string projectId;
    std::optional<domain::JobStatus> status = std::nullopt;
};

// Jobs and their steps as records: what was asked for, how it went, the credits it holds. The
// job engine moves them on through the JobQueue. Status changes are guarded by the state they
// start from, so a late writer cannot overwrite a job that moved on.
class JobRepository {
  public:
    virtual ~JobRepository() = default;
    // With the steps it holds already (none for a job that starts at the beginning).
    virtual void insert(const domain::Job& job) = 0;
    // With its steps, in pipeline order.
    virtual std::optional<domain::Job> find(const std::string& id) = 0;
    virtual std::optional<domain::Job> findByLead(const std::string& leadId) = 0;
    virtual std::optional<domain::Job> findByProspect(const std::string& prospectId) = 0;
    // A page of a project's jobs, newest first, each with its steps.
    virtual std::vector<domain::Job> page(const JobFilter& filter, const PageRequest& page) = 0;
    // failed -> queued, resuming at the step that failed: clears the error and that step's row,
    // counts one more retry and records `newCharge` as the credits now held for the job. False
    // if the job is not failed.
    virtual bool requeueFailed(const std::string& id, std::int64_t newCharge, Timestamp now) = 0;
    // Zeroes the credits held for the job and returns how many they were (0 when already
    // released), so a refund can happen only once.
    virtual std::int64_t releaseCharge(const std::string& id, Timestamp now) = 0;
    // Mean duration of the last `sample` completed runs of a step; nullopt when there are none.
    virtual std::optional<std::int64_t> typicalStepMillis(domain::StepName step, int sample) = 0;
};

}  // namespace lodestone::storage
