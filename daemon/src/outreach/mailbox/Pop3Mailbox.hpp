#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "outreach/mailbox/MailboxFinding.hpp"

namespace lodestone::outreach {

// Where the reply-to mailbox is and how to log in (the `mailbox:` config section).
struct MailboxSettings {
    std::string host;
    int port = 110;
    // How the connection is secured: not at all, by STLS after the greeting (RFC 2595, usually
    // port 110), or TLS from the first byte (usually port 995).
    enum class Tls { None, StartTls, Implicit } tls = Tls::None;
    std::string username;
    std::string password;
    std::chrono::milliseconds timeout{30000};  // for connecting, and for each read and write
    // PEM file of the CAs to trust instead of the system's; the server's certificate is always
    // verified, and its name (or IP address) must match `host`.
    std::optional<std::string> caFile;
    // A larger message is skipped (reported, never downloaded): replies and bounces are small,
    // and the whole message is held in memory to be read.
    std::size_t maxMessageBytes = 16 * 1024 * 1024;
};

// The mailbox could not be read. Says the server (host:port), the stage that failed and what
// the server answered, with what to check; never the password.
class MailboxError : public std::runtime_error {
  public:
    enum class Stage { Settings, Connect, Tls, Greeting, StartTls, Login, List, Uidl, Retrieve };

    MailboxError(Stage stage, std::string server, const std::string& problem);
    Stage stage() const { return stage_; }
    const std::string& server() const { return server_; }

  private:
    Stage stage_;
    std::string server_;
};
const char* stageName(MailboxError::Stage stage);  // "connect", "TLS", "login", ...

// What one poll did, for the poller's log.
struct MailboxPoll {
    std::size_t listed = 0;   // messages in the mailbox
    std::size_t handled = 0;  // handed to `handle`
    std::size_t skipped = 0;  // reported to `skipped`
};

// The reply-to mailbox, read over POP3 without deleting anything: the mailbox stays as it is for
// the people who read it too, and the caller remembers which messages it has handled by their
// UIDL (RFC 1939: unique and stable for as long as a message stays in the mailbox).
class Pop3Mailbox {
  public:
    using SeenCheck = std::function<bool(const std::string& uid)>;
    using FindingHandler = std::function<void(const std::string& uid, const MailboxFinding&)>;
    using SkipHandler = std::function<void(const std::string& uid, const std::string& problem)>;

    // Checks the settings and sets up TLS (the CA file is read here). Throws MailboxError
    // (Settings, Tls) naming what to fix.
    explicit Pop3Mailbox(MailboxSettings settings);
    ~Pop3Mailbox();
    Pop3Mailbox(const Pop3Mailbox&) = delete;
    Pop3Mailbox& operator=(const Pop3Mailbox&) = delete;

    // One POP3 session: logs in, lists the messages, asks `seen` about each by its UIDL,
    // downloads those not seen, hands each to `handle` with what it says, and QUITs. Messages
    // are handled in mailbox order; `handle` returning is when one counts as handled.
    //
    // A message the server will not give (it answers -ERR, e.g. another client deleted it
    // meanwhile) or that is larger than maxMessageBytes is skipped and reported to `skipped`
    // (its uid, or "" when even its UIDL failed), and the poll goes on. Throws MailboxError when
    // the server cannot be reached or secured, refuses the login, cannot list or has no UIDL,
    // or the connection fails midway (a session cut off mid-message cannot be resumed).
    // Exceptions from the callbacks pass through, ending the session.
    MailboxPoll poll(const SeenCheck& seen, const FindingHandler& handle,
                     const SkipHandler& skipped = {}) const;

    const MailboxSettings& settings() const { return settings_; }

  private:
    struct Tls;
    MailboxSettings settings_;
    std::unique_ptr<Tls> tls_;  // the TLS context, when settings_.tls is not None
};

}  // namespace lodestone::outreach
