#pragma once

#include <string_view>

#include "domain/Jobs.hpp"
#include "domain/JsonWriter.hpp"
#include "leadmagnet/ExecutionPhases.hpp"
#include "leadmagnet/JobProgress.hpp"

namespace lodestone::leadmagnet {

std::string_view statusDisplay(domain::JobStatus status);     // "⏳ Queued", …
std::string_view phaseDescription(domain::JobStatus status);  // "Preparing to start generation", …

// One entry of the job object's `steps`: only the keys the spec documents for the row's status,
// and `usage` (docs/api.md) on a completed step whose plugin reported one.
void writeStep(domain::JsonWriter& out, const domain::JobStep& step);

// The spec's generation-job object for `job`, every field derived from the stored job and its
// steps. Keys come out in the spec's table order. Written as JSON text directly: this is the
// answer clients poll, the daemon's most frequent request. Beyond the spec, `pageViews` last,
// when given (what happened on a completed job's page, docs/pages.md).
void writeJobStatus(domain::JsonWriter& out, const domain::Job& job,
                    const StatusViewContext& context,
                    const std::optional<domain::PageActivity>& pageViews = std::nullopt);

}  // namespace lodestone::leadmagnet
