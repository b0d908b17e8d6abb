#pragma once

// Servers for the outbound client to talk to, all on loopback: a well-behaved HTTP(S) server
// that records what it receives, and a raw socket server for the misbehaving cases.
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/StreamCopier.h>
#include <Poco/String.h>
#include <Poco/URI.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "outbound/Deadline.hpp"

namespace lodestone::outbound::test {

inline std::int64_t deadlineIn(std::chrono::milliseconds timeout) {
    return nowEpochMs() + timeout.count();
}

// What the recording server saw of one request.
struct SeenRequest {
    std::string method;
    std::string uri;
    std::map<std::string, std::string> headers;  // by lower-case name
    std::string body;

    // The value of header `name` (any case), "<none>" when absent.
    std::string header(const std::string& name) const {
        auto found = headers.find(Poco::toLower(name));
        return found == headers.end() ? "<none>" : found->second;
    }
};

class RequestLog {
  public:
    void record(SeenRequest request) {
        const std::lock_guard lock(mutex_);
        requests_.push_back(std::move(request));
    }
    std::vector<SeenRequest> requests() const {
        const std::lock_guard lock(mutex_);
        return requests_;
    }
    int hits(const std::string& path) const {
        const std::lock_guard lock(mutex_);
        int count = 0;
        for (const auto& request : requests_) count += Poco::URI(request.uri).getPath() == path;
        return count;
    }

  private:
    mutable std::mutex mutex_;
    std::vector<SeenRequest> requests_;
};

// Routes: /echo (200, body "hello <method>", X-Reply and a repeated X-Multi), /fail (500),
// /redirect (302 to /target), /target, /bytes?n=N (N bytes of 'x', Content-Length),
// /chunked?n=N (the same, chunked), /binary (bytes that are not UTF-8), /reject-body (413
// without reading the request body).
class RecordingHandler : public Poco::Net::HTTPRequestHandler {
  public:
    explicit RecordingHandler(RequestLog& log) : log_(log) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        const Poco::URI uri(request.getURI());
        SeenRequest seen{request.getMethod(), request.getURI(), {}, {}};
        for (const auto& [name, value] : request) seen.headers[Poco::toLower(name)] = value;
        if (uri.getPath() == "/reject-body") {
            log_.record(seen);
            response.setStatus(Poco::Net::HTTPResponse::HTTP_REQUEST_ENTITY_TOO_LARGE);
            response.setKeepAlive(false);
            response.send() << "too large";
            return;
        }
        Poco::StreamCopier::copyToString(request.stream(), seen.body);
        log_.record(seen);

        const std::string path = uri.getPath();
        std::size_t size = 0;
        for (const auto& [name, value] : uri.getQueryParameters()) {
            if (name == "n") size = std::stoul(value);
        }
        if (path == "/echo") {
            response.set("X-Reply", "yes");
            response.add("X-Multi", "a");
            response.add("X-Multi", "b");
            response.setContentType("text/plain");
            const std::string body = "hello " + request.getMethod();
            response.sendBuffer(body.data(), body.size());
        } else if (path == "/fail") {
            response.setStatus(Poco::Net::HTTPResponse::HTTP_INTERNAL_SERVER_ERROR);
            response.send() << "broken";
        } else if (path == "/redirect") {
            response.setStatus(Poco::Net::HTTPResponse::HTTP_FOUND);
            response.set("Location", "/target");
            response.send() << "moved";
        } else if (path == "/bytes" || path == "/chunked") {
            const std::string body(size, 'x');
            if (path == "/chunked") {
                response.setChunkedTransferEncoding(true);
                response.send() << body;
            } else {
                response.sendBuffer(body.data(), body.size());
            }
        } else if (path == "/binary") {
            const std::string body = "ok \xFF\xFE \xC3\xA9 \x01";
            response.sendBuffer(body.data(), body.size());
        } else {
            response.setStatus(Poco::Net::HTTPResponse::HTTP_OK);
            response.send() << "target";
        }
    }

  private:
    RequestLog& log_;
};

class RecordingFactory : public Poco::Net::HTTPRequestHandlerFactory {
  public:
    explicit RecordingFactory(RequestLog& log) : log_(log) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(
        const Poco::Net::HTTPServerRequest&) override {
        return new RecordingHandler(log_);
    }

  private:
    RequestLog& log_;
};

// A Poco HTTPServer on `socket` (plain or SecureServerSocket), stopped at scope end.
class RecordingServer {
  public:
    explicit RecordingServer(const Poco::Net::ServerSocket& socket)
        : port_(socket.address().port()),
          server_(new RecordingFactory(log_), socket, new Poco::Net::HTTPServerParams) {
        server_.start();
    }
    RecordingServer() : RecordingServer(Poco::Net::ServerSocket(loopback(0))) {}
    ~RecordingServer() { server_.stopAll(true); }

    static Poco::Net::SocketAddress loopback(std::uint16_t port) {
        return Poco::Net::SocketAddress("127.0.0.1", port);
    }
    std::uint16_t port() const { return port_; }
    std::string url(const std::string& pathAndQuery, const std::string& host = "127.0.0.1",
                    const std::string& scheme = "http") const {
        return scheme + "://" + host + ":" + std::to_string(port_) + pathAndQuery;
    }
    const RequestLog& log() const { return log_; }

  private:
    RequestLog log_;
    std::uint16_t port_;
    Poco::Net::HTTPServer server_;
};

// Accepts connections on 127.0.0.1 one at a time and hands each to `behaviour`, which should
// return soon after `stopping` turns true (at scope end).
class RawServer {
  public:
    using Behaviour =
        std::function<void(Poco::Net::StreamSocket& connection, const std::atomic<bool>& stopping)>;

    explicit RawServer(Behaviour behaviour)
        : socket_(RecordingServer::loopback(0)), behaviour_(std::move(behaviour)) {
        thread_ = std::thread([this] { serve(); });
    }
    ~RawServer() {
        stopping_ = true;
        thread_.join();
    }

    std::string url(const std::string& path, const std::string& scheme = "http") const {
        return scheme + "://127.0.0.1:" + std::to_string(socket_.address().port()) + path;
    }
    int connections() const { return connections_; }

    // Reads until the end of the request headers (or until stopping).
    static void readRequestHead(Poco::Net::StreamSocket& connection,
                                const std::atomic<bool>& stopping) {
        connection.setReceiveTimeout(Poco::Timespan(0, 100'000));
        std::string received;
        char buffer[4096];
        while (!stopping && received.find("\r\n\r\n") == std::string::npos) {
            try {
                const int n = connection.receiveBytes(buffer, sizeof buffer);
                if (n <= 0) return;
                received.append(buffer, static_cast<std::size_t>(n));
            } catch (const Poco::TimeoutException&) {
            }
        }
    }

    // Sends `text` a byte every `pause` until it is all out, stopping, or the peer is gone.
    static void drip(Poco::Net::StreamSocket& connection, const std::string& text,
                     std::chrono::milliseconds pause, const std::atomic<bool>& stopping) {
        for (char c : text) {
            if (stopping) return;
            if (connection.sendBytes(&c, 1) != 1) return;
            std::this_thread::sleep_for(pause);
        }
    }

  private:
    void serve() {
        while (!stopping_) {
            if (!socket_.poll(Poco::Timespan(0, 50'000), Poco::Net::Socket::SELECT_READ)) continue;
            try {
                Poco::Net::StreamSocket connection = socket_.acceptConnection();
                ++connections_;
                behaviour_(connection, stopping_);
            } catch (const Poco::Exception&) {
                // The client hung up, which is what most of these tests are about.
            }
        }
    }

    Poco::Net::ServerSocket socket_;
    Behaviour behaviour_;
    std::atomic<bool> stopping_{false};
    std::atomic<int> connections_{0};
    std::thread thread_;
};

}  // namespace lodestone::outbound::test
