#pragma once

#include <string>
#include <utility>

#include "outbound/HttpClient.hpp"
#include "plugins/HttpGateway.hpp"

namespace lodestone::outbound {

// The host API's http_request for plugins, under one subsystem's policy: the JSON of
// plugin_abi.h in and out, send() in between.
class PolicyGateway : public plugins::HttpGateway {
  public:
    explicit PolicyGateway(OutboundPolicy policy) : policy_(std::move(policy)) {}

    // Bounded by control's deadline and stopped by its cancel(). Throws
    // plugins::HttpRequestInvalid for a request that cannot be made sense of (bad JSON, a
    // field of the wrong type, a bad URL or header), std::runtime_error with the operator's
    // message when there is no response.
    std::string request(const plugins::RunControl& control,
                        const std::string& requestJson) const override;

    const OutboundPolicy& policy() const noexcept { return policy_; }

  private:
    OutboundPolicy policy_;
};

// {"method", "url", "headers": {name: value}, "body"} and, since ABI 1.2, "connectTo",
// "timeoutMs", "maxResponseBytes" and "bodyEncoding"; only url is required, and a null counts
// as absent. Throws
// plugins::HttpRequestInvalid naming the offending field.
OutboundRequest parseRequestJson(const std::string& json);

// {"status", "headers": {name: value}, "body", "truncated", "latencyMs", "remoteAddress"}.
// Headers repeated in the response are joined with ", " under the first one's spelling; the
// body and header values are made valid UTF-8, so the text is always valid JSON. With
// `base64Body` the body is its bytes in base64 instead, and "bodyEncoding": "base64" says so.
std::string responseJson(const OutboundResponse& response, bool base64Body = false);

}  // namespace lodestone::outbound
