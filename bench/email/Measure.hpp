#pragma once

#include "bench/email/EmailOptions.hpp"
#include "bench/email/EmailResults.hpp"

namespace lodestone::bench::email {

// One measurement on a fresh SMTP server, run directory and database:
//
//  - end to end: the daemon, with the mailer at `concurrency`, is started; --prospects leads
//    are added to the campaign; it researches, qualifies and sends at once, until every
//    prospect has had its whole sequence;
//  - backlog: a daemon without a mailer adds and qualifies the prospects (their first emails
//    are scheduled and wait), and is stopped; a fresh daemon with the mailer then sends them all.
//
// The daemon is stopped with SIGTERM in either case; so is the SMTP server.
Measurement measure(const Options& options, Mode mode, int concurrency, int round);

}  // namespace lodestone::bench::email
