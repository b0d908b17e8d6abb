#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "config/ConfigNode.hpp"
#include "config/Duration.hpp"
#include "domain/ProjectSchema.hpp"

namespace lodestone::config {

using namespace std::chrono_literals;

// A host and port to listen on (server.listen's form).
struct ListenAddress {
    std::string host;
    std::uint16_t port = 0;  // 0 picks a free port (tests)
};

struct ServerConfig {
    std::string host = "127.0.0.1";
    std::uint16_t port = 8080;  // 0 picks a free port (tests)
    // GET /metrics only there, and no longer on the main listener; unset: on the main one.
    std::optional<ListenAddress> metricsListen;
    std::string publicUrl = "http://127.0.0.1:8080";  // no trailing slash
    int threads = 32;
    int maxQueued = 256;  // complete requests waiting for a worker
    std::int64_t maxBodyBytes = 1'048'576;
    std::int64_t maxHeaderBytes = 16'384;  // request line and header fields
    Duration headTimeout = 10s;
    Duration keepAliveTimeout = 15s;
    Duration sendTimeout = 30s;
    std::int64_t minBodyRate = 1024;  // bytes per second, after head_timeout
    int maxConnections = 4096;
    int maxConnectionsPerAddress = 256;
    // How often the API keys' "last used" times noted by requests are written.
    Duration keyLastUsedInterval = 60s;
};

struct StorageConfig {
    std::string driver = "sqlite";
    std::filesystem::path path;  // sqlite: absolute, resolved against the config file's folder
    std::string dsn;             // postgresql: a libpq connection string, ${NAME} expanded
    // postgresql: a statement running longer is cancelled and its transaction fails.
    Duration statementTimeout = 30s;
    Duration busyTimeout = 5s;
    int poolSize = 8;
    // SQLite's synchronous setting: "full" syncs every commit to disk (survives power loss);
    // "normal" syncs at checkpoints only (survives a process crash, not power loss), far faster.
    std::string synchronous = "full";
};

// One plugin instance: a library and the `config:` subtree handed to its configure().
struct PluginConfig {
    std::string name;
    std::filesystem::path library;     // resolved; see resolvePluginLibrary
    ConfigNode node;                   // plugins.<name>, for messages
    ConfigNode libraryNode;            // plugins.<name>.library
    std::optional<ConfigNode> config;  // plugins.<name>.config
};

// A reference from pipeline/webhooks to a plugin by name, remembered with its place in the file.
struct PluginRef {
    std::string name;
    int line = 0;
    std::string path;  // e.g. "pipeline.research.plugin"
};

struct StepConfig {
    std::optional<PluginRef> plugin;
    int concurrency = 1;
    Duration timeout = 60s;
    Duration stuckAfter = 60s;  // a run older than this shows isStuck; defaults to the timeout
    // Research and content only: its plugin's outbound HTTP (a company's website, a language
    // model's server) may reach loopback, private, link-local and reserved addresses, as
    // webhooks.allow_private_networks does.
    bool allowPrivateNetworks = false;
    // Research only: every instance pipeline.research.plugin names, in order (a list there is a
    // waterfall, docs/plugins.md); `plugin` is the first of them.
    std::vector<PluginRef> waterfall{};
};

// Outreach emails (pipeline.mailer): none is sent until a mailer plugin is named.
struct MailerConfig {
    std::optional<PluginRef> plugin;
    int concurrency = 4;
    Duration timeout = 30s;  // one SMTP conversation
    int maxAttempts = 5;     // of one email, before it fails for good
    Duration retryBackoff = 5min;
};

struct PipelineConfig {
    StepConfig research{std::nullopt, 16, 60s, 60s};
    StepConfig content{std::nullopt, 16, 120s, 120s};
    StepConfig finalize{std::nullopt, 4, 30s, 30s};
    StepConfig scoring{std::nullopt, 4, 30s, 30s};  // a prospect's ICP score, in the daemon
    MailerConfig mailer;
    // The vocabulary file (pipeline.vocabulary; docs/plugins.md "The vocabulary"): the loader
    // makes it vocabulary.yaml in the plugin dir when the file names none. Empty (a config made
    // in code): the words built into the daemon and the plugins.
    std::filesystem::path vocabulary;
};

// A mailbox replies and bounces arrive in (`mailbox:`, or a campaign's own), read over POP3.
struct MailboxConfig {
    std::string host;
    int port = 995;                // 110 unless tls is implicit
    std::string tls = "implicit";  // none, starttls, implicit: the password never goes in clear
    std::string username;
    std::string password;
    Duration pollInterval = 60s;
    Duration timeout = 30s;
    std::optional<std::filesystem::path> caFile;  // trust these CAs instead of the system's
    int line = 0;
};

struct WebhooksConfig {
    std::optional<PluginRef> plugin;
    Duration timeout = 5s;
    std::vector<Duration> retrySchedule{1min, 5min, 30min, 2h};
    bool allowPrivateNetworks = false;
    int concurrency = 16;
};

struct LimitsConfig {
    int generatePerMinute = 100;
    int statusPerMinute = 300;
    int campaignLeadsPerMinute = 100;
};

// imports: what one CSV import of leads may hold (docs/lists.md).
struct ImportsConfig {
    std::int64_t maxFileBytes = 100ll * 1024 * 1024;
    std::int64_t maxRows = 1'000'000;
    std::int64_t maxFieldBytes = 64 * 1024;
    int maxColumns = 200;
};

struct JobsConfig {
    int maxRetries = 3;
    Duration retryBackoff = 10s;
    Duration shutdownGrace = 20s;
    // A lease runs for the step's timeout plus this, renewed while the step runs; a holder that
    // dies is noticed this long after its step would have timed out at the latest.
    Duration leaseGrace = 15s;
    Duration reaperInterval = 5s;  // how often expired leases are looked for
    // The longest an idle worker goes without looking for work it was not told about (queued by
    // another process, or due after a back-off).
    Duration pollInterval = 1s;
    // false: this lodestoned serves the API but runs no jobs (another process sharing the
    // database does).
    bool run = true;
};

struct LoggingConfig {
    enum class Format { Text, Json };
    std::string level = "information";          // Poco level names: trace … fatal, none
    std::optional<std::filesystem::path> file;  // absent: standard error (journald under systemd)
    Format format = Format::Text;               // key=value fields, or one JSON object a line
    bool access = false;                        // a line per answered HTTP request
};

struct ApiKeySpec {
    std::string name;
    std::vector<std::string> projects;  // project names of the same organisation
    std::optional<Duration> expiresIn;
    std::optional<std::string> key;  // a fixed key value (usually ${ENV}); else generated
    int line = 0;
};

struct ProjectSpec {
    std::string name;
    std::optional<domain::ProjectSchema> schema;
    std::optional<std::string> leadMagnetHost;
    std::optional<std::int64_t> creditsPerGeneration;
    std::optional<std::string> settingsJson;  // JSON object: content templates, page template
    int line = 0;
};

struct CampaignSpec {
    std::string name;
    std::optional<std::string> webhookUrl;
    Location webhookUrlLocation;  // for the warning admin::provisionWarnings may give about it
    std::optional<std::string> calendarUrl;
    // The name of a project provisioned in the same organisation: its lead magnets' project.
    std::optional<std::string> project;
    // Read as JSON but not judged here: what criteria mean is outreach's business, and config
    // must not depend on it. admin::checkProvision judges them once the file is loaded and
    // reports each problem at the line of the key it names (icpLines).
    std::optional<std::string> icpJson;
    Location icpLocation;  // where icpJson was written: the `icp` or `icp_file` key
    KeyLines icpLines;
    // The email sequence, likewise read as JSON here and judged by admin, which reports each
    // problem at the line of the key it names (sequenceLines).
    std::optional<std::string> sequenceJson;
    Location sequenceLocation;
    KeyLines sequenceLines;
    std::optional<MailboxConfig> mailbox;  // its own reply-to mailbox, read besides `mailbox:`
    int line = 0;
};

struct OrganisationSpec {
    std::string name;
    std::int64_t initialCredits = 0;
    std::vector<ProjectSpec> projects;
    std::vector<CampaignSpec> campaigns;
    std::vector<ApiKeySpec> apiKeys;
    int line = 0;
};

struct ProvisionConfig {
    std::vector<OrganisationSpec> organisations;
    // Where API keys generated at provisioning are written when standard output is not a
    // terminal (absent: provisioned-keys.txt beside the database).
    std::optional<std::filesystem::path> secretsFile;
};

struct Config {
    std::filesystem::path file;  // absolute path of the file this came from
    ServerConfig server;
    StorageConfig storage;
    std::vector<PluginConfig> plugins;
    PipelineConfig pipeline;
    WebhooksConfig webhooks;
    LimitsConfig limits;
    ImportsConfig imports;
    JobsConfig jobs;
    LoggingConfig logging;
    std::optional<MailboxConfig> mailbox;
    ProvisionConfig provision;

    const PluginConfig* findPlugin(const std::string& name) const;
};

}  // namespace lodestone::config
