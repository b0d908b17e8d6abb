#pragma once

#include <algorithm>
#include <memory>
#include <vector>

#include "domain/Clock.hpp"
#include "domain/Prospects.hpp"
#include "jobs/JobHandler.hpp"
#include "outreach/steps/ProspectSteps.hpp"
#include "plugins/HttpGateway.hpp"
#include "plugins/LivePlugins.hpp"

namespace lodestone::outreach {

// Every prospect status from which a prospect job may still move it: a failed job fails only a
// prospect that nothing else (a booked meeting) has moved on.
inline const std::vector<domain::ProspectStatus> kProspectInPipeline = {
    domain::ProspectStatus::Queued, domain::ProspectStatus::Researching,
    domain::ProspectStatus::Scored};

inline bool isInPipeline(domain::ProspectStatus status) {
    return std::find(kProspectInPipeline.begin(), kProspectInPipeline.end(), status) !=
           kProspectInPipeline.end();
}

// A prospect added to a campaign, on the job pipeline: researched through the research plugin,
// then scored against the campaign's ICP in the daemon. Its status moves with the job, in the
// job's transactions: researching when research is claimed, scored and then qualified or
// disqualified with the score, failed when the job fails for good.
class ProspectJobs final : public jobs::JobHandler {
  public:
    // `researchHttp`: the outbound HTTP research runs get (none: their http_request fails).
    ProspectJobs(plugins::PluginChoice research, const domain::Clock& clock,
                 std::shared_ptr<const plugins::HttpGateway> researchHttp = nullptr,
                 LeadMagnetSettings magnets = {})
        : research_(std::move(research)),
          clock_(clock),
          researchHttp_(std::move(researchHttp)),
          magnets_(std::move(magnets)) {}

    domain::JobKind kind() const override { return domain::JobKind::Prospect; }
    std::shared_ptr<jobs::StepRun> prepare(storage::Repositories& repositories,
                                           const domain::Job& job, domain::StepName step,
                                           domain::Timestamp now) override;
    void failedForGood(storage::Repositories& repositories, const domain::Job& job,
                       domain::Timestamp now) override;

  private:
    plugins::PluginChoice research_;
    const domain::Clock& clock_;
    std::shared_ptr<const plugins::HttpGateway> researchHttp_;
    LeadMagnetSettings magnets_;
};

}  // namespace lodestone::outreach
