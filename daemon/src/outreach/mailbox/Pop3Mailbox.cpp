#include "outreach/mailbox/Pop3Mailbox.hpp"

#include <algorithm>

#include "outreach/mailbox/Pop3Session.hpp"

namespace lodestone::outreach {
namespace {

using Stage = MailboxError::Stage;

bool hasLineBreakOrNul(const std::string& text) {
    return text.find_first_of(std::string("\r\n\0", 3)) != std::string::npos;
}

// What is wrong with `settings`, as the sentence of an error; empty when nothing is.
std::string settingsProblem(const MailboxSettings& settings) {
    const std::string& host = settings.host;
    if (host.empty()) return "mailbox.host is empty: name the POP3 server";
    if (std::any_of(host.begin(), host.end(), [](char c) { return c <= ' ' || c == 127; })) {
        return "mailbox.host holds a blank or control character";
    }
    if (settings.port < 1 || settings.port > 65535) {
        return "mailbox.port " + std::to_string(settings.port) +
               " is not a TCP port (1-65535; POP3 is 110, or 995 with implicit TLS)";
    }
    if (settings.username.empty()) return "mailbox.username is empty";
    // Both go out as arguments of a command line: a line break would end it and start another.
    if (hasLineBreakOrNul(settings.username)) return "mailbox.username holds a line break";
    if (hasLineBreakOrNul(settings.password)) return "mailbox.password holds a line break";
    if (settings.timeout.count() <= 0) return "the mailbox timeout must be positive";
    if (settings.maxMessageBytes == 0) return "the mailbox's message size limit must be positive";
    return {};
}

}  // namespace

MailboxError::MailboxError(Stage stage, std::string server, const std::string& problem)
    : std::runtime_error("POP3 mailbox " + server + " (" + stageName(stage) + "): " + problem),
      stage_(stage),
      server_(std::move(server)) {}

const char* stageName(MailboxError::Stage stage) {
    switch (stage) {
        case Stage::Settings:
            return "settings";
        case Stage::Connect:
            return "connect";
        case Stage::Tls:
            return "TLS";
        case Stage::Greeting:
            return "greeting";
        case Stage::StartTls:
            return "STLS";
        case Stage::Login:
            return "login";
        case Stage::List:
            return "LIST";
        case Stage::Uidl:
            return "UIDL";
        case Stage::Retrieve:
            return "RETR";
    }
    return "unknown";
}

struct Pop3Mailbox::Tls {
    Poco::Net::Context::Ptr context;
};

Pop3Mailbox::Pop3Mailbox(MailboxSettings settings) : settings_(std::move(settings)) {
    if (std::string problem = settingsProblem(settings_); !problem.empty()) {
        throw MailboxError(Stage::Settings, settings_.host + ":" + std::to_string(settings_.port),
                           problem);
    }
    if (settings_.tls != MailboxSettings::Tls::None) {
        tls_ = std::make_unique<Tls>(Tls{pop3::clientContext(settings_)});
    }
}

Pop3Mailbox::~Pop3Mailbox() = default;

MailboxPoll Pop3Mailbox::poll(const SeenCheck& seen, const FindingHandler& handle,
                              const SkipHandler& skipped) const {
    MailboxPoll result;
    auto skip = [&](const std::string& uid, const std::string& problem) {
        ++result.skipped;
        if (skipped) skipped(uid, problem);
    };
    pop3::Pop3Session session(settings_, tls_ ? tls_->context : Poco::Net::Context::Ptr());
    const auto messages = session.list();
    result.listed = messages.size();
    bool anyUid = false;
    for (const auto& message : messages) {
        const std::string number = "message " + std::to_string(message.id);
        std::string refusal;
        std::optional<std::string> uid = session.uid(message.id, refusal);
        if (!uid) {
            // Refused for the first message asked: the server has no UIDL, without which
            // nothing can be remembered short of deleting it.
            if (!anyUid) {
                throw MailboxError(Stage::Uidl,
                                   settings_.host + ":" + std::to_string(settings_.port),
                                   "the server answered UIDL with " + refusal +
                                       "; the mailbox needs a POP3 server with UIDL (RFC 1939) "
                                       "to remember which messages it has read");
            }
            skip("", number + ": the server answered UIDL with " + refusal);
            continue;
        }
        anyUid = true;
        if (seen(*uid)) continue;
        if (message.size > 0 &&
            static_cast<std::size_t>(message.size) > settings_.maxMessageBytes) {
            skip(*uid, number + " has " + std::to_string(message.size) + " bytes, more than the " +
                           std::to_string(settings_.maxMessageBytes) +
                           " a mailbox message may have");
            continue;
        }
        std::optional<pop3::RetrievedMessage> retrieved =
            session.retrieve(message.id, settings_.maxMessageBytes, refusal);
        if (!retrieved) {
            skip(*uid, number + ": the server answered RETR with " + refusal);
            continue;
        }
        if (!retrieved->complete()) {
            // LIST sizes may be estimates (RFC 1939, 11), so the download checks again.
            skip(*uid, number + " has " + std::to_string(retrieved->size) +
                           " bytes, more than the " + std::to_string(settings_.maxMessageBytes) +
                           " a mailbox message may have");
            continue;
        }
        handle(*uid, readMailboxMessage(retrieved->text));
        ++result.handled;
    }
    session.quit();
    return result;
}

}  // namespace lodestone::outreach
