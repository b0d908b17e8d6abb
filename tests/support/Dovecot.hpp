#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "support/Process.hpp"
#include "support/TempDir.hpp"
#include "support/TestCertificates.hpp"

namespace lodestone::test {

// A real POP3 server: Debian's dovecot (dovecot-pop3d), started as a child process with a
// configuration of its own in a temporary directory. It listens on 127.0.0.1 only, on ports free
// when it starts, serves POP3 and nothing else, and has one user whose mail is a Maildir in that
// directory; its base, state and log files live there too. Messages keep their Maildir file name
// as POP3 UIDL (pop3_uidl_format %g), so a test knows each message's uid.
//
// It runs as root (as tests do in CI) and as any other user. Dovecot refuses to run login
// processes or to open mail as root, so under root the login processes run as dovenull (chrooted,
// as usual) and the mail processes as nobody, who is given the Maildir; under another user,
// everything runs as that user, without chroots (which only root may make).
class Dovecot {
  public:
    enum class Tls {
        Off,  // plain POP3 only
        On,   // STLS on port(), implicit TLS on tlsPort(), with a throw-away CA (caFile())
    };

    // Starts dovecot and waits until it takes connections. Throws std::runtime_error with
    // dovecot's log when it cannot be started.
    explicit Dovecot(Tls tls = Tls::Off);
    ~Dovecot();  // SIGTERM, and waits for dovecot to end
    Dovecot(const Dovecot&) = delete;
    Dovecot& operator=(const Dovecot&) = delete;

    std::uint16_t port() const { return port_; }
    std::uint16_t tlsPort() const { return tlsPort_; }  // 0 with Tls::Off
    const std::string& user() const { return user_; }
    const std::string& password() const { return password_; }
    // The PEM certificate of the CA that signed the server's certificate, which names
    // "localhost" only (so connecting by IP address fails the name check).
    std::filesystem::path caFile() const { return certificates_ ? certificates_->ca() : ""; }

    // Puts a message in the user's Maildir as a delivery agent does (written in tmp/, renamed
    // into new/) and returns its file name, which is its POP3 UIDL.
    std::string deliver(const std::string& rawMessage);
    // Deletes a delivered message behind dovecot's back, as another mail client would.
    void remove(const std::string& name);
    std::size_t messageCount() const;  // messages in the Maildir, read or not
    std::string log() const;           // dovecot's log so far

  private:
    void writeConfig() const;
    bool start();  // false when a port was taken meanwhile (the caller picks others)
    void stop();

    TempDir dir_;
    bool tls_;
    std::unique_ptr<TestCertificates> certificates_;  // with Tls::On
    std::string user_ = "prospects";
    std::string password_ = "pop3-test-password";
    std::uint16_t port_ = 0;
    std::uint16_t tlsPort_ = 0;
    std::unique_ptr<ChildProcess> process_;
};

}  // namespace lodestone::test
