// One message to one recipient, as one SMTP conversation: connect (TLS at once for implicit),
// greeting, EHLO, STARTTLS and EHLO again, AUTH, MAIL FROM, RCPT TO, DATA, the message, QUIT.
//
// Poco's SMTPClientSession carries the dialogue (reply parsing, multi-line replies), and
// MailOutputStream dot-stuffs the message; the commands are driven here one by one, so a
// refusal says which command it answered. Poco's own helpers are not used where they lose
// that: login() re-sends EHLO and folds every refusal into one exception, startTLS() drops the
// server's reply, its AUTH PLAIN omits the empty authorisation identity RFC 4616 requires, and
// its AUTH LOGIN silently skips the exchange when the server's prompt is not "Username:".
#pragma once

#include <lodestone/plugin.hpp>
#include <stdexcept>
#include <string>

#include "SmtpConfig.hpp"

namespace lodestone::mailer_smtp {

// Where in the conversation the server answered.
enum class Stage { Greeting, Ehlo, StartTls, Auth, Mail, Rcpt, Data };

// As the run output names it: "greeting", "EHLO", "STARTTLS", "AUTH", "MAIL", "RCPT", "DATA".
const char* stageName(Stage stage);

struct SmtpReply {
    int code = 0;
    std::string text;  // as received: the code and every line of the reply, joined by "\n"
};

// The server's verdict: accepted (stage DATA, 2xx) or refused with a 4xx or 5xx reply.
struct SendResult {
    bool accepted = false;
    Stage stage = Stage::Greeting;
    SmtpReply reply;
};

// No verdict at all: the server could not be reached, TLS failed, time ran out, the connection
// dropped, or the server answered something SMTP does not allow there. The message names the
// server (host:port), what was going on and why. The run fails and may be retried.
class DeliveryError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Runs the conversation within `config.timeout` and the run's deadline, whichever ends first.
// Throws DeliveryError, or lodestone::Cancelled once the host cancels the run.
SendResult deliver(const SmtpConfig& config, const std::string& mailFrom, const std::string& rcptTo,
                   const std::string& data, const lodestone::RunContext& context);

}  // namespace lodestone::mailer_smtp
