#include "http/FrontServer.hpp"

#include <Poco/Logger.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

#include "domain/RequestId.hpp"
#include "http/AccessLog.hpp"
#include "http/BufferedExchange.hpp"
#include "http/ErrorAnswer.hpp"

namespace lodestone::http {
namespace {

constexpr auto kTick = std::chrono::milliseconds(250);
constexpr auto kRefusalLogInterval = std::chrono::seconds(10);

Poco::Logger& logger() {
    return Poco::Logger::get("lodestone.http");
}

// Connections are file descriptors; the soft limit (1024 by default) would cap them long before
// server.max_connections, so take what the hard limit allows, as most servers do.
void raiseDescriptorLimit(std::size_t wanted) {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &limit);
    }
    constexpr rlim_t kReserve = 128;  // database, plugins, logs, outbound calls
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < wanted + kReserve) {
        logger().warning(
            "server.max_connections is %z but the open-file limit is %lu; raise "
            "LimitNOFILE or lower server.max_connections",
            wanted, static_cast<unsigned long>(limit.rlim_cur));
    }
}

}  // namespace

FrontServer::FrontServer(Poco::Net::ServerSocket listener,
                         Poco::Net::HTTPRequestHandlerFactory::Ptr factory, FrontOptions options)
    : listener_(std::move(listener)),
      address_(listener_.address()),
      factory_(std::move(factory)),
      params_(new Poco::Net::HTTPServerParams()),
      options_(std::move(options)) {
    params_->setServerName("lodestoned");
    raiseDescriptorLimit(options_.maxConnections);
    listener_.setBlocking(false);
}

FrontServer::~FrontServer() {
    if (thread_.joinable()) stop(std::chrono::milliseconds(0));
}

void FrontServer::start() {
    workers_ = std::make_unique<RequestWorkers>(options_.workers, options_.maxQueued);
    events_.watch(listener_.impl()->sockfd(), kListenerKey, true, false);
    thread_ = std::thread([this] { loop(); });
}

void FrontServer::stop(std::chrono::milliseconds grace) {
    draining_ = true;
    events_.wake();
    auto deadline = Clock::now() + grace;
    while (Clock::now() < deadline && (!drained_.load() || busyCount_.load() > 0)) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    stopping_ = true;
    events_.wake();
    if (thread_.joinable()) thread_.join();
    if (workers_) workers_->stop();
    connections_.clear();
}

void FrontServer::loop() {
    lastSweep_ = Clock::now();
    while (!stopping_) {
        const auto& events = events_.wait(kTick);
        const auto now = Clock::now();
        for (const auto& event : events) onEvent(event, now);
        deliverAnswers(now);
        if (draining_) drain();
        if (now - lastSweep_ >= kTick) {
            sweep(now);
            lastSweep_ = now;
        }
    }
}

void FrontServer::onEvent(const EventLoop::Event& event, Clock::time_point now) {
    if (event.key == EventLoop::kWakeKey) return;
    if (event.key == kListenerKey) {
        acceptAll(now);
        return;
    }
    auto found = connections_.find(event.key);
    if (found == connections_.end()) return;
    Connection& connection = *found->second.connection;
    if (event.readable || event.failed) connection.onReadable(now);
    if (event.writable) connection.onWritable(now);
    if (event.failed && !event.readable) connection.close();
    settle(event.key, connection, now);
}

bool FrontServer::admit(const std::string& address) {
    const char* refusal = nullptr;
    if (connections_.size() >= options_.maxConnections) {
        refusal = "server.max_connections";
    } else if (perAddress_[address] >= options_.maxConnectionsPerAddress) {
        refusal = "server.max_connections_per_address";
    }
    if (!refusal) return true;
    const auto now = Clock::now();
    if (now - lastRefusalLog_ > kRefusalLogInterval) {
        lastRefusalLog_ = now;
        logger().warning("refusing connections from %s: %s reached (%z open)", address,
                         std::string(refusal), connections_.size());
    }
    return false;
}

void FrontServer::acceptAll(Clock::time_point now) {
    while (listening_) {
        sockaddr_storage peer{};
        socklen_t length = sizeof(peer);
        int fd = ::accept4(listener_.impl()->sockfd(), reinterpret_cast<sockaddr*>(&peer), &length,
                           SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED) continue;
            if (errno == EMFILE || errno == ENFILE) {
                // Out of descriptors: stop watching the listener until the next sweep, or the
                // level-triggered loop would spin on it.
                logger().error("cannot accept a connection: out of file descriptors");
                events_.change(listener_.impl()->sockfd(), kListenerKey, false, false);
                acceptPaused_ = true;
            }
            return;
        }
        Poco::Net::SocketAddress client(reinterpret_cast<sockaddr*>(&peer), length);
        std::string address = client.host().toString();
        if (!admit(address)) {
            if (options_.answeredItself) options_.answeredItself(503);
            std::string refusal =
                errorAnswer(503, "Too many open connections; close some and retry");
            [[maybe_unused]] auto sent = ::send(fd, refusal.data(), refusal.size(), MSG_NOSIGNAL);
            ::shutdown(fd, SHUT_WR);
            ::close(fd);
            continue;
        }
        int noDelay = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &noDelay, sizeof(noDelay));
        const auto id = nextId_++;
        auto& entry = connections_[id];
        entry.connection = std::make_unique<Connection>(fd, client, options_, now);
        entry.reading = true;
        entry.address = address;
        ++perAddress_[address];
        events_.watch(fd, id, true, false);
    }
}

void FrontServer::settle(std::uint64_t id, Connection& connection, Clock::time_point now) {
    while (auto request = connection.takeRequest())
        dispatch(id, connection, std::move(*request), now);
    if (connection.state() == Connection::State::Closed) {
        remove(id);
        return;
    }
    auto& entry = connections_.at(id);
    const bool read = connection.wantsRead();
    const bool write = connection.wantsWrite();
    if (read != entry.reading || write != entry.writing) {
        events_.change(connection.fd(), id, read, write);
        entry.reading = read;
        entry.writing = write;
    }
}

void FrontServer::dispatch(std::uint64_t id, Connection& connection, ParsedRequest request,
                           Clock::time_point now) {
    const bool keepAlive = request.head.keepAlive;
    if (answersInline(request.head)) {
        auto answer = handle(id, connection.client(), std::move(request));
        connection.answer(std::move(answer.bytes), answer.keepAlive && !draining_, now,
                          std::move(answer.rest));
        return;
    }
    auto shared = std::make_shared<ParsedRequest>(std::move(request));
    bool queued = workers_->submit([this, id, client = connection.client(), shared] {
        auto answer = handle(id, client, std::move(*shared));
        {
            std::lock_guard lock(answersMutex_);
            answers_.push_back(std::move(answer));
        }
        events_.wake();
    });
    if (!queued) {
        if (options_.answeredItself) options_.answeredItself(503);
        connection.answer(errorAnswer(503, "The server is busy; retry shortly", keepAlive),
                          keepAlive, now);
    }
}

bool FrontServer::answersInline(const RequestHead& head) const {
    if (!options_.answersInline) return false;
    try {
        return options_.answersInline(head);
    } catch (const std::exception& e) {
        // The loop thread must not fall over on a request; a worker will answer it.
        logger().error("deciding where to answer %s failed: %s", head.target,
                       std::string(e.what()));
        return false;
    }
}

FrontServer::Answer FrontServer::handle(std::uint64_t id, const Poco::Net::SocketAddress& client,
                                        ParsedRequest request) {
    const bool headRequest = request.head.method == "HEAD";
    const auto started = Clock::now();
    // Every log line written while the request is handled carries its id (domain/RequestId).
    const domain::RequestIdScope requestId(
        domain::requestIdFrom(request.head.field("X-Request-Id").value_or("")));
    AccessRecord record{request.head.method, request.head.target, 500};
    std::string bytes;
    std::shared_ptr<Spool> rest;
    bool keepAlive = false;
    try {
        BufferedResponse response;
        response.set("X-Request-Id", domain::currentRequestId());
        BufferedRequest exchange(std::move(request), response, client, address_, *params_);
        std::unique_ptr<Poco::Net::HTTPRequestHandler> handler(
            factory_->createRequestHandler(exchange));
        if (handler) handler->handleRequest(exchange, response);
        if (draining_) response.setKeepAlive(false);
        keepAlive = response.getKeepAlive();
        bytes = response.serialize(headRequest);
        if (!headRequest) rest = response.spooledBody();
        record.status = static_cast<int>(response.getStatus());
    } catch (const std::exception& e) {
        logger().error("request handler failed: %s", std::string(e.what()));
        bytes = errorAnswer(500, "Internal server error");
        keepAlive = false;
    }
    if (options_.accessLog) {
        const auto size = bytes.size() + static_cast<std::size_t>(rest ? rest->size() : 0);
        logAccess(record, client, size, Clock::now() - started);
    }
    return {id, std::move(bytes), keepAlive, std::move(rest)};
}

void FrontServer::deliverAnswers(Clock::time_point now) {
    std::vector<Answer> ready;
    {
        std::lock_guard lock(answersMutex_);
        ready.swap(answers_);
    }
    for (auto& answer : ready) {
        auto found = connections_.find(answer.connection);
        if (found == connections_.end()) continue;  // the client went away meanwhile
        Connection& connection = *found->second.connection;
        connection.answer(std::move(answer.bytes), answer.keepAlive && !draining_, now,
                          std::move(answer.rest));
        settle(answer.connection, connection, now);
    }
}

void FrontServer::sweep(Clock::time_point now) {
    if (listening_ && acceptPaused_) {
        events_.change(listener_.impl()->sockfd(), kListenerKey, true, false);
        acceptPaused_ = false;
    }
    std::vector<std::uint64_t> ids;
    ids.reserve(connections_.size());
    for (const auto& [id, entry] : connections_) ids.push_back(id);
    for (auto id : ids) {
        auto found = connections_.find(id);
        if (found == connections_.end()) continue;
        Connection& connection = *found->second.connection;
        connection.sweep(now);
        settle(id, connection, now);
    }
}

void FrontServer::drain() {
    if (listening_) {
        events_.forget(listener_.impl()->sockfd());
        listener_.close();
        listening_ = false;
    }
    std::vector<std::uint64_t> idle;
    std::size_t busy = 0;
    for (const auto& [id, entry] : connections_) {
        auto state = entry.connection->state();
        if (state == Connection::State::Dispatched || state == Connection::State::Writing) {
            ++busy;
        } else {
            idle.push_back(id);
        }
    }
    for (auto id : idle) remove(id);
    busyCount_ = busy;
    drained_ = true;
}

void FrontServer::remove(std::uint64_t id) {
    auto found = connections_.find(id);
    if (found == connections_.end()) return;
    auto& entry = found->second;
    if (entry.connection->fd() >= 0) events_.forget(entry.connection->fd());
    if (--perAddress_[entry.address] == 0) perAddress_.erase(entry.address);
    connections_.erase(found);
}

}  // namespace lodestone::http
