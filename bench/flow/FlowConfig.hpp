#pragma once

#include <cstdint>
#include <string>

#include "bench/flow/FlowOptions.hpp"

namespace lodestone::bench::flow {

// The campaign every run adds its leads to, and the project its prospects' lead magnets are made
// in.
inline const std::string kCampaign = "Bench";
inline const std::string kProject = "Magnets";

// The daemon's config: an ephemeral port; the no-op research plugin and the shipped
// content-template plugin; mailer-smtp to the SMTP server on 127.0.0.1:`smtpPort` without TLS;
// one organisation with credits for every prospect's job and lead magnet, the project, and the
// campaign naming it, with a one-step sequence that links to the prospect's lead magnet and may
// go at any time, as fast as it can.
std::string configYaml(const Options& options, std::uint16_t smtpPort);

}  // namespace lodestone::bench::flow
