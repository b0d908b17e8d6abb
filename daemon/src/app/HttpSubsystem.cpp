#include <Poco/Logger.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>

#include <chrono>

#include "api/ApiRoutes.hpp"
#include "api/SharedRateLimiter.hpp"
#include "app/Subsystems.hpp"
#include "dashboard/Dashboard.hpp"
#include "http/FrontServer.hpp"
#include "metrics/Series.hpp"
#include "outreach/sending/TestSend.hpp"
#include "pages/PageRoutes.hpp"
#include "routing/FrontDoor.hpp"

namespace lodestone::app {
namespace {
constexpr auto kDrainTimeout = std::chrono::seconds(10);
constexpr int kBacklog = 1024;

http::FrontOptions frontOptions(const config::ServerConfig& server,
                                const config::LoggingConfig& logging,
                                const metrics::Series& series) {
    http::FrontOptions options;
    options.parser.maxBodyBytes = static_cast<std::size_t>(server.maxBodyBytes);
    options.parser.maxHeadBytes = static_cast<std::size_t>(server.maxHeaderBytes);
    options.headTimeout = server.headTimeout;
    options.keepAliveTimeout = server.keepAliveTimeout;
    options.sendTimeout = server.sendTimeout;
    options.minBodyRate = static_cast<std::size_t>(server.minBodyRate);
    options.maxConnections = static_cast<std::size_t>(server.maxConnections);
    options.maxConnectionsPerAddress = static_cast<std::size_t>(server.maxConnectionsPerAddress);
    options.workers = server.threads;
    options.maxQueued = static_cast<std::size_t>(server.maxQueued);
    options.accessLog = logging.access;
    // Requests that never reached a handler (docs/http.md) still show in
    // lodestone_http_requests_total, under a route of their own.
    options.answeredItself = [&series](int status) {
        series.httpRequests.with({"(front)", std::to_string(status)}).add();
    };
    return options;
}

std::unique_ptr<Poco::Net::ServerSocket> listenOn(const std::string& host, std::uint16_t port) {
    Poco::Net::SocketAddress address(host, port);
    auto socket = std::make_unique<Poco::Net::ServerSocket>();
    // SO_REUSEADDR so a restart need not wait out TIME_WAIT, but not SO_REUSEPORT (Poco's
    // default): a second lodestoned on the same port must fail, not share the traffic.
    if (address.family() == Poco::Net::SocketAddress::IPv6) {
        socket->bind6(address, true, false, true);
    } else {
        socket->bind(address, true, false);
    }
    socket->listen(kBacklog);
    return socket;
}

}  // namespace

HttpSubsystem::~HttpSubsystem() {
    uninitialize();
}

void HttpSubsystem::bind() {
    const auto& server = config_.server;
    socket_ = listenOn(server.host, server.port);
    Poco::Logger::get("lodestone.http")
        .information("bound to %s; serving once started", socket_->address().toString());
    if (server.metricsListen) {
        metricsSocket_ = listenOn(server.metricsListen->host, server.metricsListen->port);
        Poco::Logger::get("lodestone.http")
            .information("bound to %s for /metrics; serving once started",
                         metricsSocket_->address().toString());
    }
}

void HttpSubsystem::initialize(Poco::Util::Application&) {
    if (!socket_) bind();
    const auto& socket = *socket_;

    readiness_ =
        std::make_unique<Readiness>(storage_.store(), clock_, plugins_.live(), config_.jobs.run);
    keyUses_ =
        std::make_unique<auth::KeyUseLog>(storage_.store(), config_.server.keyLastUsedInterval);
    keyUses_->start();
    keys_ = std::make_unique<auth::ApiKeyCache>(storage_.store(), clock_,
                                                std::chrono::milliseconds(500), keyUses_.get());
    // One lodestoned on SQLite counts in memory; several on PostgreSQL count together.
    if (config_.storage.driver == "sqlite") {
        limiter_ = std::make_unique<ratelimit::MemoryRateLimiter>([this] { return clock_.now(); });
    } else {
        limiter_ = std::make_unique<api::SharedRateLimiter>(storage_.store(),
                                                            [this] { return clock_.now(); });
    }
    stepTimings_ = std::make_unique<leadmagnet::StepTimings>(storage_.store(), clock_);
    projects_ = std::make_unique<leadmagnet::ProjectCache>(storage_.store(), clock_);
    scrape_ = std::make_unique<MetricsScrape>(storage_.store(), clock_, metrics_.registry());
    std::function<std::string()> metricsHere;
    if (!metricsSocket_) metricsHere = [this] { return scrape_->text(); };
    dashboard_ = std::make_unique<dashboard::Dashboard>(dashboard::DashboardServices{
        config_, storage_.store(), clock_, [this] { work_.webhookQueued(); },
        [this] { work_.jobQueued(); },
        [this](const outreach::OutgoingEmail& email) {
            // The mailer in force now, as the send queue takes it for each email.
            auto mailer = plugins_.live().current()->mailer();
            if (!mailer) {
                throw std::runtime_error(
                    "this lodestoned sends no email: its configuration names no pipeline.mailer");
            }
            return outreach::sendTestEmail(*mailer, email, config_.pipeline.mailer.timeout);
        },
        [this] { work_.importQueued(); }});
    services_ = std::make_unique<api::ApiServices>(api::ApiServices{
        config_, storage_.store(), clock_, *keys_, *limiter_, *stepTimings_, *projects_,
        [this] { work_.jobQueued(); }, [this] { work_.webhookQueued(); },
        [this] { work_.importQueued(); }, [this] { return readiness_->problem(); },
        std::move(metricsHere), &metrics_.series()});
    routes_ = routing::RouteTable();
    routes_.add(api::routes(*services_));
    routes_.add(pages::routes(storage_.store(), clock_));
    routes_.add(dashboard_->routes());

    auto options = frontOptions(config_.server, config_.logging, metrics_.series());
    options.parser.largeBody =
        [this](const http::RequestHead& head) -> std::optional<http::LargeBody> {
        const auto* route = routes_.takingLargeBody(head.method, head.target);
        if (!route) return std::nullopt;
        return http::LargeBody{static_cast<std::size_t>(route->maxBodyBytes),
                               route->maxBodySetting};
    };
    // Quick reads are answered on the event loop only where they never wait on the database's
    // writes: on PostgreSQL each request writes its rate-limit count (SharedRateLimiter), which
    // may wait for a lock, and the loop must never wait.
    if (config_.storage.driver == "sqlite") {
        options.answersInline = [this](const http::RequestHead& head) {
            return routes_.answersInline(head.method, head.target);
        };
    }
    // What no route takes is refused as the API refuses it (JSON), but under /dashboard, whose
    // pages say so themselves.
    routing::Refusal dashboardRefusal = [this](const auto& request, const auto& match) {
        return dashboard_->refuse(request, match);
    };
    server_ = std::make_unique<http::FrontServer>(
        socket,
        new routing::FrontDoor(routes_, api::refuse, {{"/dashboard", std::move(dashboardRefusal)}},
                               &metrics_.series()),
        std::move(options));
    server_->start();
    // Tests and operators read the bound port from this line (port 0 picks a free one).
    Poco::Logger::get("lodestone.http")
        .information("listening on http://%s", socket.address().toString());
    if (metricsSocket_) serveMetricsApart();
}

void HttpSubsystem::serveMetricsApart() {
    // A scraper asks every few seconds: a couple of workers and connections are plenty, and
    // keep a misbehaving one from costing the API's.
    auto options = frontOptions(config_.server, config_.logging, metrics_.series());
    options.parser.largeBody =
        [this](const http::RequestHead& head) -> std::optional<http::LargeBody> {
        const auto* route = routes_.takingLargeBody(head.method, head.target);
        if (!route) return std::nullopt;
        return http::LargeBody{static_cast<std::size_t>(route->maxBodyBytes),
                               route->maxBodySetting};
    };
    options.workers = 2;
    options.maxQueued = 16;
    options.maxConnections = 64;
    options.maxConnectionsPerAddress = 16;
    // /metrics and nothing else, so that the port can be opened to a scraper without opening the
    // API; its requests are counted like the main listener's.
    metricsRoutes_ = routing::RouteTable();
    metricsRoutes_.add(api::metricsRoute([this] { return scrape_->text(); }));
    metricsServer_ = std::make_unique<http::FrontServer>(
        *metricsSocket_,
        new routing::FrontDoor(metricsRoutes_, api::refuse, {}, &metrics_.series()), options);
    metricsServer_->start();
    // Not "listening on": that line names the API's port.
    Poco::Logger::get("lodestone.http")
        .information("serving metrics at http://%s/metrics", metricsSocket_->address().toString());
}

void HttpSubsystem::stopping() {
    if (readiness_) readiness_->stopping();
}

void HttpSubsystem::uninitialize() {
    stopping();
    if (metricsServer_) {
        metricsServer_->stop(kDrainTimeout);
        metricsServer_.reset();
    }
    if (server_) {
        // Stop accepting, close idle keep-alive connections, let requests in progress finish.
        server_->stop(kDrainTimeout);
        server_.reset();
    }
    // After the last request: writes the uses they noted, while the database is still open.
    if (keyUses_) keyUses_->stop();
}

}  // namespace lodestone::app
