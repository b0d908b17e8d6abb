#pragma once

#include <Poco/JSON/Object.h>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "IntegrationSupport.hpp"
#include "support/DaemonDatabase.hpp"

namespace lodestone::test {

inline const std::string kEngineKey = "lsk_engine_tests_0000000000000000000000000";

// How the scripted test plugins behave and how the engine is tuned, for one daemon run.
struct EngineSetup {
    std::string research = "";  // scripted plugin config lines for research, e.g. "fail_times: 2"
    std::string content = "";   // ... for content
    bool realPlugins = false;   // use the bundled research-basic and content-template instead
    std::string stepTimeout = "5s";
    int concurrency = 16;  // of research and content
    // Per step, when set; 0 means `concurrency`.
    int researchConcurrency = 0;
    int contentConcurrency = 0;
    std::string shutdownGrace = "5s";
    std::string pollInterval = "200ms";
    std::string reaperInterval = "100ms";
    bool runJobs = true;          // jobs.run
    std::string jobsYaml = "";    // more keys under jobs: (max_retries: 1)
    std::string extraYaml = "";   // more top-level sections
    std::string serverYaml = "";  // more keys under server:
    // server.listen; a fixed port (freeLocalPort()) lets server.public_url name the daemon's own
    // address, and stays the same across restarts.
    std::string listen = "127.0.0.1:0";
    // More plugin instances under plugins:, and more keys under pipeline: (a mailer), beside the
    // scripted research and content plugins or, with realPlugins, the bundled defaults.
    std::string pluginsYaml = "";
    std::string pipelineYaml = "";
    std::string limitsYaml = "{ generate_per_minute: 100000, status_per_minute: 100000 }";
    std::string synchronous = "normal";  // storage.synchronous: tests need no power-loss safety
    std::string storageYaml = "";        // more keys under storage:
    std::string projectYaml = "";        // more keys of the project "Guides"
    std::string campaignsYaml = "";      // entries of the organisation's campaigns: list
    // Another daemon's database, shared (PostgreSQL); unset: one of this daemon's own.
    std::optional<TestDatabase> database = std::nullopt;
};

// A JSON object as text (an HTTP answer's body, lodestonectl's --json output), parsed.
Poco::JSON::Object::Ptr parseJson(const std::string& text);

// A lodestoned running the job engine on a database that outlives restarts: stop it (SIGTERM,
// kill -9, a plugin's abort) and start it again on the same files.
class EngineDaemon {
  public:
    explicit EngineDaemon(EngineSetup setup);

    // (Re)writes the config from `setup` and starts lodestoned; waits until it listens.
    void start();
    void start(EngineSetup setup);
    // Starts lodestoned without waiting for it to listen.
    void launch();
    void launch(EngineSetup setup);
    // Writes the config of `setup` (or `yaml` as it is) over the running daemon's, for a reload.
    void rewriteConfig(EngineSetup setup);
    void rewriteConfig(const std::string& yaml);
    Daemon& daemon() { return *daemon_; }
    std::uint16_t port() const { return daemon_->port(); }

    // A lead and job via the API; returns {leadId, jobId}.
    std::pair<std::string, std::string> createJob(const std::string& body);
    // The same, by a lodestoned that runs no jobs, which then starts again as set up without
    // waiting for it to listen: a plugin that takes the daemon down can neither cut off the
    // answer that names the job nor strike before the restarted daemon announces its port.
    std::pair<std::string, std::string> createJobThenStartTheEngine(const std::string& body);
    Poco::JSON::Object::Ptr job(const std::string& jobId);
    // Polls the status route until the job is completed or failed.
    Poco::JSON::Object::Ptr waitUntilFinished(
        const std::string& jobId, std::chrono::milliseconds timeout = std::chrono::seconds(60));
    HttpReply post(const std::string& path, const std::string& body = "");
    HttpReply get(const std::string& path);
    // lodestonectl --json on this daemon's config; its parsed output (a test failure unless it
    // exits 0).
    Poco::JSON::Object::Ptr ctl(std::vector<std::string> args);

    // Add Lead to the campaign of that name; the prospect's id ("" and a test failure unless 201).
    std::string addLead(const std::string& campaign, const std::string& body);
    // GET of one prospect of the campaign: the `prospect` object.
    Poco::JSON::Object::Ptr prospect(const std::string& campaign, const std::string& prospectId);
    // Polls the prospect until `done` holds for its status; the last view either way (a test
    // failure naming the status it is stuck in when it never does).
    Poco::JSON::Object::Ptr waitForProspect(
        const std::string& campaign, const std::string& prospectId,
        const std::function<bool(const std::string& status)>& done,
        std::chrono::milliseconds timeout = std::chrono::seconds(60));

    // How often the scripted plugin of `kind` ("research"/"content") ran for `jobId`.
    int invocations(const std::string& jobId, const std::string& kind) const;
    // Of the organisation "Engine", its project "Guides" and its campaigns.
    std::int64_t credits();
    std::string projectId();
    std::string campaignId(const std::string& name);

    // The database, from this process: built on through the daemon's repositories, read and
    // rewound raw through the backdoor for what they cannot say.
    Factory& factory() { return database_.factory(); }
    storage::Store& store() { return database_.store(); }
    DatabaseBackdoor backdoor() const { return database_.backdoor(); }

    const std::filesystem::path& stateDir() const { return stateDir_; }
    const TestDatabase& database() const { return database_.database(); }
    std::filesystem::path configPath() const { return dir_ / "lodestone.yaml"; }

  private:
    std::string configYaml() const;

    EngineSetup setup_;
    TempDir dir_;
    std::filesystem::path stateDir_;
    DaemonDatabase database_;
    std::unique_ptr<Daemon> daemon_;
    std::string projectId_;
};

}  // namespace lodestone::test
