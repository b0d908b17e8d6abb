#include <Poco/Logger.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>

#include <chrono>
#include <thread>

#include "api/CampaignRoutes.hpp"
#include "api/LeadMagnetRoutes.hpp"
#include "api/RequestHandlerFactory.hpp"
#include "api/WebhookDeliveryRoutes.hpp"
#include "app/Subsystems.hpp"

namespace lodestone::app {
namespace {
constexpr auto kDrainTimeout = std::chrono::seconds(10);
constexpr int kBacklog = 128;
}  // namespace

HttpSubsystem::~HttpSubsystem() {
    uninitialize();
}

void HttpSubsystem::initialize(Poco::Util::Application&) {
    const auto& server = config_.server;
    Poco::Net::SocketAddress address(server.host, server.port);
    Poco::Net::ServerSocket socket;
    // SO_REUSEADDR so a restart need not wait out TIME_WAIT, but not SO_REUSEPORT (Poco's
    // default): a second lodestoned on the same port must fail, not share the traffic.
    if (address.family() == Poco::Net::SocketAddress::IPv6) {
        socket.bind6(address, true, false, true);
    } else {
        socket.bind(address, true, false);
    }
    socket.listen(kBacklog);

    auto* params = new Poco::Net::HTTPServerParams();
    params->setMaxThreads(server.threads);
    params->setMaxQueued(server.maxQueued);
    params->setKeepAlive(true);
    params->setServerName("lodestoned");

    keys_ = std::make_unique<auth::ApiKeyCache>(storage_.store());
    limiter_ = std::make_unique<ratelimit::RateLimiter>();
    stepTimings_ = std::make_unique<leadmagnet::StepTimings>(storage_.store());
    services_ = std::make_unique<api::ApiServices>(
        api::ApiServices{config_, storage_.store(), *keys_, *limiter_, *stepTimings_,
                         [this] { work_.jobQueued(); }, [this] { work_.webhookQueued(); }});
    routes_ = api::RouteTable();
    api::addLeadMagnetRoutes(routes_, *services_);
    api::addCampaignRoutes(routes_, *services_);
    api::addWebhookDeliveryRoutes(routes_, *services_);

    threads_ = std::make_unique<Poco::ThreadPool>("http", 2, server.threads);
    server_ = std::make_unique<Poco::Net::HTTPServer>(
        new api::RequestHandlerFactory(*services_, routes_), *threads_, socket, params);
    server_->start();
    // Tests and operators read the bound port from this line (port 0 picks a free one).
    Poco::Logger::get("lodestone.http")
        .information("listening on http://%s", socket.address().toString());
}

void HttpSubsystem::uninitialize() {
    if (!server_) return;
    // Stop accepting, let requests in progress finish, then close idle keep-alive connections.
    server_->stopAll(false);
    auto deadline = std::chrono::steady_clock::now() + kDrainTimeout;
    while (server_->currentConnections() > 0 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    server_.reset();
    threads_->joinAll();
    threads_.reset();
}

}  // namespace lodestone::app
