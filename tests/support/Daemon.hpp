#pragma once

#include <Poco/Net/HTTPResponse.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "support/Process.hpp"

namespace lodestone::test {

struct HttpReply {
    int status = 0;
    std::map<std::string, std::string> headers;  // the last of a header sent more than once
    std::string body;
    std::vector<std::string> setCookies;  // every Set-Cookie, in order
};

// One HTTP request to 127.0.0.1:port. A "Transfer-Encoding: chunked" header sends the body chunked.
HttpReply httpRequest(std::uint16_t port, const std::string& method, const std::string& path,
                      const std::string& body = "",
                      const std::map<std::string, std::string>& headers = {});

// A TCP port on 127.0.0.1 that nothing listens on right now, for a daemon whose config must name
// its own address (server.public_url) before it starts. Linux hands out ephemeral ports in turn,
// so another process is unlikely to take it in the moment before the daemon binds it.
std::uint16_t freeLocalPort();

// Writes `bytes` to 127.0.0.1:port as they are and returns everything the server sends back until
// it closes the connection (or `timeout` passes: then `closed` is false).
struct RawExchange {
    std::string received;
    bool closed = false;
};
RawExchange rawExchange(std::uint16_t port, const std::string& bytes,
                        std::chrono::milliseconds timeout = std::chrono::seconds(10));

// lodestoned started as a process with a config file, on the port the config names (tests use
// port 0 and read the bound port from the "listening on" log line).
class Daemon {
  public:
    explicit Daemon(const std::filesystem::path& configFile,
                    std::vector<std::string> extraArgs = {});

    // Waits for the "listening on" line; fails the test if the daemon exits or is too slow.
    std::uint16_t waitUntilListening(std::chrono::milliseconds timeout = std::chrono::seconds(30));
    std::uint16_t port() const { return port_; }
    ChildProcess& process() { return *process_; }

    HttpReply get(const std::string& path) { return httpRequest(port_, "GET", path); }

    // Sends `signo` and waits for the exit.
    ExitStatus stop(int signo, std::chrono::milliseconds timeout = std::chrono::seconds(60));

  private:
    std::unique_ptr<ChildProcess> process_;
    std::uint16_t port_ = 0;
};

}  // namespace lodestone::test
