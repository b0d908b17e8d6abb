#include "SmtpConversation.hpp"

#include <Poco/Net/DialogSocket.h>
#include <Poco/Net/MailStream.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/SecureSMTPClientSession.h>
#include <Poco/Net/SecureStreamSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/SocketStream.h>
#include <Poco/String.h>
#include <Poco/StringTokenizer.h>

#include <algorithm>
#include <optional>
#include <set>

#include "MimeEncoding.hpp"
#include "Text.hpp"
#include "Watchdog.hpp"

namespace lodestone::mailer_smtp {
namespace {

// How long QUIT may take: the verdict is in by then, so the time left is not worth waiting out.
constexpr std::int64_t kQuitMs = 2000;

// The dialogue socket is protected in Poco's session; the conversation needs it to read the
// greeting and the reply after the message, and to swap it for TLS after STARTTLS.
class Session : public Poco::Net::SecureSMTPClientSession {
  public:
    explicit Session(const Poco::Net::StreamSocket& socket) : SecureSMTPClientSession(socket) {}
    Poco::Net::DialogSocket& dialog() { return socket(); }
};

// A 4xx or 5xx reply: thrown to the end of the conversation, which QUITs and reports it.
struct Refused {
    Stage stage;
    SmtpReply reply;
};

// The mechanisms an EHLO reply offers after "AUTH" (or the old "AUTH="), upper-cased.
std::set<std::string> authMechanisms(const std::string& ehloReply) {
    std::set<std::string> mechanisms;
    Poco::StringTokenizer lines(ehloReply, "\n", Poco::StringTokenizer::TOK_TRIM);
    for (const auto& line : lines) {
        if (line.size() < 4) continue;
        Poco::StringTokenizer words(Poco::toUpper(line.substr(4)), " =",
                                    Poco::StringTokenizer::TOK_IGNORE_EMPTY);
        if (words.count() == 0 || words[0] != "AUTH") continue;
        for (std::size_t i = 1; i < words.count(); ++i) mechanisms.insert(words[i]);
    }
    return mechanisms;
}

class Conversation {
  public:
    Conversation(const SmtpConfig& config, const lodestone::RunContext& context)
        : config_(config),
          context_(context),
          startMs_(nowEpochMs()),
          endMs_(std::min(startMs_ + config.timeout.count(), context.deadline())),
          watchdog_(endMs_, [&context] { return context.cancelled(); }) {}

    SendResult run(const std::string& mailFrom, const std::string& rcptTo,
                   const std::string& data) {
        try {
            connect();
            activity_ = "waiting for the greeting";
            arm();
            SmtpReply greeting;
            greeting.code = session_->dialog().receiveStatusMessage(greeting.text);
            expect(Stage::Greeting, greeting, 2);
            hello();
            if (config_.tls == TlsMode::StartTls) {
                startTls();
                hello();
            }
            if (!config_.username.empty()) authenticate();
            context_.progress(40, "sending");
            expect(Stage::Mail, command("MAIL FROM", "MAIL FROM:<" + mailFrom + ">"), 2);
            expect(Stage::Rcpt, command("RCPT TO", "RCPT TO:<" + rcptTo + ">"), 2);
            expect(Stage::Data, command("DATA", "DATA"), 3);
            SmtpReply verdict = transmit(data);
            quit();
            return {true, Stage::Data, verdict};
        } catch (const Refused& refused) {
            quit();
            return {false, refused.stage, refused.reply};
        } catch (const Poco::TimeoutException&) {
            fail("no answer within the time left");
        } catch (const Poco::Exception& e) {
            fail(e.displayText());
        } catch (const lodestone::Cancelled&) {
            throw;
        } catch (const std::exception& e) {
            fail(e.what());
        }
    }

  private:
    void connect() {
        activity_ = "resolving the host name";
        if (context_.cancelled()) throw cancelled();
        const Poco::Net::SocketAddress address(config_.host, config_.port);
        activity_ = "connecting";
        plain_ = Poco::Net::StreamSocket(address.family());
        watchdog_.watch(plain_);
        plain_.connect(address, Poco::Timespan(msLeft() * 1000));
        plain_.setNoDelay(true);
        socket_ = plain_;
        arm();
        if (config_.tls == TlsMode::Implicit) handshake();
        session_.emplace(socket_);
    }

    // The certificate must chain to a trusted CA and name config_.host; SNI carries the host.
    void handshake() {
        activity_ = "the TLS handshake";
        arm();
        socket_ = Poco::Net::SecureStreamSocket::attach(plain_, config_.host, config_.tlsContext);
    }

    void hello() {
        SmtpReply reply = command("EHLO", "EHLO " + config_.heloName);
        // A server that does not know EHLO (RFC 821 only) may know HELO.
        if (reply.code / 100 == 5) reply = command("HELO", "HELO " + config_.heloName);
        expect(Stage::Ehlo, reply, 2);
        ehloReply_ = reply.text;
    }

    void startTls() {
        expect(Stage::StartTls, command("STARTTLS", "STARTTLS"), 2);
        handshake();
        session_->dialog() = socket_;  // drops anything read before the handshake (RFC 3207)
    }

    void authenticate() {
        const auto offered = authMechanisms(ehloReply_);
        const bool plain = offered.empty() || offered.count("PLAIN") > 0;
        if (!plain && offered.count("LOGIN") == 0) {
            std::string names;
            for (const auto& name : offered) names += " " + name;
            throw std::runtime_error("the server offers AUTH" + names +
                                     ", and mailer-smtp speaks only PLAIN and LOGIN");
        }
        // Only the command's name is ever put into a message, never what follows it.
        if (plain) {
            const std::string credentials =
                std::string(1, '\0') + config_.username + '\0' + config_.password;
            expect(Stage::Auth, command("AUTH PLAIN", "AUTH PLAIN " + base64(credentials, 0)), 2);
            return;
        }
        expect(Stage::Auth, command("AUTH LOGIN", "AUTH LOGIN"), 3);
        expect(Stage::Auth, command("AUTH LOGIN", base64(config_.username, 0)), 3);
        expect(Stage::Auth, command("AUTH LOGIN", base64(config_.password, 0)), 2);
    }

    SmtpReply transmit(const std::string& data) {
        activity_ = "sending the message";
        arm();
        Poco::Net::SocketOutputStream socketStream(session_->dialog());
        Poco::Net::MailOutputStream mailStream(socketStream);
        mailStream.write(data.data(), static_cast<std::streamsize>(data.size()));
        mailStream.close();  // the final CRLF . CRLF
        socketStream.flush();
        if (!mailStream || !socketStream) throw std::runtime_error("the connection broke");
        activity_ = "waiting for the reply to the message";
        arm();
        SmtpReply reply;
        reply.code = session_->dialog().receiveStatusMessage(reply.text);
        expect(Stage::Data, reply, 2);
        return reply;
    }

    void quit() noexcept {
        try {
            if (session_ && watchdog_.cut() == Watchdog::Cut::None && msLeft() > 0) {
                const Poco::Timespan wait(std::min(msLeft(), kQuitMs) * 1000);
                socket_.setReceiveTimeout(wait);
                socket_.setSendTimeout(wait);
                std::string reply;
                session_->sendCommand("QUIT", reply);
            }
        } catch (...) {
            // The verdict is in; a server that hangs up on QUIT changes nothing.
        }
        try {
            socket_.close();
        } catch (...) {
        }
    }

    SmtpReply command(const char* name, const std::string& line) {
        activity_ = name;
        arm();
        SmtpReply reply;
        reply.code = session_->sendCommand(line, reply.text);
        return reply;
    }

    // A reply of the class the command expects continues the conversation; 4xx and 5xx end
    // it with the server's verdict; anything else is not SMTP.
    void expect(Stage stage, const SmtpReply& reply, int expectedClass) {
        const int replyClass = reply.code / 100;
        if (replyClass == expectedClass) return;
        if (replyClass == 4 || replyClass == 5) throw Refused{stage, reply};
        if (reply.code == 0 && reply.text.empty()) {
            throw std::runtime_error("the server closed the connection");
        }
        throw std::runtime_error("not a valid SMTP reply here: \"" +
                                 printableReply(reply.text, 200) + "\"");
    }

    std::int64_t msLeft() const { return std::max<std::int64_t>(0, endMs_ - nowEpochMs()); }

    // Before each blocking step: give up if the time is up or the host gave up, else let the
    // socket wait out what is left (the watchdog cuts it off anyway).
    void arm() {
        if (context_.cancelled()) throw cancelled();
        const std::int64_t left = msLeft();
        if (left == 0) throw Poco::TimeoutException();
        const Poco::Timespan timeout(left * 1000);
        for (auto* socket : {&plain_, &socket_}) {
            if (socket->impl()->initialized()) {
                socket->setReceiveTimeout(timeout);
                socket->setSendTimeout(timeout);
            }
        }
    }

    lodestone::Cancelled cancelled() const {
        return lodestone::Cancelled("cancelled while " + activity_ + " (" + config_.endpoint() +
                                    ")");
    }

    // No verdict: say why, the watchdog's reason first (a cut connection fails with whatever
    // error the read or write it interrupted saw).
    [[noreturn]] void fail(const std::string& cause) {
        try {
            socket_.close();
        } catch (...) {
        }
        const Watchdog::Cut cut = watchdog_.cut();
        if (cut == Watchdog::Cut::Cancelled || context_.cancelled()) throw cancelled();
        if (cut == Watchdog::Cut::TimeUp || msLeft() == 0) {
            throw DeliveryError(config_.endpoint() + ": timed out after " +
                                std::to_string(nowEpochMs() - startMs_) + " ms, " + activity_);
        }
        throw DeliveryError(config_.endpoint() + ": " + activity_ + ": " + cause);
    }

    const SmtpConfig& config_;
    const lodestone::RunContext& context_;
    const std::int64_t startMs_;
    const std::int64_t endMs_;
    std::string activity_ = "starting";
    Poco::Net::StreamSocket plain_;   // the TCP connection
    Poco::Net::StreamSocket socket_;  // what the dialogue runs over: plain_ or TLS on top of it
    std::optional<Session> session_;
    std::string ehloReply_;
    Watchdog watchdog_;  // last: stops watching before the sockets go
};

}  // namespace

const char* stageName(Stage stage) {
    switch (stage) {
        case Stage::Greeting:
            return "greeting";
        case Stage::Ehlo:
            return "EHLO";
        case Stage::StartTls:
            return "STARTTLS";
        case Stage::Auth:
            return "AUTH";
        case Stage::Mail:
            return "MAIL";
        case Stage::Rcpt:
            return "RCPT";
        case Stage::Data:
            return "DATA";
    }
    return "?";
}

SendResult deliver(const SmtpConfig& config, const std::string& mailFrom, const std::string& rcptTo,
                   const std::string& data, const lodestone::RunContext& context) {
    Conversation conversation(config, context);
    return conversation.run(mailFrom, rcptTo, data);
}

}  // namespace lodestone::mailer_smtp
