// A real SMTP server for tests and benchmarks: tests/support/smtp_sink.py (aiosmtpd) run as a
// child process on 127.0.0.1, keeping every message it accepts as a file. See the script for
// what each option does on the wire.
//
//     SmtpSink sink({.failRcpt = {"bounce@"}});
//     ... send to 127.0.0.1:sink.port() ...
//     ASSERT_TRUE(sink.waitForMessages(1, 10s)) << sink.log();
//     EXPECT_EQ(sink.messages()[0].header("Subject"), "Hello");
#pragma once

#include <Poco/JSON/Object.h>
#include <Poco/String.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "support/Process.hpp"
#include "support/TempDir.hpp"

namespace lodestone::test {

// Debian's interpreter, which has python3-aiosmtpd (the first python3 on PATH may not).
inline const char* const kSystemPython = "/usr/bin/python3";

struct SmtpSinkOptions {
    std::uint16_t port = 0;  // 0: any free port
    // Every member has an initializer, so designated initializers may leave any out.
    std::vector<std::string> failRcpt{};  // 550 5.1.1 for recipients matching a regex
    std::vector<std::pair<std::string, int>> tempfailRcpt{};  // 451 for the first N attempts
    std::vector<std::string> failData{};  // 554 after DATA when a recipient matches
    // Certificate and key files (TestCertificates makes them).
    std::optional<std::pair<std::filesystem::path, std::filesystem::path>> starttls{};
    bool requireTls = false;
    std::optional<std::pair<std::filesystem::path, std::filesystem::path>> implicitTls{};
    std::optional<std::string> auth{};  // "user:pass": AUTH required
    std::string authMechanisms{};       // e.g. "LOGIN"; empty: PLAIN and LOGIN
    double delayDataSeconds = 0;        // before answering the end of DATA
    // Where the sink's own temporary directory (and so its messages) goes; empty: the system's
    // temp directory. Creating two files per message on a slow disk can cost the server more
    // CPU than the rest of the conversation: a benchmark may prefer tmpfs.
    std::filesystem::path parent{};
};

struct CaseInsensitiveLess {
    bool operator()(const std::string& a, const std::string& b) const {
        return Poco::icompare(a, b) < 0;
    }
};

// One accepted message: its envelope (the .json sidecar) and the message as received.
struct ReceivedMessage {
    std::string mailFrom;
    std::vector<std::string> rcptTos;
    std::string peer;  // "127.0.0.1:41234"
    bool tls = false;
    std::optional<std::string> authUser;
    std::filesystem::path file;  // the .eml
    std::string raw;             // every byte after DATA, CRLF line ends
    // Top-level headers, unfolded (CRLF before whitespace removed), values as they are on the
    // wire (encoded-words not decoded), names looked up without regard to case.
    std::multimap<std::string, std::string, CaseInsensitiveLess> headers;
    std::string body;  // after the blank line, still transfer-encoded

    // The first header of that name, or "" when there is none.
    std::string header(const std::string& name) const;

    // What a mail reader makes of the message (tests/support/mime_decode.py): headers decoded,
    // "from"/"to" as {name, address}, "date" (ISO 8601, null if unparsable), "parts" [{contentType,
    // charset, transferEncoding, content}] with the content decoded, and the parser's "defects".
    Poco::JSON::Object::Ptr decoded() const;
};

// Splits a message into unfolded headers and body; exposed for tests of other senders.
void parseMessageInto(const std::string& raw, ReceivedMessage& message);

class SmtpSink {
  public:
    // Starts the server and waits for its "PORT n" line; throws with its stderr if it fails.
    explicit SmtpSink(SmtpSinkOptions options = {});
    ~SmtpSink();  // SIGTERM, then SIGKILL if it does not exit within 10 s
    SmtpSink(const SmtpSink&) = delete;
    SmtpSink& operator=(const SmtpSink&) = delete;

    std::uint16_t port() const { return port_; }
    // The server's process, for a benchmark to read the CPU time it used.
    pid_t pid() const { return process_->pid(); }
    const std::filesystem::path& directory() const { return directory_; }

    // Polls the directory until at least `count` messages are there.
    bool waitForMessages(std::size_t count,
                         std::chrono::milliseconds timeout = std::chrono::seconds(10)) const;
    std::size_t messageCount() const;
    // How many messages' data arrived in full so far, accepted or not: after a
    // delayDataSeconds sink counts one, its client is waiting for the verdict.
    std::size_t dataReceived() const;
    // Every message accepted so far, in order.
    std::vector<ReceivedMessage> messages() const;

    // The server's standard error so far: its log, for failure messages.
    std::string log() const { return process_->errors(); }

  private:
    TempDir dir_;
    std::filesystem::path directory_;
    std::unique_ptr<ChildProcess> process_;
    std::uint16_t port_ = 0;
};

}  // namespace lodestone::test
