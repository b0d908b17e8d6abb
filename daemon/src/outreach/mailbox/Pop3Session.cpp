#include "outreach/mailbox/Pop3Session.hpp"

#include <Poco/Exception.h>
#include <Poco/Net/DialogSocket.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/NetSSL.h>
#include <Poco/Net/SSLException.h>
#include <Poco/Net/SecureStreamSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <ostream>
#include <sstream>
#include <streambuf>

#include "outreach/mailbox/HeaderWords.hpp"

namespace lodestone::outreach::pop3 {
namespace {

using Stage = MailboxError::Stage;

Poco::Timespan timespanOf(std::chrono::milliseconds duration) {
    return Poco::Timespan(static_cast<Poco::Timespan::TimeDiff>(duration.count()) * 1000);
}

bool isPositive(const std::string& reply) {
    return reply.starts_with("+OK");
}

// The server's answer in a POP3Exception, which Poco words as "<what failed>: <answer>".
std::string replyIn(const Poco::Exception& e) {
    const std::string& message = e.message();
    std::size_t colon = message.find(": ");
    return colon == std::string::npos ? std::string() : message.substr(colon + 2);
}

// Keeps the first `cap` bytes written to it and counts the rest, so a message larger than the
// cap is still read to its end (the session stays in step) without being held.
class CappedText : public std::streambuf {
  public:
    explicit CappedText(std::size_t cap) : cap_(cap) {}
    RetrievedMessage take() { return {std::move(text_), size_}; }

  protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        char byte = traits_type::to_char_type(c);
        xsputn(&byte, 1);
        return c;
    }
    std::streamsize xsputn(const char* bytes, std::streamsize count) override {
        auto n = static_cast<std::size_t>(count);
        size_ += n;
        if (text_.size() < cap_) text_.append(bytes, std::min(n, cap_ - text_.size()));
        return count;
    }

  private:
    std::size_t cap_;
    std::string text_;
    std::size_t size_ = 0;
};

}  // namespace

Poco::Net::Context::Ptr clientContext(const MailboxSettings& settings) {
    try {
        Poco::Net::initializeSSL();
        Poco::Net::Context::Params params;
        // STRICT, not RELAXED: for a client OpenSSL treats them alike, but with RELAXED Poco
        // skips the name check for any name that resolves to a loopback address.
        params.verificationMode = Poco::Net::Context::VERIFY_STRICT;
        params.loadDefaultCAs = !settings.caFile;
        if (settings.caFile) params.caLocation = *settings.caFile;
        params.cipherList = "DEFAULT";  // OpenSSL's (and Debian's) maintained default
        Poco::Net::Context::Ptr context =
            new Poco::Net::Context(Poco::Net::Context::TLS_CLIENT_USE, params);
        context->requireMinimumProtocol(Poco::Net::Context::PROTO_TLSV1_2);
        context->enableExtendedCertificateVerification(true);  // the host name check
        // Poco's verify callback hands a failed chain to SSLManager's process-wide handlers,
        // any of which may accept it; without a callback OpenSSL's verdict is final.
        SSL_CTX_set_verify(context->sslContext(), SSL_VERIFY_PEER, nullptr);
        return context;
    } catch (const Poco::Exception& e) {
        const std::string server = settings.host + ":" + std::to_string(settings.port);
        std::string problem = "cannot set up TLS: " + e.displayText();
        if (settings.caFile)
            problem += "; check that the CA file " + *settings.caFile +
                       " exists and holds PEM certificates";
        throw MailboxError(Stage::Tls, server, problem);
    }
}

Pop3Session::Pop3Session(const MailboxSettings& settings, Poco::Net::Context::Ptr tls)
    : settings_(settings),
      tls_(std::move(tls)),
      server_(settings.host + ":" + std::to_string(settings.port)) {
    connect();
    session_.emplace(socket_);
    session_->setTimeout(timespanOf(settings_.timeout));
    logIn();
}

Pop3Session::~Pop3Session() {
    if (quit_) return;
    try {
        socket_.close();  // the session's own QUIT, on destruction, then fails at once
    } catch (...) {
    }
}

template <typename Step>
auto Pop3Session::during(Stage stage, Step step) {
    try {
        return step();
    } catch (const MailboxError&) {
        throw;
    } catch (const Poco::TimeoutException&) {
        fail(stage, "no answer within " + std::to_string(settings_.timeout.count()) +
                        " ms; check that mailbox.host and mailbox.port name a POP3 server, and "
                        "mailbox.tls how it is secured (an implicit TLS port waits for a "
                        "handshake)");
    } catch (const Poco::Exception& e) {
        fail(stage, e.displayText());
    }
}

void Pop3Session::fail(Stage stage, const std::string& problem) const {
    throw MailboxError(stage, server_, problem);
}

std::string Pop3Session::quoted(const std::string& reply) const {
    if (reply.empty()) return "no answer (the server closed the connection)";
    std::string masked = reply;
    // A server has no business repeating the password, but if one does it stays out of logs.
    if (!settings_.password.empty()) {
        for (std::size_t at = masked.find(settings_.password); at != std::string::npos;
             at = masked.find(settings_.password, at + 3)) {
            masked.replace(at, settings_.password.size(), "***");
        }
    }
    return "\"" + mime::oneLine(masked, 200) + "\"";
}

void Pop3Session::connect() {
    Poco::Net::StreamSocket plain;
    try {
        const auto port = static_cast<Poco::UInt16>(settings_.port);  // checked: 1-65535
        plain.connect(Poco::Net::SocketAddress(settings_.host, port),
                      timespanOf(settings_.timeout));
        plain.setReceiveTimeout(timespanOf(settings_.timeout));
        plain.setSendTimeout(timespanOf(settings_.timeout));
    } catch (const Poco::Exception& e) {
        fail(Stage::Connect, "cannot connect: " + e.displayText() +
                                 "; check mailbox.host and mailbox.port, and that the server "
                                 "takes connections from this machine");
    }
    socket_ = plain;
    if (settings_.tls == MailboxSettings::Tls::Implicit) secure(plain);
    greet();
    if (settings_.tls == MailboxSettings::Tls::StartTls) startTls(plain);
}

void Pop3Session::secure(const Poco::Net::StreamSocket& plain) {
    try {
        // The handshake happens here, the certificate and its name checked before any byte of
        // POP3 (and so before the password) goes out.
        socket_ = Poco::Net::SecureStreamSocket::attach(plain, settings_.host, tls_);
    } catch (const Poco::Net::CertificateValidationException& e) {
        // The chain was good (OpenSSL's verdict comes as an SSLException): the name is not.
        fail(Stage::Tls, "the server's certificate does not name " + settings_.host + " (" +
                             e.displayText() + "); set mailbox.host to a name it holds");
    } catch (const Poco::Exception& e) {
        std::string hint =
            settings_.caFile
                ? "; the server's certificate must be signed by a CA in " + *settings_.caFile
                : "; the server's certificate must be signed by a CA this "
                  "machine trusts (or give the CA file that has its CA)";
        if (settings_.tls == MailboxSettings::Tls::Implicit) {
            hint += "; implicit TLS is usually port 995 (110 with tls: starttls)";
        }
        fail(Stage::Tls, "TLS handshake failed: " + e.displayText() + hint);
    }
}

void Pop3Session::greet() {
    std::string greeting;
    during(Stage::Greeting, [&] {
        Poco::Net::DialogSocket dialog(socket_);
        return dialog.receiveMessage(greeting);
    });
    if (!isPositive(greeting)) {
        fail(Stage::Greeting, "the server did not greet as a POP3 server: " + quoted(greeting) +
                                  "; check mailbox.port (POP3 is 110, or 995 with implicit TLS)");
    }
}

void Pop3Session::startTls(const Poco::Net::StreamSocket& plain) {
    std::string reply;
    during(Stage::StartTls, [&] {
        // A DialogSocket of our own for the one exchange: the server sends nothing more until
        // the handshake, so nothing is left in its buffer when TLS takes over the socket.
        Poco::Net::DialogSocket dialog(socket_);
        dialog.sendMessage("STLS");
        return dialog.receiveMessage(reply);
    });
    if (!isPositive(reply)) {
        fail(Stage::StartTls, "the server refused STLS: " + quoted(reply) +
                                  "; it may not offer STARTTLS on this port: try tls: implicit "
                                  "(usually port 995)");
    }
    secure(plain);
}

void Pop3Session::logIn() {
    std::string reply;
    bool accepted = during(
        Stage::Login, [&] { return session_->sendCommand("USER", settings_.username, reply); });
    if (!accepted) {
        fail(Stage::Login, "the server refused user \"" + settings_.username +
                               "\": " + quoted(reply) +
                               "; check mailbox.username (and mailbox.tls: servers often refuse "
                               "passwords over connections without TLS)");
    }
    accepted = during(Stage::Login,
                      [&] { return session_->sendCommand("PASS", settings_.password, reply); });
    if (!accepted) {
        fail(Stage::Login, "the server refused the password for user \"" + settings_.username +
                               "\": " + quoted(reply) +
                               "; check mailbox.username and mailbox.password");
    }
}

std::vector<Poco::Net::POP3ClientSession::MessageInfo> Pop3Session::list() {
    std::vector<Poco::Net::POP3ClientSession::MessageInfo> messages;
    during(Stage::List, [&] { session_->listMessages(messages); });
    return messages;
}

std::optional<std::string> Pop3Session::uid(int id, std::string& refusal) {
    std::string reply;
    bool ok = during(Stage::Uidl,
                     [&] { return session_->sendCommand("UIDL", std::to_string(id), reply); });
    if (!ok) {
        if (reply.empty()) fail(Stage::Uidl, quoted(reply));
        refusal = quoted(reply);
        return std::nullopt;
    }
    // "+OK <id> <uid>": the uid is 1 to 70 printable characters (RFC 1939, 7).
    std::istringstream words(reply.substr(3));
    std::string number, uid;
    words >> number >> uid;
    bool printable = !uid.empty() && uid.size() <= 70 &&
                     std::all_of(uid.begin(), uid.end(), [](char c) { return c > 32 && c < 127; });
    if (number != std::to_string(id) || !printable) {
        refusal =
            "an answer that is not \"+OK " + std::to_string(id) + " <uid>\": " + quoted(reply);
        return std::nullopt;
    }
    return uid;
}

std::optional<RetrievedMessage> Pop3Session::retrieve(int id, std::size_t maxBytes,
                                                      std::string& refusal) {
    CappedText text(maxBytes);
    std::ostream out(&text);
    bool refused = false;
    during(Stage::Retrieve, [&] {
        try {
            session_->retrieveMessage(id, out);
        } catch (const Poco::Net::POP3Exception& e) {
            // The server answered -ERR, or nothing at all: the NOOP below tells them apart.
            refused = true;
            refusal = quoted(replyIn(e));
        }
    });
    std::string reply;
    if (!during(Stage::Retrieve, [&] { return session_->sendCommand("NOOP", reply); })) {
        fail(Stage::Retrieve,
             "the connection failed at message " + std::to_string(id) + ": " + quoted(reply));
    }
    if (refused) return std::nullopt;
    return text.take();
}

void Pop3Session::quit() {
    quit_ = true;
    try {
        session_->close();
    } catch (...) {
    }
}

}  // namespace lodestone::outreach::pop3
