#include "bench/webhook/Receiver.hpp"

#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/NullStream.h>
#include <Poco/StreamCopier.h>

#include <algorithm>
#include <chrono>

namespace lodestone::bench::webhook {

namespace {

// Epoch milliseconds with the microseconds as a fraction: delays of a few milliseconds are
// measured against the daemon's whole-millisecond created_at.
double epochMillisPrecise() {
    return static_cast<double>(std::chrono::duration_cast<std::chrono::microseconds>(
                                   std::chrono::system_clock::now().time_since_epoch())
                                   .count()) /
           1000.0;
}

}  // namespace

class Receiver::Handler : public Poco::Net::HTTPRequestHandler {
  public:
    explicit Handler(Receiver& receiver) : receiver_(receiver) {}
    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        // The headers have been read; this is when the webhook arrived.
        const double arrived = epochMillisPrecise();
        Poco::NullOutputStream discard;
        Poco::StreamCopier::copyStream(request.stream(), discard);
        receiver_.record(request, arrived);
        response.setStatus(Poco::Net::HTTPResponse::HTTP_OK);
        response.setContentLength(0);
        response.send();
    }

  private:
    Receiver& receiver_;
};

class Receiver::Factory : public Poco::Net::HTTPRequestHandlerFactory {
  public:
    explicit Factory(Receiver& receiver) : receiver_(receiver) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(
        const Poco::Net::HTTPServerRequest&) override {
        return new Handler(receiver_);
    }

  private:
    Receiver& receiver_;
};

Receiver::Receiver(int threads)
    : pool_("receiver", 2, std::max(threads, 2)),
      socket_(Poco::Net::SocketAddress("127.0.0.1", 0), 1024) {
    auto* params = new Poco::Net::HTTPServerParams();
    params->setMaxThreads(threads);
    params->setMaxQueued(4096);
    params->setKeepAlive(false);  // lodestoned sends Connection: close anyway
    server_ = std::make_unique<Poco::Net::HTTPServer>(new Factory(*this), pool_, socket_, params);
    server_->start();
}

Receiver::~Receiver() {
    server_->stopAll(true);
    pool_.joinAll();
}

Receiver::Counts Receiver::counts() const {
    std::lock_guard lock(mutex_);
    Counts counts = counts_;
    counts.distinct = arrivals_.size();
    return counts;
}

std::unordered_map<std::string, Receiver::Arrival> Receiver::arrivals() const {
    std::lock_guard lock(mutex_);
    return arrivals_;
}

void Receiver::record(const Poco::Net::HTTPServerRequest& request, double arrivedMs) {
    const std::string id = request.get("webhook-id", "");  // a copy: "" is a temporary
    const bool signedRequest = request.has("webhook-signature") && request.has("webhook-timestamp");
    std::lock_guard lock(mutex_);
    ++counts_.requests;
    if (request.getMethod() != Poco::Net::HTTPRequest::HTTP_POST) ++counts_.notPost;
    if (!signedRequest) ++counts_.withoutSignature;
    if (id.empty()) {
        ++counts_.withoutId;
        return;
    }
    auto [it, added] = arrivals_.try_emplace(id, Arrival{arrivedMs, 0});
    ++it->second.requests;
}

}  // namespace lodestone::bench::webhook
