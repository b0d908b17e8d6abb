#pragma once

#include <Poco/ThreadPool.h>
#include <Poco/Util/Subsystem.h>

#include <memory>

#include "api/ApiServices.hpp"
#include "api/RouteTable.hpp"
#include "app/MailboxWatcher.hpp"
#include "config/Config.hpp"
#include "http/FrontServer.hpp"
#include "jobs/Pipeline.hpp"
#include "leadmagnet/steps/LeadMagnetJobs.hpp"
#include "outreach/sending/SendQueue.hpp"
#include "outreach/steps/ProspectJobs.hpp"
#include "plugins/PluginRegistry.hpp"
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
    explicit StorageSubsystem(const config::Config& config) : config_(config) {}
    const char* name() const override { return "storage"; }
    void initialize(Poco::Util::Application& app) override;
    void uninitialize() override;
    storage::Store& store();

  private:
    const config::Config& config_;
    std::unique_ptr<storage::Store> store_;
};

// Creates or updates what `provision:` declares; prints keys it generated, once.
class ProvisioningSubsystem final : public Poco::Util::Subsystem {
  public:
    ProvisioningSubsystem(const config::Config& config, StorageSubsystem& storage)
        : config_(config), storage_(storage) {}
    const char* name() const override { return "provisioning"; }
    void initialize(Poco::Util::Application& app) override;
    void uninitialize() override {}

  private:
    const config::Config& config_;
    StorageSubsystem& storage_;
};

// Loads and configures the plugin libraries the config names.
class PluginSubsystem final : public Poco::Util::Subsystem {
  public:
    explicit PluginSubsystem(const config::Config& config) : config_(config) {}
    const char* name() const override { return "plugins"; }
    void initialize(Poco::Util::Application& app) override;
    void uninitialize() override;
    const plugins::PluginRegistry& registry() const { return registry_; }

  private:
    const config::Config& config_;
    plugins::PluginRegistry registry_;
};

// Runs the background work on one engine (unless jobs.run is false: an API-only lodestoned
// leaves it to the process that runs jobs): lead-magnet and prospect jobs through the pipeline's
// plugins, the outbox's webhook deliveries through the webhook plugin, and outreach emails
// through the mailer plugin.
class WorkSubsystem final : public Poco::Util::Subsystem {
  public:
    WorkSubsystem(const config::Config& config, StorageSubsystem& storage, PluginSubsystem& plugins)
        : config_(config), storage_(storage), plugins_(plugins) {}
    ~WorkSubsystem() override;
    const char* name() const override { return "work"; }
    void initialize(Poco::Util::Application& app) override;
    void uninitialize() override;
    // Wake the workers: a job was queued (created, retried), or a webhook event was written
    // (a booking, a redelivery). Safe to call when no engine runs.
    void jobQueued();
    void webhookQueued();
    // After uninitialize(): plugin calls still run on threads of their own, so unloading the
    // plugins (or any teardown they may touch) is unsafe.
    bool leftCallsRunning() const { return callsLeftRunning_ > 0; }

  private:
    void addWebhookDeliveries();
    void addEmailSends();
    void watchMailboxes();
    void warnAboutUnreadableCampaigns();

    const config::Config& config_;
    StorageSubsystem& storage_;
    PluginSubsystem& plugins_;
    std::unique_ptr<leadmagnet::LeadMagnetJobs> leadMagnets_;
    std::unique_ptr<outreach::ProspectJobs> prospects_;
    std::unique_ptr<jobs::Pipeline> pipeline_;
    std::unique_ptr<webhooks::DeliveryQueue> deliveries_;
    std::unique_ptr<outreach::SendQueue> sends_;
    std::vector<std::unique_ptr<MailboxWatcher>> mailboxes_;
    std::unique_ptr<work::Engine> engine_;  // stops before the kinds it runs go
    int callsLeftRunning_ = 0;
};

// Serves the HTTP interface on server.listen.
class HttpSubsystem final : public Poco::Util::Subsystem {
  public:
    HttpSubsystem(const config::Config& config, StorageSubsystem& storage, WorkSubsystem& work)
        : config_(config), storage_(storage), work_(work) {}
    ~HttpSubsystem() override;
    const char* name() const override { return "http"; }
    void initialize(Poco::Util::Application& app) override;
    void uninitialize() override;

  private:
    const config::Config& config_;
    StorageSubsystem& storage_;
    WorkSubsystem& work_;
    std::unique_ptr<auth::ApiKeyCache> keys_;
    std::unique_ptr<ratelimit::RateLimiter> limiter_;
    std::unique_ptr<leadmagnet::StepTimings> stepTimings_;
    std::unique_ptr<api::ApiServices> services_;
    api::RouteTable routes_;
    std::unique_ptr<http::FrontServer> server_;
};

}  // namespace lodestone::app
