#pragma once

#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/ThreadPool.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace lodestone::bench::webhook {

// A customer's endpoint that is never the bottleneck: it answers 200 with an empty body as soon
// as the request is read, and remembers when each webhook-id arrived first.
class Receiver {
  public:
    struct Arrival {
        double firstMs = 0;  // epoch, with microseconds
        int requests = 0;
    };
    struct Counts {
        std::int64_t requests = 0;
        std::int64_t withoutId = 0;         // no webhook-id header
        std::int64_t withoutSignature = 0;  // no webhook-signature or webhook-timestamp
        std::int64_t notPost = 0;
        std::size_t distinct = 0;
    };

    explicit Receiver(int threads);
    ~Receiver();
    Receiver(const Receiver&) = delete;
    Receiver& operator=(const Receiver&) = delete;

    std::uint16_t port() const { return server_->port(); }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(port()) + "/hooks"; }

    Counts counts() const;
    std::unordered_map<std::string, Arrival> arrivals() const;

  private:
    class Handler;
    class Factory;

    void record(const Poco::Net::HTTPServerRequest& request, double arrivedMs);

    mutable std::mutex mutex_;
    std::unordered_map<std::string, Arrival> arrivals_;
    Counts counts_;
    Poco::ThreadPool pool_;
    Poco::Net::ServerSocket socket_;
    std::unique_ptr<Poco::Net::HTTPServer> server_;
};

}  // namespace lodestone::bench::webhook
