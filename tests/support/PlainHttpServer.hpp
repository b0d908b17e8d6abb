// A Poco HTTP server on 127.0.0.1, on a port of its own, that speaks plain HTTP only: the fixture
// websites research-web reads (FixtureSite, the labelled sites) are served by it.
#pragma once

#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/TCPServer.h>
#include <Poco/ThreadPool.h>

#include <cstdint>
#include <memory>
#include <string>

namespace lodestone::test {

class PlainHttpServer {
  public:
    // Serves `factory`'s handlers, one connection per request, up to `maxThreads` at once.
    PlainHttpServer(Poco::Net::HTTPRequestHandlerFactory::Ptr factory, int maxThreads);
    ~PlainHttpServer();
    PlainHttpServer(const PlainHttpServer&) = delete;
    PlainHttpServer& operator=(const PlainHttpServer&) = delete;

    std::uint16_t port() const { return port_; }
    std::string address() const { return "127.0.0.1:" + std::to_string(port_); }

  private:
    std::uint16_t port_ = 0;
    // Its own threads: a page that never answers holds one until the end of the test.
    Poco::ThreadPool threads_;
    std::unique_ptr<Poco::Net::TCPServer> server_;
};

}  // namespace lodestone::test
