#pragma once

#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/ServerSocket.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "http/Connection.hpp"
#include "http/EventLoop.hpp"
#include "http/FrontOptions.hpp"
#include "http/RequestWorkers.hpp"

namespace lodestone::http {

// The HTTP/1.1 server in front of the handlers. One thread owns every connection and reads
// request heads and bodies as they arrive (epoll, non-blocking sockets), so an idle or slow
// client costs a file descriptor and never a worker; complete requests go to RequestWorkers,
// whose answers come back to that thread to be written (quick reads it may answer itself:
// FrontOptions::answersInline). Handlers are Poco request handlers
// made by `factory`, as they would be under Poco's HTTPServer.
class FrontServer {
  public:
    FrontServer(Poco::Net::ServerSocket listener, Poco::Net::HTTPRequestHandlerFactory::Ptr factory,
                FrontOptions options);
    ~FrontServer();
    FrontServer(const FrontServer&) = delete;
    FrontServer& operator=(const FrontServer&) = delete;

    void start();

    // Stops accepting, closes idle connections, lets requests in progress be answered for up to
    // `grace`, then closes the rest.
    void stop(std::chrono::milliseconds grace);

  private:
    static constexpr std::uint64_t kListenerKey = 1;

    struct Answer {
        std::uint64_t connection;
        std::string bytes;
        bool keepAlive;
        std::shared_ptr<Spool> rest = {};  // a spooled body, sent after `bytes`
    };

    void loop();
    void acceptAll(Clock::time_point now);
    bool admit(const std::string& address);
    void onEvent(const EventLoop::Event& event, Clock::time_point now);
    void settle(std::uint64_t id, Connection& connection, Clock::time_point now);
    void dispatch(std::uint64_t id, Connection& connection, ParsedRequest request,
                  Clock::time_point now);
    bool answersInline(const RequestHead& head) const;
    // Runs the handler (on a worker, or on the loop thread for a request answered inline).
    Answer handle(std::uint64_t id, const Poco::Net::SocketAddress& client, ParsedRequest request);
    void deliverAnswers(Clock::time_point now);
    void sweep(Clock::time_point now);
    void drain();
    void remove(std::uint64_t id);

    Poco::Net::ServerSocket listener_;
    Poco::Net::SocketAddress address_;
    Poco::Net::HTTPRequestHandlerFactory::Ptr factory_;
    Poco::Net::HTTPServerParams::Ptr params_;
    FrontOptions options_;
    EventLoop events_;
    std::unique_ptr<RequestWorkers> workers_;

    // Owned by the loop thread.
    struct Entry {
        std::unique_ptr<Connection> connection;
        bool reading = false;
        bool writing = false;
        std::string address;
    };
    std::unordered_map<std::uint64_t, Entry> connections_;
    std::unordered_map<std::string, std::size_t> perAddress_;
    std::uint64_t nextId_ = kListenerKey + 1;
    Clock::time_point lastSweep_;
    Clock::time_point lastRefusalLog_;
    bool listening_ = true;
    bool acceptPaused_ = false;  // out of descriptors: the listener is not watched until a sweep

    std::mutex answersMutex_;
    std::vector<Answer> answers_;

    std::atomic<bool> draining_{false};
    std::atomic<bool> stopping_{false};
    std::atomic<bool> drained_{false};
    std::atomic<std::size_t> busyCount_{0};
    std::thread thread_;
};

}  // namespace lodestone::http
