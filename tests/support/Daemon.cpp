#include "support/Daemon.hpp"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/StreamCopier.h>
#include <Poco/String.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <regex>

namespace lodestone::test {

std::uint16_t freeLocalPort() {
    Poco::Net::ServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0));
    return socket.address().port();
}

HttpReply httpRequest(std::uint16_t port, const std::string& method, const std::string& path,
                      const std::string& body, const std::map<std::string, std::string>& headers) {
    Poco::Net::HTTPClientSession session("127.0.0.1", port);
    session.setTimeout(Poco::Timespan(30, 0));
    Poco::Net::HTTPRequest request(method, path, Poco::Net::HTTPMessage::HTTP_1_1);
    for (const auto& [name, value] : headers) {
        if (name == "Transfer-Encoding" && value == "chunked") {
            request.setChunkedTransferEncoding(true);
        } else {
            request.set(name, value);
        }
    }
    if (!request.getChunkedTransferEncoding() && (!body.empty() || method == "POST")) {
        request.setContentLength64(static_cast<Poco::Int64>(body.size()));
    }
    session.sendRequest(request) << body;
    Poco::Net::HTTPResponse response;
    std::istream& in = session.receiveResponse(response);
    HttpReply reply;
    reply.status = response.getStatus();
    for (const auto& [name, value] : response) {
        reply.headers[name] = value;
        if (Poco::icompare(name, "Set-Cookie") == 0) reply.setCookies.push_back(value);
    }
    Poco::StreamCopier::copyToString(in, reply.body);
    return reply;
}

RawExchange rawExchange(std::uint16_t port, const std::string& bytes,
                        std::chrono::milliseconds timeout) {
    Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", port));
    socket.sendBytes(bytes.data(), static_cast<int>(bytes.size()));
    RawExchange exchange;
    auto deadline = std::chrono::steady_clock::now() + timeout;
    char buffer[4096];
    while (std::chrono::steady_clock::now() < deadline) {
        socket.setReceiveTimeout(Poco::Timespan(0, 100'000));
        try {
            int got = socket.receiveBytes(buffer, sizeof(buffer));
            if (got <= 0) {
                exchange.closed = true;
                break;
            }
            exchange.received.append(buffer, static_cast<std::size_t>(got));
        } catch (const Poco::TimeoutException&) {
            continue;
        } catch (const Poco::Net::NetException&) {
            exchange.closed = true;  // reset by the server
            break;
        }
    }
    return exchange;
}

Daemon::Daemon(const std::filesystem::path& configFile, std::vector<std::string> extraArgs) {
    std::vector<std::string> args{"--config", configFile.string()};
    args.insert(args.end(), extraArgs.begin(), extraArgs.end());
    process_ = std::make_unique<ChildProcess>(LODESTONED_PATH, args);
}

std::uint16_t Daemon::waitUntilListening(std::chrono::milliseconds timeout) {
    static const std::regex listening(R"(listening on http://[^\s]+:(\d+))");
    std::smatch match;
    bool up = eventually(
        [&] {
            std::string log = process_->errors();
            if (std::regex_search(log, match, listening)) {
                port_ = static_cast<std::uint16_t>(std::stoi(match[1].str()));
                return true;
            }
            return !process_->running();
        },
        timeout);
    if (!up || port_ == 0) {
        ADD_FAILURE() << "lodestoned did not start listening. stderr:\n"
                      << process_->errors() << "\nstdout:\n"
                      << process_->output();
    }
    return port_;
}

ExitStatus Daemon::stop(int signo, std::chrono::milliseconds timeout) {
    process_->signal(signo);
    auto status = process_->wait(timeout);
    if (!status) {
        ADD_FAILURE() << "lodestoned did not stop after signal " << signo;
        process_->signal(SIGKILL);
        status = process_->wait(std::chrono::seconds(10));
    }
    return *status;
}

}  // namespace lodestone::test
