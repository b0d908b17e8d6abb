#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace lodestone::outreach::calendar {

// A report whose signature is missing, wrong or too old: refused with 401, the reason said.
class SignatureRefused : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// How far Calendly's signing time may be from this host's clock, either way.
inline constexpr std::chrono::seconds kCalendlyTolerance{180};

// Cal.com: `X-Cal-Signature-256` is the hex HMAC-SHA256 of the raw body under the secret.
void verifyCalcomSignature(std::string_view secret, const std::optional<std::string>& header,
                           std::string_view body);

// Calendly: `Calendly-Webhook-Signature: t=SECONDS,v1=HEX`, the hex HMAC-SHA256 of
// "SECONDS.BODY" under the signing key; `t` within kCalendlyTolerance of `nowSeconds`, so a
// captured request cannot be played again later.
void verifyCalendlySignature(std::string_view secret, const std::optional<std::string>& header,
                             std::string_view body, std::int64_t nowSeconds);

// The headers a calendar would send for `body`, signed with `secret` (tests and the docs'
// examples sign with these).
std::string calcomSignature(std::string_view secret, std::string_view body);
std::string calendlySignature(std::string_view secret, std::string_view body,
                              std::int64_t timestampSeconds);

}  // namespace lodestone::outreach::calendar
