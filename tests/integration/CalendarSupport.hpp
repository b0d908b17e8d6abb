#pragma once

#include <cstdint>
#include <string>

#include "support/Daemon.hpp"

// Bookings as Cal.com reports them, for tests that post them to lodestoned's calendar hooks
// (docs/calendars.md): the provider fixtures of tests/unit/outreach/calendar, and their
// signatures made with OpenSSL, independently of the daemon's own code.
namespace lodestone::test {

// The booking token the fixtures carry (Cal.com's payload.metadata.lodestone, Calendly's
// utm_content): a test replaces it with its prospect's.
inline constexpr const char* kFixtureToken = "FIXTURETOKEN0000000000000000001";

// The fixture file `name` as it is (a test failure when it is missing or empty).
std::string calendarFixture(const std::string& name);

// `text` with every `from` replaced by `to`.
std::string replacedAll(std::string text, const std::string& from, const std::string& to);

// The lowercase hex HMAC-SHA256 of `message` under `key`, as Cal.com and Calendly sign.
std::string hexHmacSha256(const std::string& key, const std::string& message);

// POST /hooks/calcom/{campaignId} of `payload` as Cal.com sends it, signed with `secret` (the
// campaign's intake secret).
HttpReply postCalcomReport(std::uint16_t port, const std::string& campaignId,
                           const std::string& secret, const std::string& payload);

}  // namespace lodestone::test
