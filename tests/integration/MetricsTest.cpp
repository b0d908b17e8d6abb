// GET /metrics from a running lodestoned: every scrape read by the strict reader of the text
// format (support/PrometheusText.hpp), and the series that requests, a job's steps, a retry and
// a content plugin's token report must move; and server.metrics_listen, which serves /metrics
// on a listener of its own and nowhere else.
#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/StreamSocket.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>

#include "EngineSupport.hpp"
#include "support/PrometheusText.hpp"

using namespace lodestone::test;

namespace {

const std::string kAda =
    R"({"email":"ada@analytical-engines.co.uk","fullName":"Ada Lovelace","company":"Analytical Engines"})";
const std::string kGenerate = "/api/projects/{projectId}/generate";
const std::string kStatus = "/api/generation/{jobId}/status";

MetricsScrape scrapeOf(std::uint16_t port) {
    auto reply = httpRequest(port, "GET", "/metrics");
    EXPECT_EQ(reply.status, 200) << reply.body;
    EXPECT_EQ(reply.headers["Content-Type"], "text/plain; version=0.0.4; charset=utf-8");
    try {
        return MetricsScrape::parse(reply.body);
    } catch (const std::exception& e) {
        ADD_FAILURE() << "GET /metrics is out of format: " << e.what() << "\n" << reply.body;
        return {};
    }
}

double requests(const MetricsScrape& scrape, const std::string& route, int status) {
    return scrape.count("lodestone_http_requests_total",
                        {{"route", route}, {"status", std::to_string(status)}});
}

// The port in "serving metrics at http://127.0.0.1:PORT/metrics".
std::uint16_t metricsPort(EngineDaemon& engine) {
    static const std::regex line(R"(serving metrics at http://[^\s]+:(\d+)/metrics)");
    std::smatch match;
    const std::string log = engine.daemon().process().errors();
    if (!std::regex_search(log, match, line)) return 0;
    return static_cast<std::uint16_t>(std::stoi(match[1].str()));
}

// Sends bytes that are no HTTP request; the front answers them itself. Its status line.
std::string sendGarbage(std::uint16_t port) {
    Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", port));
    socket.setReceiveTimeout(Poco::Timespan(10, 0));
    const std::string garbage = "GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n";
    socket.sendBytes(garbage.data(), static_cast<int>(garbage.size()));
    char buffer[512];
    const int got = socket.receiveBytes(buffer, sizeof buffer);
    const std::string answer(buffer, got > 0 ? static_cast<std::size_t>(got) : 0);
    return answer.substr(0, answer.find('\r'));
}

}  // namespace

TEST(Metrics, RequestsJobStepsRetriesAndTokensAreCounted) {
    EngineSetup setup;
    setup.research = "fail_times: 1";    // one retry
    setup.content = "usage_tokens: 40";  // 40 prompt, 41 completion tokens
    setup.limitsYaml = "{ generate_per_minute: 1, status_per_minute: 100000 }";
    EngineDaemon engine(setup);
    engine.start();
    const auto before = scrapeOf(engine.port());

    auto [leadId, jobId] = engine.createJob(kAda);
    ASSERT_FALSE(jobId.empty());
    EXPECT_EQ(engine.post("/api/projects/" + engine.projectId() + "/generate", kAda).status, 429);
    EXPECT_EQ(httpRequest(engine.port(), "GET", "/api/generation/" + jobId + "/status").status,
              401);
    EXPECT_EQ(engine.get("/api/no/such/route").status, 404);
    EXPECT_EQ(engine.get("/wp-login.php").status, 404);
    EXPECT_EQ(sendGarbage(engine.port()), "HTTP/1.1 400 Bad Request");
    ASSERT_EQ(engine.waitUntilFinished(jobId)->getValue<std::string>("status"), "completed");
    EXPECT_EQ(engine.get("/m/" + leadId).status, 200);

    const auto after = scrapeOf(engine.port());
    EXPECT_EQ(requests(after, kGenerate, 200) - requests(before, kGenerate, 200), 1);
    EXPECT_EQ(requests(after, kGenerate, 429) - requests(before, kGenerate, 429), 1);
    EXPECT_EQ(requests(after, kStatus, 401) - requests(before, kStatus, 401), 1);
    EXPECT_GE(requests(after, kStatus, 200), 1);  // waitUntilFinished's polls
    EXPECT_EQ(requests(after, "unmatched", 404) - requests(before, "unmatched", 404), 2);
    EXPECT_EQ(requests(after, "/m/{leadId}", 200), 1);
    EXPECT_EQ(requests(after, "(front)", 400) - requests(before, "(front)", 400), 1);
    EXPECT_GE(requests(after, "/metrics", 200), 1);  // the first scrape
    for (const auto& [name, family] : after.families()) {
        for (const auto& sample : family.samples) {
            auto route = sample.labels.find("route");
            if (route == sample.labels.end()) continue;
            EXPECT_EQ(route->second.find(jobId), std::string::npos) << "a raw path as a label";
            EXPECT_EQ(route->second.find(leadId), std::string::npos) << "a raw path as a label";
        }
    }
    EXPECT_EQ(after.count("lodestone_http_request_duration_seconds_count", {{"route", kGenerate}}),
              requests(after, kGenerate, 200) + requests(after, kGenerate, 429));

    EXPECT_EQ(after.count("lodestone_rate_limited_total", {{"group", "generate"}}) -
                  before.count("lodestone_rate_limited_total", {{"group", "generate"}}),
              1);
    // Research failed once and then ran again; content and finalize ran once.
    EXPECT_EQ(after.count("lodestone_retries_total", {{"kind", "lead_magnet"}}), 1);
    EXPECT_EQ(after.count("lodestone_step_duration_seconds_count",
                          {{"step", "research_agent"}, {"plugin", "research"}}),
              2);
    EXPECT_EQ(after.count("lodestone_step_duration_seconds_count",
                          {{"step", "content_generation"}, {"plugin", "content"}}),
              1);
    EXPECT_EQ(after.count("lodestone_step_duration_seconds_count",
                          {{"step", "finalization"}, {"plugin", "none"}}),
              1);
    EXPECT_EQ(
        after.count("lodestone_llm_tokens_total", {{"plugin", "content"}, {"type", "prompt"}}), 40);
    EXPECT_EQ(
        after.count("lodestone_llm_tokens_total", {{"plugin", "content"}, {"type", "completion"}}),
        41);

    // The create and the job's steps were written; never more commits than writes.
    const auto writes = after.count("lodestone_storage_writes_total", {}) -
                        before.count("lodestone_storage_writes_total", {});
    const auto commits = after.count("lodestone_storage_commits_total", {}) -
                         before.count("lodestone_storage_commits_total", {});
    EXPECT_GE(writes, 4);
    EXPECT_GE(commits, 1);
    EXPECT_LE(commits, writes);

    const auto* build = after.family("lodestone_build_info");
    ASSERT_NE(build, nullptr);
    ASSERT_EQ(build->samples.size(), 1u);
    EXPECT_EQ(build->samples[0].value, 1);
    EXPECT_FALSE(build->samples[0].labels.at("version").empty());
    EXPECT_FALSE(build->samples[0].labels.at("commit").empty());
}

TEST(Metrics, JobGaugesShowWhatWaitsInTheDatabase) {
    EngineSetup setup;
    setup.runJobs = false;  // the job stays queued at its first step
    EngineDaemon engine(setup);
    engine.start();
    auto [leadId, jobId] = engine.createJob(kAda);
    ASSERT_FALSE(jobId.empty());
    // Due an hour ago, as a job that has waited that long.
    engine.backdoor().execute("UPDATE jobs SET run_after = run_after - 3600000 WHERE id = '" +
                              jobId + "'");
    // The database part of a scrape is read at most once a second: wait for a fresh one.
    MetricsScrape scrape;
    EXPECT_TRUE(eventually(
        [&] {
            scrape = scrapeOf(engine.port());
            return scrape.count("lodestone_oldest_queued_seconds",
                                {{"kind", "lead_magnet"}, {"step", "research_agent"}}) >= 3600;
        },
        std::chrono::seconds(30)));
    EXPECT_EQ(scrape.count("lodestone_jobs", {{"kind", "lead_magnet"}, {"state", "queued"}}), 1);
    EXPECT_EQ(scrape.count("lodestone_jobs", {{"kind", "lead_magnet"}, {"state", "running"}}), 0);
    EXPECT_EQ(scrape.count("lodestone_jobs", {{"kind", "prospect"}, {"state", "queued"}}), 0);
    EXPECT_EQ(scrape.count("lodestone_queue_depth",
                           {{"kind", "lead_magnet"}, {"step", "research_agent"}}),
              1);
    EXPECT_EQ(scrape.count("lodestone_queue_depth",
                           {{"kind", "lead_magnet"}, {"step", "content_generation"}}),
              0);
    // Every step of each kind has its series, empty ones at 0.
    EXPECT_EQ(scrape.value("lodestone_oldest_queued_seconds",
                           {{"kind", "prospect"}, {"step", "icp_scoring"}}),
              0);
}

TEST(Metrics, MetricsListenServesMetricsThereAndNowhereElse) {
    EngineSetup setup;
    setup.serverYaml = "metrics_listen: \"127.0.0.1:0\"";
    EngineDaemon engine(setup);
    engine.start();
    const auto port = metricsPort(engine);
    ASSERT_NE(port, 0) << engine.daemon().process().errors();
    ASSERT_NE(port, engine.port());

    EXPECT_EQ(engine.get("/metrics").status, 404);
    EXPECT_EQ(httpRequest(port, "GET", "/healthz").status, 404);
    EXPECT_EQ(httpRequest(port, "GET", "/api/projects/x/generate").status, 404);
    EXPECT_EQ(httpRequest(port, "POST", "/metrics").status, 405);
    EXPECT_EQ(engine.get("/healthz").status, 200);

    const auto scrape = scrapeOf(port);
    // The main listener's 404 for /metrics is no route of its own there.
    EXPECT_EQ(requests(scrape, "unmatched", 404), 3);
    EXPECT_EQ(requests(scrape, "/metrics", 405), 1);
    EXPECT_EQ(requests(scrape, "/metrics", 200), 0);  // this scrape counts once it is answered
    EXPECT_EQ(requests(scrape, "/healthz", 200), 1);
    EXPECT_EQ(requests(scrapeOf(port), "/metrics", 200), 1);
}
