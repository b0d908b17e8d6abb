// The smtp mailer plugin: one run sends one message to one recipient through the configured
// SMTP server (a relay or the operator's mail provider) and reports the server's verdict.
//
// The daemon decides what a verdict means (docs/plugins.md, "Mailer plugins"): a refusal is a
// normal result here, with the stage and reply the daemon needs to tell a hard bounce from a
// temporary one; only a conversation that produced no verdict fails the run.
#include <Poco/JSON/Object.h>

#include <lodestone/plugin.hpp>
#include <sstream>

#include "MimeWriter.hpp"
#include "OutgoingMessage.hpp"
#include "SmtpConfig.hpp"
#include "SmtpConversation.hpp"
#include "Text.hpp"

namespace {

using namespace lodestone::mailer_smtp;

// How much of a server's reply the output quotes.
constexpr std::size_t kReplyBytes = 512;

std::string stringify(const Poco::JSON::Object& object) {
    std::ostringstream text;
    object.stringify(text);
    return text.str();
}

}  // namespace

class SmtpMailerPlugin {
  public:
    static constexpr const char* name = "smtp";
    static constexpr lodestone_plugin_kind kind = LODESTONE_PLUGIN_MAILER;
    static constexpr const char* version = "1.0.0";
    static constexpr const char* description =
        "Sends each message through an SMTP server (STARTTLS or implicit TLS, AUTH PLAIN/LOGIN) "
        "and reports whether the server accepted or refused it.";
    static constexpr lodestone_config_key configKeys[] = {
        lodestone::requiredKey("host", LODESTONE_CONFIG_STRING,
                               "SMTP server to send through: a host name or IP address."),
        lodestone::optionalKey("port", LODESTONE_CONFIG_INTEGER, "587",
                               "Its port: 587 for submission with STARTTLS, 465 for implicit "
                               "TLS, 25 for relaying.",
                               {"1", "65535"}),
        lodestone::optionalKey("tls", LODESTONE_CONFIG_STRING, "starttls",
                               "starttls (required, not opportunistic), implicit (TLS from the "
                               "first byte) or none (plain text)."),
        lodestone::optionalKey("username", LODESTONE_CONFIG_STRING, "",
                               "Log in with AUTH PLAIN (or LOGIN) as this user; empty: no AUTH."),
        lodestone::optionalKey("password", LODESTONE_CONFIG_STRING, "",
                               "The user's password; write ${ENV_VAR}. Never logged."),
        lodestone::optionalKey("timeout", LODESTONE_CONFIG_DURATION, "30s",
                               "The whole conversation, connect to QUIT, at most this long.",
                               {"1ms", "1h"}),
        lodestone::optionalKey("helo_name", LODESTONE_CONFIG_STRING, "",
                               "Name sent with EHLO; empty: this machine's host name."),
        lodestone::optionalKey("ca_file", LODESTONE_CONFIG_STRING, "",
                               "PEM file of CA certificates to trust instead of the system's "
                               "store; the certificate is always verified against host."),
    };

    explicit SmtpMailerPlugin(lodestone::Host host) : host_(host) {}

    void configure(const std::string& configJson) { config_ = parseConfig(configJson, host_); }

    std::string run(lodestone::RunContext& context, const std::string& inputJson) const {
        const OutgoingMessage message = parseMessage(inputJson);
        const std::string data = renderMessage(message, dateHeaderNow(), newBoundary());
        context.throwIfCancelled();
        context.progress(10, "connecting to " + config_.endpoint());

        const SendResult result =
            deliver(config_, message.from.address, message.to.address, data, context);
        const std::string reply = printableReply(result.reply.text, kReplyBytes);
        Poco::JSON::Object output(Poco::JSON_PRESERVE_KEY_ORDER);
        output.set("accepted", result.accepted);
        if (!result.accepted) {
            output.set("permanent", result.reply.code / 100 == 5);
            output.set("stage", std::string(stageName(result.stage)));
        }
        output.set("code", result.reply.code);
        output.set("reply", reply);
        output.set("messageId", message.messageId);
        host_.debug(message.messageId + (result.accepted ? " accepted by " : " refused by ") +
                    config_.endpoint() +
                    (result.accepted ? "" : " at " + std::string(stageName(result.stage))) + ": " +
                    reply);
        context.progress(100, result.accepted ? "accepted" : "refused");
        return stringify(output);
    }

  private:
    lodestone::Host host_;
    SmtpConfig config_;
};

LODESTONE_PLUGIN(SmtpMailerPlugin);
