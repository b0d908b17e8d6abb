// The message as it goes out after DATA: RFC 5322 headers and a MIME body, CRLF line ends,
// 7-bit clean. Dot-stuffing is the transport's (Poco's MailOutputStream), not done here.
#pragma once

#include <string>

#include "OutgoingMessage.hpp"

namespace lodestone::mailer_smtp {

// text only: one text/plain part; with html: multipart/alternative, the text first (the part a
// reader shows last is the preferred one). `date` is the Date header's value and `boundary` the
// multipart boundary, passed in so the output is testable; newBoundary() makes one.
std::string renderMessage(const OutgoingMessage& message, const std::string& date,
                          const std::string& boundary);

// The Date header's value for now, RFC 5322: "Tue, 02 Jun 2026 09:30:00 +0000".
std::string dateHeaderNow();

// "=_lodestone_" and 24 random hex digits: "=_" never occurs in quoted-printable or base64,
// and renderMessage checks the 7bit parts.
std::string newBoundary();

}  // namespace lodestone::mailer_smtp
