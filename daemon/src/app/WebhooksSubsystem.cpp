#include <Poco/Logger.h>

#include "app/Subsystems.hpp"
#include "jobs/WorkerIdentity.hpp"
#include "outbound/PolicyGateway.hpp"

namespace lodestone::app {

WebhooksSubsystem::~WebhooksSubsystem() {
    uninitialize();
}

void WebhooksSubsystem::initialize(Poco::Util::Application&) {
    if (!config_.jobs.run) return;
    const auto& settings = config_.webhooks;
    auto plugin = plugins_.registry().webhook();
    // The config loader names the bundled plugin when `webhooks.plugin` is absent.
    if (!plugin) throw std::runtime_error("webhooks: no webhook plugin is configured");

    outbound::OutboundPolicy policy;
    policy.allowPrivateNetworks = settings.allowPrivateNetworks;
    policy.userAgent = std::string("Lodestone/") + LODESTONE_VERSION + " (webhooks)";
    policy.allowHint = "set webhooks.allow_private_networks: true to allow it";
    auto gateway = std::make_shared<outbound::PolicyGateway>(policy);

    webhooks::DeliveryAttempt attempt(plugin, gateway, settings.timeout);
    webhooks::DeliveryPoolSettings pool;
    pool.concurrency = settings.concurrency;
    // The lease outlasts the longest attempt by jobs.lease_grace, the room to record its
    // outcome: a live worker never loses its claim to recovery.
    pool.lease = attempt.longest() + config_.jobs.leaseGrace;
    pool.pollInterval = config_.jobs.pollInterval;
    pool_ = std::make_unique<webhooks::DeliveryPool>(
        pool, webhooks::RetrySchedule(settings.retrySchedule), storage_.store(),
        jobs::newProcessOwner(), std::move(attempt));
    pool_->start();
    Poco::Logger::get("lodestone.webhooks")
        .information("delivering webhooks through plugin \"%s\" with %d workers", plugin->name(),
                     settings.concurrency);
}

void WebhooksSubsystem::uninitialize() {
    if (!pool_) return;
    callsLeftRunning_ = pool_->stop(config_.jobs.shutdownGrace);
    pool_.reset();
}

void WebhooksSubsystem::eventWritten() {
    if (pool_) pool_->wake();
}

}  // namespace lodestone::app
