#pragma once

#include <Poco/Net/ServerSocket.h>
#include <Poco/ThreadPool.h>
#include <Poco/Util/Subsystem.h>

#include <chrono>
#include <memory>
#include <optional>

#include "api/ApiServices.hpp"
#include "app/MailboxWatcher.hpp"
#include "app/MetricsScrape.hpp"
#include "app/Readiness.hpp"
#include "config/Config.hpp"
#include "dashboard/Dashboard.hpp"
#include "http/FrontServer.hpp"
#include "jobs/Pipeline.hpp"
#include "leadmagnet/steps/LeadMagnetJobs.hpp"
#include "metrics/Series.hpp"
#include "outreach/imports/ImportQueue.hpp"
#include "outreach/sending/SendQueue.hpp"
#include "outreach/steps/ProspectJobs.hpp"
#include "plugins/LivePlugins.hpp"
#include "routing/RouteTable.hpp"
#include "storage/Store.hpp"
#include "webhooks/DeliveryQueue.hpp"
#include "work/Engine.hpp"

// The parts of lodestoned, as Poco subsystems: the application initialises them in the order it
// adds them (storage, provisioning, plugins, work, http) and uninitialises them in
// reverse.
namespace lodestone::app {

// Opens the database and brings its schema up to date.
class StorageSubsystem final : public Poco::Util::Subsystem {
  public:
    StorageSubsystem(const config::Config& config, const domain::Clock& clock)
        : config_(config), clock_(clock) {}
    const char* name() const override { return "storage"; }
    void initialize(Poco::Util::Application& app) override;
    void uninitialize() override;
    storage::Store& store();

  private:
    const config::Config& config_;
    const domain::Clock& clock_;
    std::unique_ptr<storage::Store> store_;
};

// Creates or updates what `provision:` declares; prints keys it generated, once.
class ProvisioningSubsystem final : public Poco::Util::Subsystem {
  public:
    ProvisioningSubsystem(const config::Config& config, const domain::Clock& clock,
                          StorageSubsystem& storage)
        : config_(config), clock_(clock), storage_(storage) {}
    const char* name() const override { return "provisioning"; }
    void initialize(Poco::Util::Application&) override { apply(config_); }
    void uninitialize() override {}
    // Brings the database in line with `config`'s provision section (at start, and on reload).
    void apply(const config::Config& config);

  private:
    const config::Config& config_;
    const domain::Clock& clock_;
    StorageSubsystem& storage_;
};

// Loads and configures the plugin libraries the config names; a reload puts others in force.
class PluginSubsystem final : public Poco::Util::Subsystem {
  public:
    explicit PluginSubsystem(const config::Config& config) : config_(config) {}
    const char* name() const override { return "plugins"; }
    void initialize(Poco::Util::Application& app) override;
    void uninitialize() override;
    const plugins::LivePlugins& live() const { return live_; }
    // Puts the plugins of a reloaded config in force (work already prepared keeps its own).
    void replace(plugins::PluginRegistry registry);

  private:
    void logLoaded() const;

    const config::Config& config_;
    plugins::LivePlugins live_;
};

// Runs the background work on one engine (unless jobs.run is false: an API-only lodestoned
// leaves it to the process that runs jobs): lead-magnet and prospect jobs through the pipeline's
// plugins, the outbox's webhook deliveries through the webhook plugin, and outreach emails
// through the mailer plugin.
class WorkSubsystem final : public Poco::Util::Subsystem {
  public:
    WorkSubsystem(const config::Config& config, const domain::Clock& clock,
                  StorageSubsystem& storage, PluginSubsystem& plugins, metrics::Metrics& metrics)
        : config_(config), clock_(clock), storage_(storage), plugins_(plugins), metrics_(metrics) {}
    ~WorkSubsystem() override;
    const char* name() const override { return "work"; }
    void initialize(Poco::Util::Application& app) override;
    void uninitialize() override;
    // Wake the workers: a job was queued (created, retried), or a webhook event was written
    // (a booking, a redelivery). Safe to call when no engine runs.
    void jobQueued();
    void webhookQueued();
    void importQueued();  // a CSV file of leads has arrived
    // The longest any of the engine's loops has gone without turning; nullopt when this process
    // runs no engine (jobs.run: false).
    std::optional<std::chrono::milliseconds> engineStall() const;
    // After uninitialize(): plugin calls still run on threads of their own, so unloading the
    // plugins (or any teardown they may touch) is unsafe.
    bool leftCallsRunning() const { return callsLeftRunning_ > 0; }

  private:
    void addWebhookDeliveries();
    void addEmailSends();
    void addImports();
    void watchMailboxes();
    void warnAboutUnreadableCampaigns();
    // Wakes this process's workers of `queue` (kJobsQueue, kWebhooksQueue).
    void wake(const std::string& queue);

    static constexpr const char* kJobsQueue = "jobs";
    static constexpr const char* kWebhooksQueue = "webhooks";
    static constexpr const char* kImportsQueue = "imports";

    const config::Config& config_;
    const domain::Clock& clock_;
    StorageSubsystem& storage_;
    PluginSubsystem& plugins_;
    metrics::Metrics& metrics_;
    std::unique_ptr<leadmagnet::LeadMagnetJobs> leadMagnets_;
    std::unique_ptr<outreach::ProspectJobs> prospects_;
    std::unique_ptr<jobs::Pipeline> pipeline_;
    std::unique_ptr<webhooks::DeliveryQueue> deliveries_;
    std::unique_ptr<outreach::SendQueue> sends_;
    std::unique_ptr<outreach::imports::ImportQueue> imports_;
    std::vector<std::unique_ptr<MailboxWatcher>> mailboxes_;
    std::unique_ptr<work::Engine> engine_;  // stops before the kinds it runs go
    std::unique_ptr<storage::WorkListener> announcements_;
    int callsLeftRunning_ = 0;
};

// Serves the HTTP interface on server.listen, and GET /metrics there or, when set, on
// server.metrics_listen alone.
class HttpSubsystem final : public Poco::Util::Subsystem {
  public:
    HttpSubsystem(const config::Config& config, const domain::Clock& clock,
                  StorageSubsystem& storage, PluginSubsystem& plugins, WorkSubsystem& work,
                  metrics::Metrics& metrics)
        : config_(config),
          clock_(clock),
          storage_(storage),
          plugins_(plugins),
          work_(work),
          metrics_(metrics) {}
    ~HttpSubsystem() override;
    const char* name() const override { return "http"; }
    // Binds server.listen (and server.metrics_listen), before anything else starts: a port in
    // use stops start-up before migrations run or work is claimed. Connections wait in the
    // backlog until initialize().
    void bind();
    // A stop has begun: /readyz says so while requests in progress finish.
    void stopping();
    void initialize(Poco::Util::Application& app) override;
    void uninitialize() override;

  private:
    void serveMetricsApart();

    const config::Config& config_;
    const domain::Clock& clock_;
    StorageSubsystem& storage_;
    PluginSubsystem& plugins_;
    WorkSubsystem& work_;
    metrics::Metrics& metrics_;
    std::unique_ptr<Readiness> readiness_;
    std::unique_ptr<MetricsScrape> scrape_;
    std::unique_ptr<auth::KeyUseLog> keyUses_;
    std::unique_ptr<auth::ApiKeyCache> keys_;
    std::unique_ptr<ratelimit::RateLimiter> limiter_;
    std::unique_ptr<leadmagnet::StepTimings> stepTimings_;
    std::unique_ptr<leadmagnet::ProjectCache> projects_;
    std::unique_ptr<dashboard::Dashboard> dashboard_;
    std::unique_ptr<api::ApiServices> services_;
    routing::RouteTable routes_;         // server.listen's
    routing::RouteTable metricsRoutes_;  // server.metrics_listen's
    std::unique_ptr<Poco::Net::ServerSocket> socket_;
    std::unique_ptr<http::FrontServer> server_;
    std::unique_ptr<Poco::Net::ServerSocket> metricsSocket_;
    std::unique_ptr<http::FrontServer> metricsServer_;
};

}  // namespace lodestone::app
