#pragma once

#include <memory>

#include "jobs/JobHandler.hpp"
#include "leadmagnet/ProjectCache.hpp"
#include "metrics/Series.hpp"
#include "plugins/HttpGateway.hpp"
#include "plugins/LivePlugins.hpp"
#include "storage/Store.hpp"

namespace lodestone::leadmagnet {

// Lead-magnet generation on the job pipeline: research and content through the configured
// plugins, finalization (the page, stored with the lead) in the daemon, and the job's charge
// given back when it fails for good.
class LeadMagnetJobs final : public jobs::JobHandler {
  public:
    // `researchHttp`, `contentHttp`: the outbound HTTP research and content runs get, each under
    // its step's policy (none: their http_request fails).
    LeadMagnetJobs(storage::Store& store, const domain::Clock& clock,
                   plugins::PluginChoice research, plugins::PluginChoice content,
                   std::shared_ptr<const plugins::HttpGateway> researchHttp = nullptr,
                   std::shared_ptr<const plugins::HttpGateway> contentHttp = nullptr,
                   const metrics::Series* series = nullptr);

    domain::JobKind kind() const override { return domain::JobKind::LeadMagnet; }
    std::shared_ptr<jobs::StepRun> prepare(storage::Repositories& repositories,
                                           const domain::Job& job, domain::StepName step,
                                           domain::Timestamp now) override;
    void failedForGood(storage::Repositories& repositories, const domain::Job& job,
                       domain::Timestamp now) override;

  private:
    ProjectCache projects_;
    plugins::PluginChoice research_;
    plugins::PluginChoice content_;
    std::shared_ptr<const plugins::HttpGateway> researchHttp_;
    std::shared_ptr<const plugins::HttpGateway> contentHttp_;
    const metrics::Series* series_;  // where content plugins' tokens are counted, if anywhere
};

}  // namespace lodestone::leadmagnet
