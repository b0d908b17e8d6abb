#pragma once

#include <Poco/Net/Context.h>
#include <Poco/Net/POP3ClientSession.h>
#include <Poco/Net/StreamSocket.h>

#include <optional>
#include <string>
#include <vector>

#include "outreach/mailbox/Pop3Mailbox.hpp"

// The POP3 conversation under Pop3Mailbox: Poco's POP3ClientSession for the commands, with the
// connection, TLS, greeting and login done here, since the session cannot start TLS itself (its
// DialogSocket is private) and its login() insists on reading a greeting, which after STLS
// (RFC 2595) the server does not send again.
namespace lodestone::outreach::pop3 {

// The TLS client context for `settings`: TLS 1.2 or later, the peer's certificate chain
// verified against the system's CAs or those of caFile, its name checked against the host.
// Throws MailboxError (Tls) when the CA file cannot be read.
Poco::Net::Context::Ptr clientContext(const MailboxSettings& settings);

// One message as RETR gave it: whole, or its first `maxBytes` when it was larger.
struct RetrievedMessage {
    std::string text;
    std::size_t size = 0;  // as received, all of it
    bool complete() const { return text.size() == size; }
};

// A session in the TRANSACTION state (RFC 1939): connected, secured as the settings say, and
// logged in. Every failure of the connection is a MailboxError naming the stage.
class Pop3Session {
  public:
    // Throws MailboxError (Connect, Tls, Greeting, StartTls, Login).
    Pop3Session(const MailboxSettings& settings, Poco::Net::Context::Ptr tls);
    // Without quit(), closes the connection without QUIT: after a failure the server may not
    // answer, and waiting for it would only delay the error.
    ~Pop3Session();
    Pop3Session(const Pop3Session&) = delete;
    Pop3Session& operator=(const Pop3Session&) = delete;

    std::vector<Poco::Net::POP3ClientSession::MessageInfo> list();
    // The message's unique id (UIDL), or nullopt with the server's answer in `refusal`.
    std::optional<std::string> uid(int id, std::string& refusal);
    // The message (RETR), or nullopt with the server's answer in `refusal`. Returns only once the
    // server has answered a NOOP after it: a connection that closes mid-message ends the copy as
    // if the message were over, and only the next answer shows it was not.
    std::optional<RetrievedMessage> retrieve(int id, std::size_t maxBytes, std::string& refusal);
    // QUIT. A failure is ignored: nothing is deleted, so nothing waits on the UPDATE state.
    void quit();

  private:
    template <typename Step>
    auto during(MailboxError::Stage stage, Step step);
    [[noreturn]] void fail(MailboxError::Stage stage, const std::string& problem) const;
    std::string quoted(const std::string& reply) const;  // one line, the password masked
    void connect();
    void secure(const Poco::Net::StreamSocket& plain);
    void greet();
    void startTls(const Poco::Net::StreamSocket& plain);
    void logIn();

    const MailboxSettings& settings_;
    Poco::Net::Context::Ptr tls_;
    std::string server_;  // host:port, for messages
    Poco::Net::StreamSocket socket_;
    std::optional<Poco::Net::POP3ClientSession> session_;
    bool quit_ = false;
};

}  // namespace lodestone::outreach::pop3
