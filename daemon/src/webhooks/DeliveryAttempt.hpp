#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "domain/Records.hpp"
#include "domain/WebhookDeliveries.hpp"
#include "jobs/CallRunner.hpp"
#include "plugins/HttpGateway.hpp"
#include "plugins/PluginInstance.hpp"

namespace lodestone::webhooks {

// What one attempt came to. Delivered means a 2xx came back in time; anything else (another
// status, a redirect, no answer, a refused address, a plugin failure) is a failed attempt.
struct AttemptResult {
    bool delivered = false;
    std::optional<int> statusCode;
    std::int64_t latencyMs = 0;
    std::optional<std::string> error;
};

// Makes one attempt of a claimed delivery through the webhook plugin: builds and signs the
// request, runs the plugin on a CallRunner (so a plugin that hangs past the timeout is left
// behind, not waited for) and reads what it reports.
class DeliveryAttempt {
  public:
    DeliveryAttempt(std::shared_ptr<const plugins::PluginInstance> plugin,
                    std::shared_ptr<const plugins::HttpGateway> gateway,
                    std::chrono::milliseconds timeout);

    // The longest an attempt takes: the timeout, plus a little for a plugin that stops at
    // the deadline to report why. A claim's lease must outlast it.
    std::chrono::milliseconds longest() const { return timeout_ + kReportGrace; }

    // `campaign`: the delivery's campaign as it is now (none: it was deleted).
    AttemptResult make(const domain::WebhookDelivery& delivery,
                       const std::optional<domain::Campaign>& campaign,
                       jobs::CallRunner& runner) const;

  private:
    static constexpr std::chrono::milliseconds kReportGrace{500};

    AttemptResult send(const domain::WebhookDelivery& delivery, const domain::Campaign& campaign,
                       jobs::CallRunner& runner) const;

    std::shared_ptr<const plugins::PluginInstance> plugin_;
    std::shared_ptr<const plugins::HttpGateway> gateway_;
    std::chrono::milliseconds timeout_;
};

// What the webhook plugin's report, {"statusCode": 200, "responseExcerpt": "..."}, comes to:
// delivered for a 2xx, else failed with describeAnswer's error; failed without a status code when
// the report has no integer statusCode.
AttemptResult readReport(const std::string& output, std::int64_t latencyMs);

// How a receiver's answer reads in an attempt record: "HTTP 503: <start of the body>".
std::string describeAnswer(int statusCode, const std::string& excerpt);

}  // namespace lodestone::webhooks
