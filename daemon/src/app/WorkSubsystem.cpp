#include <Poco/Logger.h>

#include <optional>
#include <set>
#include <string>

#include "app/Subsystems.hpp"
#include "outbound/PolicyGateway.hpp"
#include "outreach/icp/IcpCriteria.hpp"
#include "outreach/imports/ImportQueue.hpp"
#include "outreach/sequence/Sequence.hpp"
#include "storage/CampaignRepository.hpp"

namespace lodestone::app {
namespace {

// The most of one response body a research plugin may read (docs/configuration.md).
constexpr std::size_t kResearchResponseCap = 8u * 1024u * 1024u;
// ... and a content plugin: a language model's reply is a few kilobytes of JSON; 4 MiB leaves
// room for verbose servers without letting one fill memory.
constexpr std::size_t kContentResponseCap = 4u * 1024u * 1024u;
// The longest one slice of an import's rows (ImportPace::sliceRows) may take: far beyond what
// 5,000 rows take on any database that is up, so that only a stuck one hits it.
constexpr std::chrono::milliseconds kImportSliceTimeout = std::chrono::minutes(5);

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.work");
}

jobs::PipelineSettings pipelineSettings(const config::Config& config) {
    const auto& steps = config.pipeline;
    jobs::PipelineSettings settings;
    auto step = [](const config::StepConfig& step) {
        return jobs::StepSettings{step.concurrency, step.timeout};
    };
    settings.steps = {{domain::StepName::Research, step(steps.research)},
                      {domain::StepName::Content, step(steps.content)},
                      {domain::StepName::Finalize, step(steps.finalize)},
                      {domain::StepName::Score, step(steps.scoring)}};
    settings.retryBackoff = config.jobs.retryBackoff;
    settings.leaseGrace = config.jobs.leaseGrace;
    settings.pollInterval = config.jobs.pollInterval;
    return settings;
}

// The outbound rules of one kind of work's requests: a User-Agent naming what they are for, its
// own switch for private networks (named in every refusal), and at most `responseCap` bytes of
// one answer when it is given.
std::shared_ptr<const plugins::HttpGateway> gatewayFor(const std::string& purpose,
                                                       const std::string& allowKey,
                                                       bool allowPrivateNetworks,
                                                       std::optional<std::size_t> responseCap) {
    outbound::OutboundPolicy policy;
    policy.allowPrivateNetworks = allowPrivateNetworks;
    if (responseCap) policy.maxResponseBytes = *responseCap;
    policy.userAgent = std::string("Lodestone/") + LODESTONE_VERSION + " (" + purpose + ")";
    policy.allowHint = "set " + allowKey + ": true to allow it";
    return std::make_shared<outbound::PolicyGateway>(policy);
}

// What research plugins reach the web through (a company's website): the research step's own
// policy, apart from the webhooks'. Pages are large beside webhook answers; a plugin may ask
// for less per request (http_request's maxResponseBytes).
std::shared_ptr<const plugins::HttpGateway> researchHttp(const config::Config& config) {
    return gatewayFor("research", "pipeline.research.allow_private_networks",
                      config.pipeline.research.allowPrivateNetworks, kResearchResponseCap);
}

// What content plugins reach their service through (a language model's server, which for
// Ollama or llama.cpp is often on this machine or the LAN): the content step's own policy.
std::shared_ptr<const plugins::HttpGateway> contentHttp(const config::Config& config) {
    return gatewayFor("content", "pipeline.content.allow_private_networks",
                      config.pipeline.content.allowPrivateNetworks, kContentResponseCap);
}

}  // namespace

WorkSubsystem::~WorkSubsystem() {
    uninitialize();
}

void WorkSubsystem::initialize(Poco::Util::Application&) {
    if (!config_.jobs.run) {
        log().information("jobs.run is false: this lodestoned serves the API only");
        return;
    }
    using plugins::PluginRegistry;
    const auto& live = plugins_.live();
    auto& store = storage_.store();
    engine_ = std::make_unique<work::Engine>(
        store, clock_,
        work::EngineSettings{config_.jobs.shutdownGrace, config_.jobs.reaperInterval});

    // The config loader names a default plugin for research, content and webhooks, and the
    // plugins were loaded before us.
    const auto research = researchHttp(config_);
    // Each kind takes the plugin in force when it prepares a run, so a reload reaches new work.
    const plugins::PluginChoice researchPlugin(live, &PluginRegistry::researchWaterfall);
    leadMagnets_ = std::make_unique<leadmagnet::LeadMagnetJobs>(
        store, clock_, researchPlugin, plugins::PluginChoice(live, &PluginRegistry::content),
        research, contentHttp(config_), &metrics_.series());
    prospects_ = std::make_unique<outreach::ProspectJobs>(
        researchPlugin, clock_, research,
        outreach::LeadMagnetSettings{config_.server.publicUrl, config_.jobs.maxRetries});
    jobs::JobHandlers handlers;
    handlers.add(*leadMagnets_);
    handlers.add(*prospects_);
    auto settings = pipelineSettings(config_);
    settings.series = &metrics_.series();
    pipeline_ = std::make_unique<jobs::Pipeline>(std::move(settings), std::move(handlers));
    pipeline_->addTo(*engine_);
    warnAboutUnreadableCampaigns();
    addWebhookDeliveries();
    addEmailSends();
    addImports();
    engine_->start();
    // Work queued through another host (on PostgreSQL) starts here at once, not at the next poll.
    announcements_ = store.listenForWork([this](const std::string& queue) { wake(queue); });
    watchMailboxes();
}

void WorkSubsystem::addWebhookDeliveries() {
    const auto& settings = config_.webhooks;
    auto plugin = plugins_.live().current()->webhook();
    if (!plugin) throw std::runtime_error("webhooks: no webhook plugin is configured");

    // Webhook answers are read only for an excerpt: the policy's default cap is plenty.
    auto gateway = gatewayFor("webhooks", "webhooks.allow_private_networks",
                              settings.allowPrivateNetworks, std::nullopt);

    webhooks::DeliveryAttempt attempt(
        plugins::PluginChoice(plugins_.live(), &plugins::PluginRegistry::webhook), gateway,
        settings.timeout, clock_);
    work::PoolSettings pool;
    pool.concurrency = settings.concurrency;
    pool.timeout = attempt.timeout();
    pool.callGrace = webhooks::DeliveryAttempt::kReportGrace;
    // The lease outlasts the longest attempt by jobs.lease_grace, the room to record its
    // outcome: a live worker never loses its claim to the rescuer.
    pool.lease = attempt.longest() + config_.jobs.leaseGrace;
    pool.pollInterval = config_.jobs.pollInterval;
    deliveries_ = std::make_unique<webhooks::DeliveryQueue>(
        std::move(attempt), webhooks::RetrySchedule(settings.retrySchedule), &metrics_.series());
    engine_->add(*deliveries_, pool);
    log().information("delivering webhooks through plugin \"%s\" with %d workers", plugin->name(),
                      settings.concurrency);
}

void WorkSubsystem::addEmailSends() {
    const auto& settings = config_.pipeline.mailer;
    auto mailer = plugins_.live().current()->mailer();
    if (!mailer) {
        // Sequences still schedule their emails, which wait (pending) until a mailer is named.
        log().information(
            "no pipeline.mailer is configured: outreach emails wait until one is "
            "(docs/outreach.md)");
        return;
    }
    outreach::SendSettings send;
    send.mailer = plugins::PluginChoice(plugins_.live(), &plugins::PluginRegistry::mailer);
    send.publicUrl = config_.server.publicUrl;
    send.leadMagnetRetries = config_.jobs.maxRetries;
    send.timeout = settings.timeout;
    send.maxAttempts = settings.maxAttempts;
    send.retries = work::RetryPolicy(settings.retryBackoff);
    send.series = &metrics_.series();
    work::PoolSettings pool;
    pool.concurrency = settings.concurrency;
    pool.timeout = settings.timeout;
    // Room for a mailer that stops at its deadline to say where the conversation stood.
    pool.callGrace = std::chrono::milliseconds(500);
    pool.lease = settings.timeout + pool.callGrace + config_.jobs.leaseGrace;
    // A stop lets an email being sent finish its conversation: interrupted, it would be sent
    // again, though the server may have taken it.
    pool.stopGrace = settings.timeout + pool.callGrace;
    pool.pollInterval = config_.jobs.pollInterval;
    sends_ = std::make_unique<outreach::SendQueue>(std::move(send));
    engine_->add(*sends_, pool);
    log().information("sending outreach emails through plugin \"%s\" with %d workers",
                      mailer->name(), settings.concurrency);
}

void WorkSubsystem::addImports() {
    outreach::imports::ImportWork work;
    work.maxRetries = config_.jobs.maxRetries;
    work.jobsQueued = [this] { jobQueued(); };
    work::PoolSettings pool;
    // One file at a time per process: an import is bound by the database's writes, which a
    // second worker would only contend for.
    pool.concurrency = 1;
    pool.timeout = kImportSliceTimeout;
    pool.lease = pool.timeout + config_.jobs.leaseGrace;
    pool.pollInterval = config_.jobs.pollInterval;
    imports_ =
        std::make_unique<outreach::imports::ImportQueue>(storage_.store(), clock_, std::move(work));
    engine_->add(*imports_, pool);
}

void WorkSubsystem::watchMailboxes() {
    // `mailbox:` and each provisioned campaign's own; one watcher per mailbox however many
    // campaigns name it (matching is by Message-ID, which no two campaigns share).
    std::vector<const config::MailboxConfig*> all;
    if (config_.mailbox) all.push_back(&*config_.mailbox);
    for (const auto& organisation : config_.provision.organisations) {
        for (const auto& campaign : organisation.campaigns) {
            if (campaign.mailbox) all.push_back(&*campaign.mailbox);
        }
    }
    std::set<std::string> watched;
    for (const auto* mailbox : all) {
        auto watcher = std::make_unique<MailboxWatcher>(*mailbox, storage_.store(), clock_);
        if (!watched.insert(watcher->name()).second) continue;
        watcher->start();
        mailboxes_.push_back(std::move(watcher));
    }
}

void WorkSubsystem::warnAboutUnreadableCampaigns() {
    // Criteria stored before they were checked (or by an older release) fail every scoring of
    // the campaign's prospects: say so once, at start, with the fix.
    auto campaigns = storage_.store().read(
        [](storage::Repositories& repositories) { return repositories.campaigns().list({}); });
    for (const auto& campaign : campaigns) {
        if (!campaign.icpJson) continue;
        try {
            outreach::IcpCriteria::parse(*campaign.icpJson);
        } catch (const outreach::IcpError& e) {
            log().warning(
                "campaign %s (%s): its ICP criteria do not parse (%s); its prospects fail "
                "scoring until `lodestonectl campaign update %s --icp FILE` fixes them",
                campaign.name, campaign.id, std::string(e.what()), campaign.id);
        }
    }
    for (const auto& campaign : campaigns) {
        if (!campaign.sequenceJson) continue;
        try {
            outreach::Sequence::parse(*campaign.sequenceJson);
        } catch (const outreach::SequenceError& e) {
            log().warning(
                "campaign %s (%s): its email sequence does not parse (%s); no email of it is "
                "sent until `lodestonectl campaign update %s --sequence FILE` fixes it",
                campaign.name, campaign.id, std::string(e.what()), campaign.id);
        }
    }
}

void WorkSubsystem::uninitialize() {
    announcements_.reset();  // before the engine it wakes
    for (auto& mailbox : mailboxes_) mailbox->stop();
    mailboxes_.clear();
    if (!engine_) return;
    callsLeftRunning_ = engine_->stop();
    engine_.reset();
    deliveries_.reset();
    sends_.reset();
    imports_.reset();
    pipeline_.reset();
    prospects_.reset();
    leadMagnets_.reset();
}

std::optional<std::chrono::milliseconds> WorkSubsystem::engineStall() const {
    if (!engine_) return std::nullopt;
    return engine_->longestStall();
}

void WorkSubsystem::jobQueued() {
    wake(kJobsQueue);
    // An API-only host (jobs.run: false) has no workers of its own, but the others do.
    storage_.store().announceWork(kJobsQueue);
}

void WorkSubsystem::webhookQueued() {
    wake(kWebhooksQueue);
    storage_.store().announceWork(kWebhooksQueue);
}

void WorkSubsystem::importQueued() {
    wake(kImportsQueue);
    storage_.store().announceWork(kImportsQueue);
}

void WorkSubsystem::wake(const std::string& queue) {
    if (!engine_) return;
    if (queue == kImportsQueue && imports_) engine_->wake(imports_->table());
    if (queue == kJobsQueue && pipeline_) engine_->wake(pipeline_->table());
    if (queue == kWebhooksQueue && deliveries_) engine_->wake(deliveries_->table());
}

}  // namespace lodestone::app
