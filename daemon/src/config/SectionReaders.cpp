#include "config/SectionReaders.hpp"

#include <Poco/Logger.h>

#include <regex>

#include "domain/InputText.hpp"
#include "domain/Urls.hpp"

namespace lodestone::config {
namespace {

constexpr std::int64_t kMaxThreads = 1024;
constexpr std::int64_t kMaxBodyBytes = 1LL << 30;
constexpr std::int64_t kMaxPerMinute = 1'000'000;

// "127.0.0.1:8080", "[::1]:8080", "0.0.0.0:0".
std::optional<ListenAddress> readListen(const ConfigNode& node) {
    auto text = node.asString();
    if (!text) return std::nullopt;
    static const std::regex pattern(R"(^(\[[0-9a-fA-F:.]+\]|[^:\[\]]+):([0-9]{1,5})$)");
    std::smatch match;
    if (!std::regex_match(*text, match, pattern)) {
        node.error("expected host:port such as 127.0.0.1:8080 or [::1]:8080, got \"" + *text +
                   "\"");
        return std::nullopt;
    }
    int port = std::stoi(match[2].str());
    if (port > 65535) {
        node.error("port must be between 0 and 65535, got " + match[2].str());
        return std::nullopt;
    }
    std::string host = match[1].str();
    if (host.front() == '[') host = host.substr(1, host.size() - 2);
    return ListenAddress{host, static_cast<std::uint16_t>(port)};
}

std::optional<PluginRef> readPluginRef(MapReader& reader) {
    auto node = reader.optional("plugin");
    if (!node) return std::nullopt;
    auto name = node->asString();
    if (!name) return std::nullopt;
    return PluginRef{*name, node->line(), node->path()};
}

// pipeline.research.plugin: one instance's name, or a list of them run in turn (a waterfall).
// `step.plugin` is the first, so what reads one plugin reads a waterfall's first.
void readResearchPlugins(MapReader& reader, StepConfig& step) {
    auto node = reader.optional("plugin");
    if (!node) return;
    step.waterfall.clear();
    if (!node->isSequence()) {
        if (auto name = node->asString()) {
            step.waterfall.push_back(PluginRef{*name, node->line(), node->path()});
        }
    } else {
        auto elements = node->elements();
        if (elements.empty()) node->error("expected at least one research plugin instance's name");
        for (const auto& element : elements) {
            auto name = element.asString();
            if (!name) continue;
            for (const auto& earlier : step.waterfall) {
                if (earlier.name == *name) {
                    element.error("\"" + *name + "\" is already in the list (" + earlier.path +
                                  "); an instance runs once per lead");
                }
            }
            step.waterfall.push_back(PluginRef{*name, element.line(), element.path()});
        }
    }
    if (!step.waterfall.empty()) step.plugin = step.waterfall.front();
}

// `fetches`: the step's plugin gets outbound HTTP (research, content), whose policy is set here
// too.
// `waterfall`: the step's plugin may be a list (research).
StepConfig readStep(const ConfigNode& node, StepConfig step, bool takesPlugin, bool fetches = false,
                    bool waterfall = false) {
    MapReader reader(node);
    if (waterfall) {
        readResearchPlugins(reader, step);
    } else if (takesPlugin) {
        step.plugin = readPluginRef(reader);
    }
    if (fetches) reader.read("allow_private_networks", step.allowPrivateNetworks);
    reader.read("concurrency", step.concurrency, 1, kMaxThreads);
    reader.read("timeout", step.timeout);
    step.stuckAfter = step.timeout;
    reader.read("stuck_after", step.stuckAfter);
    reader.finish();
    return step;
}

MailerConfig readMailer(const ConfigNode& node) {
    MailerConfig mailer;
    MapReader reader(node);
    // Unlike the pipeline's steps, there is no default mailer: naming the section names one.
    if (auto plugin = reader.required("plugin")) {
        if (auto name = plugin->asString()) {
            mailer.plugin = PluginRef{*name, plugin->line(), plugin->path()};
        }
    }
    reader.read("concurrency", mailer.concurrency, 1, kMaxThreads);
    reader.read("timeout", mailer.timeout);
    reader.read("max_attempts", mailer.maxAttempts, 1, 100);
    reader.read("retry_backoff", mailer.retryBackoff);
    reader.finish();
    return mailer;
}

}  // namespace

std::filesystem::path resolvePath(const std::string& path, const std::filesystem::path& baseDir) {
    std::filesystem::path p(path);
    return (p.is_absolute() ? p : baseDir / p).lexically_normal();
}

std::filesystem::path resolvePluginLibrary(const std::string& library,
                                           const std::filesystem::path& baseDir,
                                           const std::filesystem::path& pluginDir) {
    if (library.find('/') != std::string::npos) return resolvePath(library, baseDir);
    std::string file = library.ends_with(".so") ? library : library + ".so";
    return (pluginDir / file).lexically_normal();
}

std::optional<std::string> readHttpUrl(const ConfigNode& node) {
    auto text = node.asString();
    if (!text) return std::nullopt;
    auto problem = domain::httpUrlProblem(*text);
    if (!problem) return domain::withoutTrailingSlash(*text);
    node.error(std::string("expected ") + domain::kHttpUrlRule + ", got \"" +
               domain::visibleText(*text) + "\", which " + *problem);
    return std::nullopt;
}

std::optional<std::string> readHttpOrigin(const ConfigNode& node) {
    auto text = node.asString();
    if (!text) return std::nullopt;
    if (domain::isHttpOrigin(*text)) return domain::withoutTrailingSlash(*text);
    node.error(
        "expected an http:// or https:// origin with no path, such as "
        "https://go.example.com, got \"" +
        domain::visibleText(*text) + "\", which " +
        domain::httpUrlProblem(*text).value_or("has a path, a query or a fragment"));
    return std::nullopt;
}

ServerConfig readServer(const ConfigNode& node) {
    ServerConfig server;
    MapReader reader(node);
    if (auto listen = reader.optional("listen")) {
        if (auto address = readListen(*listen)) {
            server.host = address->host;
            server.port = address->port;
        }
    }
    if (auto listen = reader.optional("metrics_listen")) {
        server.metricsListen = readListen(*listen);
        // The second bind would fail at start-up anyway; said here, it names the key.
        if (server.metricsListen && server.metricsListen->port != 0 &&
            server.metricsListen->port == server.port &&
            server.metricsListen->host == server.host) {
            listen->error("must differ from server.listen, the API's own address");
            server.metricsListen.reset();
        }
    }
    if (auto url = reader.optional("public_url")) {
        if (auto value = readHttpUrl(*url)) server.publicUrl = *value;
    }
    reader.read("threads", server.threads, 1, kMaxThreads);
    reader.read("max_queued", server.maxQueued, 1, 100'000);
    reader.read("max_body_bytes", server.maxBodyBytes, 1, kMaxBodyBytes);
    reader.read("max_header_bytes", server.maxHeaderBytes, 1024, 1'048'576);
    // The front sweeps its time limits every 250 ms: a timeout under a second would cut clients
    // on an ordinary network (0s cut every connection at the first sweep), and one past the
    // maximum would let idle or stalled clients hold descriptors for no one's benefit.
    const Duration second = std::chrono::seconds(1);
    reader.read("head_timeout", server.headTimeout, second, std::chrono::minutes(10));
    reader.read("keep_alive_timeout", server.keepAliveTimeout, second, std::chrono::hours(1));
    reader.read("send_timeout", server.sendTimeout, second, std::chrono::hours(1));
    reader.read("min_body_rate", server.minBodyRate, 1, kMaxBodyBytes);
    reader.read("max_connections", server.maxConnections, 1, 1'000'000);
    reader.read("max_connections_per_address", server.maxConnectionsPerAddress, 1, 1'000'000);
    reader.read("key_last_used_interval", server.keyLastUsedInterval,
                Duration(std::chrono::milliseconds(100)), std::chrono::hours(1));
    reader.finish();
    return server;
}

StorageConfig readStorage(const ConfigNode& node, const std::filesystem::path& baseDir) {
    StorageConfig storage;
    MapReader reader(node);
    if (auto driver = reader.optional("driver")) {
        if (auto value = driver->asString()) {
            if (*value == "sqlite" || *value == "postgresql") {
                storage.driver = *value;
            } else {
                driver->error("unsupported storage driver \"" + *value +
                              "\" (expected sqlite or postgresql)");
            }
        }
    }
    // Each driver's own keys are refused under the other, so a half-edited switch from one to
    // the other is caught at the key, not found later as a database nobody meant to use.
    const bool sqlite = storage.driver == "sqlite";
    const auto onlyFor = [&](const std::string& key, const char* driver) {
        if (auto child = reader.optional(key)) {
            child->error(std::string("only for driver ") + driver + " (this section's driver is " +
                         storage.driver + ")");
        }
    };
    if (sqlite) {
        if (auto path = reader.required("path")) {
            if (auto value = path->asString()) storage.path = resolvePath(*value, baseDir);
        }
        if (auto mode = reader.optional("synchronous")) {
            if (auto value = mode->asString()) {
                if (*value == "full" || *value == "normal") {
                    storage.synchronous = *value;
                } else {
                    mode->error("expected full or normal, got \"" + *value + "\"");
                }
            }
        }
        onlyFor("dsn", "postgresql");
        onlyFor("statement_timeout", "postgresql");
    } else {
        if (auto dsn = reader.required("dsn")) {
            if (auto value = dsn->asString()) {
                if (value->empty()) dsn->error("expected a libpq connection string, got \"\"");
                storage.dsn = *value;
            }
        }
        reader.read("statement_timeout", storage.statementTimeout,
                    Duration(std::chrono::milliseconds(100)), std::chrono::hours(1));
        onlyFor("path", "sqlite");
        onlyFor("synchronous", "sqlite");
    }
    reader.read("busy_timeout", storage.busyTimeout);
    reader.read("pool_size", storage.poolSize, 1, 256);
    reader.finish();
    return storage;
}

std::vector<PluginConfig> readPlugins(const ConfigNode& node, const std::filesystem::path& baseDir,
                                      const std::filesystem::path& pluginDir) {
    static const std::regex namePattern("^[a-z0-9][a-z0-9_-]*$");
    std::vector<PluginConfig> plugins;
    for (auto& [name, pluginNode] : node.entries()) {
        if (!std::regex_match(name, namePattern)) {
            pluginNode.error("plugin names use lowercase letters, digits, '-' and '_'");
            continue;
        }
        MapReader reader(pluginNode);
        auto library = reader.required("library");
        auto config = reader.optional("config");
        reader.finish();
        if (!library) continue;
        auto path = library->asString();
        if (!path) continue;
        if (config && !config->isMap()) {
            config->error("expected a mapping of the plugin's own settings");
            continue;
        }
        plugins.push_back(PluginConfig{name, resolvePluginLibrary(*path, baseDir, pluginDir),
                                       pluginNode, *library, config});
    }
    return plugins;
}

PipelineConfig readPipeline(const ConfigNode& node, const std::filesystem::path& baseDir) {
    PipelineConfig pipeline;
    MapReader reader(node);
    if (auto file = reader.optional("vocabulary")) {
        if (auto value = file->asString()) pipeline.vocabulary = resolvePath(*value, baseDir);
    }
    if (auto step = reader.optional("research")) {
        pipeline.research = readStep(*step, pipeline.research, true, true, true);
    }
    if (auto step = reader.optional("content")) {
        pipeline.content = readStep(*step, pipeline.content, true, true);
    }
    if (auto step = reader.optional("finalize")) {
        pipeline.finalize = readStep(*step, pipeline.finalize, false);
    }
    if (auto step = reader.optional("scoring")) {
        pipeline.scoring = readStep(*step, pipeline.scoring, false);
    }
    if (auto mailer = reader.optional("mailer")) pipeline.mailer = readMailer(*mailer);
    reader.finish();
    return pipeline;
}

WebhooksConfig readWebhooks(const ConfigNode& node) {
    WebhooksConfig webhooks;
    MapReader reader(node);
    webhooks.plugin = readPluginRef(reader);
    reader.read("timeout", webhooks.timeout);
    if (auto schedule = reader.optional("retry_schedule")) {
        std::vector<Duration> delays;
        bool valid = schedule->isSequence();
        for (const auto& element : schedule->elements()) {
            auto delay = element.asDuration();
            valid = valid && delay.has_value();
            if (delay) delays.push_back(*delay);
        }
        if (valid && delays.size() > 20) {
            schedule->error("at most 20 retries are allowed");
        } else if (valid) {
            webhooks.retrySchedule = delays;
        }
    }
    reader.read("allow_private_networks", webhooks.allowPrivateNetworks);
    reader.read("concurrency", webhooks.concurrency, 1, kMaxThreads);
    reader.finish();
    return webhooks;
}

LimitsConfig readLimits(const ConfigNode& node) {
    LimitsConfig limits;
    MapReader reader(node);
    reader.read("generate_per_minute", limits.generatePerMinute, 1, kMaxPerMinute);
    reader.read("status_per_minute", limits.statusPerMinute, 1, kMaxPerMinute);
    reader.read("campaign_leads_per_minute", limits.campaignLeadsPerMinute, 1, kMaxPerMinute);
    reader.finish();
    return limits;
}

ImportsConfig readImports(const ConfigNode& node) {
    ImportsConfig imports;
    MapReader reader(node);
    // The row and file limits bound how long an import holds a worker and the database; the
    // field and column limits bound the memory one row can take while it is read.
    reader.read("max_file_bytes", imports.maxFileBytes, 1, 1ll << 40);
    reader.read("max_rows", imports.maxRows, 1, 100'000'000);
    reader.read("max_field_bytes", imports.maxFieldBytes, 1, 16ll * 1024 * 1024);
    reader.read("max_columns", imports.maxColumns, 3, 10'000);
    reader.finish();
    return imports;
}

JobsConfig readJobs(const ConfigNode& node) {
    JobsConfig jobs;
    MapReader reader(node);
    reader.read("max_retries", jobs.maxRetries, 0, 100);
    reader.read("retry_backoff", jobs.retryBackoff);
    reader.read("shutdown_grace", jobs.shutdownGrace);
    // The intervals pace a loop: zero would make it spin. A lease must outlast the step's
    // timeout, or the rescuer could take back a step that is still within its time.
    for (auto [key, target] : {std::pair{"lease_grace", &jobs.leaseGrace},
                               std::pair{"reaper_interval", &jobs.reaperInterval},
                               std::pair{"poll_interval", &jobs.pollInterval}}) {
        auto node = reader.optional(key);
        if (!node) continue;
        auto value = node->asDuration();
        if (value && value->count() <= 0) {
            node->error("must be more than 0");
        } else if (value) {
            *target = *value;
        }
    }
    reader.read("run", jobs.run);
    reader.finish();
    return jobs;
}

MailboxConfig readMailbox(const ConfigNode& node, const std::filesystem::path& baseDir) {
    MailboxConfig mailbox;
    mailbox.line = node.line();
    MapReader reader(node);
    if (auto host = reader.required("host")) {
        if (auto value = host->asString()) mailbox.host = *value;
    }
    bool portGiven = false;
    if (auto port = reader.optional("port")) {
        if (auto value = port->asInteger(1, 65535)) {
            mailbox.port = static_cast<int>(*value);
            portGiven = true;
        }
    }
    if (auto tls = reader.optional("tls")) {
        if (auto value = tls->asString()) {
            if (*value == "none" || *value == "starttls" || *value == "implicit") {
                mailbox.tls = *value;
            } else {
                tls->error("expected none, starttls or implicit, got \"" + *value + "\"");
            }
        }
    }
    if (!portGiven) mailbox.port = mailbox.tls == "implicit" ? 995 : 110;
    if (auto user = reader.required("username")) {
        if (auto value = user->asString()) mailbox.username = *value;
    }
    if (auto password = reader.required("password")) {
        if (auto value = password->asString()) mailbox.password = *value;
    }
    for (auto [key, target] : {std::pair{"poll_interval", &mailbox.pollInterval},
                               std::pair{"timeout", &mailbox.timeout}}) {
        auto value = reader.optional(key);
        if (!value) continue;
        auto duration = value->asDuration();
        if (duration && duration->count() <= 0) {
            value->error("must be more than 0");
        } else if (duration) {
            *target = *duration;
        }
    }
    if (auto file = reader.optional("ca_file")) {
        if (auto value = file->asString()) mailbox.caFile = resolvePath(*value, baseDir);
    }
    reader.finish();
    return mailbox;
}

LoggingConfig readLogging(const ConfigNode& node, const std::filesystem::path& baseDir) {
    LoggingConfig logging;
    MapReader reader(node);
    if (auto level = reader.optional("level")) {
        if (auto value = level->asString()) {
            try {
                Poco::Logger::parseLevel(*value);
                logging.level = *value;
            } catch (const Poco::Exception&) {
                level->error("unknown level \"" + *value +
                             "\" (use trace, debug, information, notice, warning, error, "
                             "critical, fatal or none)");
            }
        }
    }
    if (auto file = reader.optional("file")) {
        if (auto value = file->asString()) logging.file = resolvePath(*value, baseDir);
    }
    if (auto format = reader.optional("format")) {
        if (auto value = format->asString()) {
            if (*value == "text") {
                logging.format = LoggingConfig::Format::Text;
            } else if (*value == "json") {
                logging.format = LoggingConfig::Format::Json;
            } else {
                format->error("unknown format \"" + *value + "\" (use text or json)");
            }
        }
    }
    if (auto access = reader.optional("access")) {
        if (auto value = access->asBool()) logging.access = *value;
    }
    reader.finish();
    return logging;
}

void addDefaultPlugins(Config& config, const ConfigNode& root,
                       const std::filesystem::path& pluginDir) {
    // A process that runs no jobs (and so delivers no webhooks) needs no pipeline plugins.
    if (!config.jobs.run) return;
    auto useDefault = [&](std::optional<PluginRef>& ref, const std::string& name,
                          const std::string& path) {
        if (ref) return;
        ref = PluginRef{name, root.line(), path};
        if (&ref == &config.pipeline.research.plugin) config.pipeline.research.waterfall = {*ref};
        if (config.findPlugin(name)) return;
        ConfigNode node =
            root.child("plugins", YAML::Node(), root.line()).child(name, YAML::Node(), root.line());
        ConfigNode library = node.child("library", YAML::Node(name), root.line());
        config.plugins.push_back(PluginConfig{name, resolvePluginLibrary(name, {}, pluginDir), node,
                                              library, std::nullopt});
    };
    useDefault(config.pipeline.research.plugin, "research-basic", "pipeline.research.plugin");
    useDefault(config.pipeline.content.plugin, "content-template", "pipeline.content.plugin");
    useDefault(config.webhooks.plugin, "webhook-http", "webhooks.plugin");
}

void checkPluginReferences(const Config& config, const ConfigNode& root) {
    std::vector<const PluginRef*> refs;
    for (const auto& ref : config.pipeline.research.waterfall) refs.push_back(&ref);
    for (const auto* ref : {&config.pipeline.content.plugin, &config.webhooks.plugin,
                            &config.pipeline.mailer.plugin}) {
        if (*ref) refs.push_back(&**ref);
    }
    for (const auto* ref : refs) {
        if (config.findPlugin(ref->name)) continue;
        std::string declared;
        for (const auto& plugin : config.plugins) {
            declared += (declared.empty() ? "" : ", ") + plugin.name;
        }
        root.source()->diagnostics->error(
            root.file(), ref->line, ref->path,
            "no plugin named \"" + ref->name + "\" is declared under `plugins`" +
                (declared.empty() ? "" : " (declared: " + declared + ")"));
    }
}

}  // namespace lodestone::config
