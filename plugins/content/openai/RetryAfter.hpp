// How long to wait before asking a busy server again (429, 5xx): what its Retry-After header
// says (delay-seconds or an HTTP-date, RFC 9110 10.2.3), else an exponential back-off.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace lodestone::content_openai {

// The wait a Retry-After value asks for, counted from `nowEpochMs`; a date in the past is no
// wait. Nothing when the value is neither form (the header is then ignored).
std::optional<std::chrono::milliseconds> retryAfter(const std::string& value,
                                                    std::int64_t nowEpochMs);

// The wait before retry `retry` (1 for the first) when the server names none: 500 ms, doubling,
// at most 8 s.
std::chrono::milliseconds backoff(int retry);

}  // namespace lodestone::content_openai
