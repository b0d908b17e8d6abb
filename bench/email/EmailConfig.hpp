#pragma once

#include <cstdint>
#include <string>

#include "bench/email/EmailOptions.hpp"

namespace lodestone::bench::email {

// The campaign every run adds its leads to.
inline const std::string kCampaign = "Bench";
// The sequence's sender; its domain ends every Message-ID.
inline const std::string kSender = "ada@acme.example";

// What the daemon is started for: to send (with pipeline.mailer.concurrency `concurrency`), or,
// while a backlog is prepared, only to add and qualify prospects, whose emails then wait.
enum class Mailer { Sending, None };

// The daemon's config: an ephemeral port, the no-op research plugin, mailer-smtp to the SMTP
// server on 127.0.0.1:`smtpPort` without TLS, and the campaign with a sequence of --steps emails
// that may go at any time, as fast as they can.
std::string configYaml(const Options& options, std::uint16_t smtpPort, Mailer mailer,
                       int concurrency);

}  // namespace lodestone::bench::email
