#include "EngineSupport.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <gtest/gtest.h>

#include <csignal>
#include <fstream>

namespace lodestone::test {
Poco::JSON::Object::Ptr parseJson(const std::string& text) {
    return Poco::JSON::Parser().parse(text).extract<Poco::JSON::Object::Ptr>();
}

namespace {

std::string indented(const std::string& lines, const std::string& indent) {
    std::string out;
    std::size_t start = 0;
    while (start < lines.size()) {
        auto end = lines.find('\n', start);
        if (end == std::string::npos) end = lines.size();
        out += indent + lines.substr(start, end - start) + "\n";
        start = end + 1;
    }
    return out;
}

}  // namespace

EngineDaemon::EngineDaemon(EngineSetup setup)
    : setup_(std::move(setup)),
      database_(setup_.database ? *setup_.database
                                : TestDatabase::forTest(dir_ / "var" / "lodestone.db")) {
    stateDir_ = dir_ / "plugin-state";
    std::filesystem::create_directories(stateDir_);
}

std::string EngineDaemon::configYaml() const {
    std::string yaml = "server:\n  listen: \"" + setup_.listen + "\"\n" +
                       indented(setup_.serverYaml, "  ") + "storage:\n" +
                       database_.database().yaml();
    if (!database_.database().postgresql()) yaml += "  synchronous: " + setup_.synchronous + "\n";
    yaml += indented(setup_.storageYaml, "  ");
    std::string plugins, pipeline;
    if (!setup_.realPlugins) {
        plugins = "  research:\n    library: " + std::string(RESEARCH_SCRIPTED_PATH) +
                  "\n    config:\n      state_dir: " + stateDir_.string() + "\n" +
                  indented(setup_.research, "      ") +
                  "  content:\n    library: " + std::string(CONTENT_SCRIPTED_PATH) +
                  "\n    config:\n      state_dir: " + stateDir_.string() + "\n" +
                  indented(setup_.content, "      ");
        auto tuning = [&](int concurrency) {
            return ", timeout: " + setup_.stepTimeout + ", concurrency: " +
                   std::to_string(concurrency > 0 ? concurrency : setup_.concurrency) + " }\n";
        };
        pipeline = "  research: { plugin: research" + tuning(setup_.researchConcurrency) +
                   "  content: { plugin: content" + tuning(setup_.contentConcurrency);
    }
    plugins += indented(setup_.pluginsYaml, "  ");
    pipeline += indented(setup_.pipelineYaml, "  ");
    if (!plugins.empty()) yaml += "plugins:\n" + plugins;
    if (!pipeline.empty()) yaml += "pipeline:\n" + pipeline;
    yaml += "jobs:\n  retry_backoff: 50ms\n  lease_grace: 500ms\n  shutdown_grace: " +
            setup_.shutdownGrace + "\n  poll_interval: " + setup_.pollInterval +
            "\n  reaper_interval: " + setup_.reaperInterval +
            "\n  run: " + (setup_.runJobs ? "true" : "false") + "\n" +
            indented(setup_.jobsYaml, "  ");
    yaml += "limits: " + setup_.limitsYaml + "\n";
    yaml +=
        "provision:\n  organisations:\n    - name: Engine\n      initial_credits: 100\n"
        "      projects:\n        - name: Guides\n" +
        indented(setup_.projectYaml, "          ") +
        (setup_.campaignsYaml.empty()
             ? std::string()
             : "      campaigns:\n" + indented(setup_.campaignsYaml, "        ")) +
        "      api_keys:\n        - { name: tests, key: " + kEngineKey + " }\n";
    return yaml + setup_.extraYaml;
}

void EngineDaemon::start(EngineSetup setup) {
    setup_ = std::move(setup);
    start();
}

void EngineDaemon::start() {
    launch();
    ASSERT_NE(daemon_->waitUntilListening(), 0);
}

void EngineDaemon::launch(EngineSetup setup) {
    setup_ = std::move(setup);
    launch();
}

void EngineDaemon::rewriteConfig(EngineSetup setup) {
    setup_ = std::move(setup);
    rewriteConfig(configYaml());
}

void EngineDaemon::rewriteConfig(const std::string& yaml) {
    // Whole or not at all: a reload must never read a half-written file.
    std::ofstream(dir_ / "lodestone.yaml.new") << yaml;
    std::filesystem::rename(dir_ / "lodestone.yaml.new", dir_ / "lodestone.yaml");
}

void EngineDaemon::launch() {
    std::ofstream(dir_ / "lodestone.yaml") << configYaml();
    daemon_ = std::make_unique<Daemon>(dir_ / "lodestone.yaml");
}

std::string EngineDaemon::projectId() {
    if (projectId_.empty()) projectId_ = factory().projectNamed("Engine", "Guides").id;
    return projectId_;
}

HttpReply EngineDaemon::post(const std::string& path, const std::string& body) {
    return httpRequest(
        port(), "POST", path, body,
        {{"Authorization", "Bearer " + kEngineKey}, {"Content-Type", "application/json"}});
}

HttpReply EngineDaemon::get(const std::string& path) {
    return httpRequest(port(), "GET", path, "", {{"Authorization", "Bearer " + kEngineKey}});
}

Poco::JSON::Object::Ptr EngineDaemon::ctl(std::vector<std::string> args) {
    args.insert(args.begin(), {"--config", configPath().string()});
    args.push_back("--json");
    auto result = runToCompletion(LODESTONECTL_PATH, args);
    EXPECT_EQ(result.status.code, 0) << result.output << result.errors;
    if (result.status.code != 0) return new Poco::JSON::Object();
    return parseJson(result.output);
}

std::pair<std::string, std::string> EngineDaemon::createJob(const std::string& body) {
    auto reply = post("/api/projects/" + projectId() + "/generate", body);
    EXPECT_EQ(reply.status, 200) << reply.body;
    if (reply.status != 200) return {};
    auto json = parseJson(reply.body);
    return {json->getValue<std::string>("leadId"), json->getValue<std::string>("jobId")};
}

std::pair<std::string, std::string> EngineDaemon::createJobThenStartTheEngine(
    const std::string& body) {
    const EngineSetup asSetUp = setup_;
    EngineSetup apiOnly = asSetUp;
    apiOnly.runJobs = false;
    start(apiOnly);
    auto ids = createJob(body);
    EXPECT_EQ(daemon_->stop(SIGTERM).code, 0);
    setup_ = asSetUp;
    launch();
    return ids;
}

Poco::JSON::Object::Ptr EngineDaemon::job(const std::string& jobId) {
    auto reply = httpRequest(port(), "GET", "/api/generation/" + jobId + "/status", "",
                             {{"Authorization", "Bearer " + kEngineKey}});
    EXPECT_EQ(reply.status, 200) << reply.body;
    return parseJson(reply.body)->getObject("job");
}

Poco::JSON::Object::Ptr EngineDaemon::waitUntilFinished(const std::string& jobId,
                                                        std::chrono::milliseconds timeout) {
    Poco::JSON::Object::Ptr last;
    bool finished = eventually(
        [&] {
            last = job(jobId);
            auto status = last->getValue<std::string>("status");
            return status == "completed" || status == "failed";
        },
        timeout);
    EXPECT_TRUE(finished) << "job " << jobId << " still "
                          << (last ? last->getValue<std::string>("status") : "?");
    return last;
}

int EngineDaemon::invocations(const std::string& jobId, const std::string& kind) const {
    std::ifstream log(stateDir_ / "invocations.log");
    std::string id, what;
    int count = 0;
    while (log >> id >> what) count += (id == jobId && what == kind);
    return count;
}

std::string EngineDaemon::addLead(const std::string& campaign, const std::string& body) {
    auto reply = post("/api/campaigns/" + campaignId(campaign) + "/leads", body);
    EXPECT_EQ(reply.status, 201) << reply.body;
    return reply.status == 201 ? parseJson(reply.body)->getValue<std::string>("prospectId") : "";
}

Poco::JSON::Object::Ptr EngineDaemon::prospect(const std::string& campaign,
                                               const std::string& prospectId) {
    auto reply = get("/api/campaigns/" + campaignId(campaign) + "/leads/" + prospectId);
    EXPECT_EQ(reply.status, 200) << reply.body;
    if (reply.status != 200) return new Poco::JSON::Object();
    return parseJson(reply.body)->getObject("prospect");
}

Poco::JSON::Object::Ptr EngineDaemon::waitForProspect(
    const std::string& campaign, const std::string& prospectId,
    const std::function<bool(const std::string& status)>& done, std::chrono::milliseconds timeout) {
    Poco::JSON::Object::Ptr last;
    bool reached = eventually(
        [&] {
            last = prospect(campaign, prospectId);
            return done(last->optValue<std::string>("status", ""));
        },
        timeout);
    EXPECT_TRUE(reached) << "prospect " << prospectId << " still "
                         << last->optValue<std::string>("status", "?");
    return last;
}

std::string EngineDaemon::campaignId(const std::string& name) {
    return factory().campaignNamed("Engine", name).id;
}

std::int64_t EngineDaemon::credits() {
    return factory().organisationNamed("Engine").credits;
}

}  // namespace lodestone::test
