#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "webhooks/DeliveryTarget.hpp"

namespace lodestone::webhooks {

// A secret that is not "whsec_" followed by base64.
class InvalidSecret : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// One Standard Webhooks signature: "v1," + base64 HMAC-SHA256 of "<id>.<timestamp>.<body>",
// keyed with the bytes the secret's base64 part decodes to.
std::string sign(std::string_view secret, std::string_view webhookId, std::int64_t timestampSeconds,
                 std::string_view body);

// The webhook-signature header for a delivery to `target` at `nowMs`: the current secret's
// signature, then (for 24 h after a rotation) the previous secret's, space-separated, so that
// receivers still holding the old secret keep verifying while they switch.
std::string signatureHeader(const DeliveryTarget& target, std::int64_t nowMs,
                            std::string_view webhookId, std::int64_t timestampSeconds,
                            std::string_view body);

}  // namespace lodestone::webhooks
