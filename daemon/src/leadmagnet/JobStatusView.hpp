#pragma once

#include <Poco/JSON/Object.h>

#include <string_view>

#include "domain/Jobs.hpp"
#include "leadmagnet/ExecutionPhases.hpp"
#include "leadmagnet/JobProgress.hpp"

namespace lodestone::leadmagnet {

std::string_view statusDisplay(domain::JobStatus status);     // "⏳ Queued", …
std::string_view phaseDescription(domain::JobStatus status);  // "Preparing to start generation", …

// One entry of the job object's `steps`: only the keys the spec documents for the row's status,
// and `usage` (docs/api.md) on a completed step whose plugin reported one.
Poco::JSON::Object::Ptr renderStep(const domain::JobStep& step);

// The spec's generation-job object for `job`, every field derived from the stored job and its
// steps. Keys come out in the spec's table order.
Poco::JSON::Object::Ptr renderJobStatus(const domain::Job& job, const StatusViewContext& context);

}  // namespace lodestone::leadmagnet
