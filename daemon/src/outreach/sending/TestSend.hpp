#pragma once

#include <chrono>
#include <string>

#include "outreach/sending/EmailPreview.hpp"
#include "outreach/sending/OutgoingEmail.hpp"
#include "plugins/PluginInstance.hpp"

// A preview sent as a test message (`lodestonectl campaign test-send`, the dashboard's "Send a
// test" button; docs/outreach.md, Previews and test messages): through the same mailer plugin as
// the campaign's emails, but outside the send queue, so no cap, sending day, email record,
// prospect or counter is touched.
namespace lodestone::outreach {

// The preview's message addressed to `to` instead of the prospect: "[test] " before its subject
// and a Message-ID of its own (`<test-…@sender.domain>`), which no email record has, so a reply
// to or a bounce of the test never reaches the prospect's sequence. Its links stay the
// prospect's. Throws std::invalid_argument when `to` breaks the email rule.
OutgoingEmail testEmail(const EmailPreview& preview, const std::string& to);

// Hands `email` to `mailer` and waits up to `timeout` (pipeline.mailer.timeout) for its answer.
// Throws std::runtime_error naming what went wrong when the mailer fails or refuses the message.
MailerAnswer sendTestEmail(const plugins::PluginInstance& mailer, const OutgoingEmail& email,
                           std::chrono::milliseconds timeout);

}  // namespace lodestone::outreach
