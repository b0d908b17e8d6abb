#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "domain/Clock.hpp"
#include "domain/Records.hpp"
#include "domain/WebhookDeliveries.hpp"
#include "plugins/HttpGateway.hpp"
#include "plugins/LivePlugins.hpp"
#include "plugins/RunControl.hpp"
#include "webhooks/DeliveryTarget.hpp"
#include "work/WorkKind.hpp"

namespace lodestone::webhooks {

// What one attempt came to. Delivered means a 2xx came back in time; anything else (another
// status, a redirect, no answer, a refused address, a plugin failure) is a failed attempt.
struct AttemptResult {
    bool delivered = false;
    std::optional<int> statusCode;
    std::int64_t latencyMs = 0;
    std::optional<std::string> error;
    // False when no later attempt can go anywhere (the campaign or endpoint is gone): the
    // delivery fails at once rather than running through its retries.
    bool retryable = true;
};

// One attempt of a claimed delivery through the webhook plugin, in the engine's two halves:
// prepare() builds and signs the request and returns the plugin call (run by the engine under
// its watchdog, so a plugin that hangs past the timeout is left behind, not waited for);
// conclude() reads how the call ended.
class DeliveryAttempt {
  public:
    DeliveryAttempt(plugins::PluginChoice plugin,
                    std::shared_ptr<const plugins::HttpGateway> gateway,
                    std::chrono::milliseconds timeout, const domain::Clock& clock);

    // The receiver's time to answer: the deadline of the call's RunControl.
    std::chrono::milliseconds timeout() const { return timeout_; }
    // How much longer the watchdog waits: a plugin that stops at the deadline gets the room to
    // report why (the host's HTTP client gives up at the deadline itself, and its error says
    // more than "did not return").
    static constexpr std::chrono::milliseconds kReportGrace{500};
    // The longest an attempt takes; a claim's lease must outlast it.
    std::chrono::milliseconds longest() const { return timeout_ + kReportGrace; }

    struct Call {
        std::function<std::string()> run;    // the plugin call, owning what it touches
        std::optional<AttemptResult> ended;  // or, with no call, why the attempt failed at once
    };
    // `target`: the delivery's campaign or endpoint as the claim read it (none: it was deleted).
    // `control` is the call's: its deadline, cancellation and the outbound HTTP it allows.
    Call prepare(const domain::WebhookDelivery& delivery,
                 const std::optional<DeliveryTarget>& target,
                 const std::shared_ptr<plugins::RunControl>& control) const;
    // `latencyMs`: since prepare().
    AttemptResult conclude(const work::CallEnd& end, const plugins::RunControl& control,
                           std::int64_t latencyMs) const;

  private:
    plugins::PluginChoice plugin_;
    std::shared_ptr<const plugins::HttpGateway> gateway_;
    std::chrono::milliseconds timeout_;
    const domain::Clock& clock_;
};

// What the webhook plugin's report, {"statusCode": 200, "responseExcerpt": "..."}, comes to:
// delivered for a 2xx, else failed with describeAnswer's error; failed without a status code when
// the report has no integer statusCode.
AttemptResult readReport(const std::string& output, std::int64_t latencyMs);

// How a receiver's answer reads in an attempt record: "HTTP 503: <start of the body>".
std::string describeAnswer(int statusCode, const std::string& excerpt);

}  // namespace lodestone::webhooks
