#pragma once

#include <array>
#include <string_view>

#include "domain/Jobs.hpp"

namespace lodestone::leadmagnet {

enum class PhaseStatus { Completed, Pending, Current, Failed };

std::string_view toString(PhaseStatus status);  // "completed", "pending", "current", "failed"

// One entry of a job's executionPhases: a fixed, user-facing milestone of the pipeline.
struct ExecutionPhase {
    std::string_view name;
    std::string_view description;
    PhaseStatus status = PhaseStatus::Pending;
};

inline constexpr std::size_t kPhaseCount = 5;

// The spec's five phases, in order, with their status derived from the job's status and steps.
std::array<ExecutionPhase, kPhaseCount> executionPhases(const domain::Job& job);

}  // namespace lodestone::leadmagnet
