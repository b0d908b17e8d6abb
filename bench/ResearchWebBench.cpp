// research_web_bench: what research-web costs. (1) A research step per prospect against the
// fixture company's website on 127.0.0.1 (support/FixtureSite.hpp), through the real plugin
// library and the daemon's PolicyGateway, as lodestoned runs it: wall time per step and the
// process's CPU per step. (2) The CPU time of reading one page (charset, gumbo, extraction,
// JSON-LD, technology fingerprints, the report), for the fixture's pages, an ordinary page at
// page_bytes and hostile ones. See docs/benchmarks.md.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "Crawl.hpp"
#include "ResearchReport.hpp"
#include "SiteFindings.hpp"
#include "bench/research/PageShapes.hpp"
#include "bench/support/Flags.hpp"
#include "bench/support/Machine.hpp"
#include "bench/support/Stats.hpp"
#include "config/ConfigLoader.hpp"
#include "leadfacts/LeadVocabulary.hpp"
#include "outbound/PolicyGateway.hpp"
#include "plugins/PluginRegistry.hpp"
#include "support/FixtureSite.hpp"

namespace lodestone::bench::research {
namespace {

using namespace research_web;

struct Options {
    int prospects = 50;
    int runs = 20;  // of each page shape; the median is reported
    int pageKiB = 2048;
};

Options readOptions(int argc, char** argv) {
    Options options;
    Flags flags(argc, argv);
    while (flags.next()) {
        if (flags.isHelp()) {
            std::cout << "research_web_bench [--prospects N] [--runs N] [--page-kib N]\n";
            std::exit(0);
        } else if (flags.is("--prospects")) {
            options.prospects = flags.integer();
        } else if (flags.is("--runs")) {
            options.runs = flags.integer();
        } else if (flags.is("--page-kib")) {
            options.pageKiB = flags.integer();
        } else {
            flags.unknown();
        }
    }
    return options;
}

double cpuSeconds(clockid_t clock) {
    timespec now{};
    clock_gettime(clock, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

std::string fixed(double value, int decimals) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

plugins::PluginRegistry loadResearchWeb(const test::FixtureSite& site) {
    const std::string yaml =
        "storage:\n  path: /tmp/research-web-bench/lodestone.db\n"
        "plugins:\n  web:\n    library: " RESEARCH_WEB_PATH
        "\n    config:\n"
        "      resolve: " +
        site.resolveYaml() + "\n      max_pages: 4\n      page_timeout: 2s\njobs:\n  run: false\n";
    config::LoadOptions options;
    options.env = [](const std::string&) { return std::optional<std::string>(); };
    return plugins::loadPlugins(
        config::parseConfig(yaml, "/tmp/research-web-bench/b.yaml", options));
}

// The step as lodestoned runs a prospect's research: careers, about (two redirects away), blog
// and customers (four redirects, one too many) after the home page, https tried first.
void measureSteps(const Options& options) {
    test::FixtureSite site;
    auto registry = loadResearchWeb(site);
    auto plugin = registry.find("web");
    outbound::OutboundPolicy policy;
    policy.allowPrivateNetworks = true;
    policy.maxResponseBytes = 8u << 20;
    const outbound::PolicyGateway gateway(policy);
    const std::string input =
        R"({"jobId":"job_b","kind":"prospect","prospectId":"prospect_b","lead":{"email":)"
        R"("ada@acme-fixture.example","fullName":"Ada Lovelace","company":"Acme Analytics",)"
        R"("title":"VP Engineering"},"skipCompanyEnrichment":false})";
    std::vector<double> wallMs;
    std::size_t bytes = 0;
    const double cpuStart = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID);
    for (int i = 0; i < options.prospects; ++i) {
        plugins::RunControl control(plugins::RunControl::deadlineIn(std::chrono::seconds(60)));
        control.allowHttp(&gateway);
        const auto start = std::chrono::steady_clock::now();
        bytes = plugin->run(control, input).size();
        wallMs.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    const double cpuMs = (cpuSeconds(CLOCK_PROCESS_CPUTIME_ID) - cpuStart) * 1000;
    const Summary wall = summarise(wallMs);
    std::cout << "## A research step per prospect (" << options.prospects << " prospects, one at "
              << "a time)\n\n"
              << "| Requests per step | Output | Wall p50 / p90 / max | CPU per step (bench "
                 "process: plugin, host client, fixture server) |\n|---|---|---|---|\n"
              << "| " << site.requests().size() / static_cast<std::size_t>(options.prospects)
              << " (+1 https attempt) | " << bytes << " B | " << fixed(wall.p50, 1) << " / "
              << fixed(wall.p90, 1) << " / " << fixed(wall.max, 1) << " ms | "
              << fixed(cpuMs / options.prospects, 2) << " ms |\n\n";
}

// One page read as the crawl reads it, then reported as the plugin reports a site.
std::string readOnce(const PageShape& shape, const Fingerprints& fingerprints) {
    const std::string url = "http://acme.example/";
    HttpAnswer answer{200, {{"Content-Type", "text/html; charset=utf-8"}}, shape.html, false};
    ReadPage page{url, PageKind::Home, answer.headers, {}};
    std::vector<std::string> warnings;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    if (!readHtml(page.url, answer, deadline, {}, page.facts, warnings)) {
        return warnings.empty() ? "skipped" : warnings.front().substr(url.size() + 2);
    }
    CrawlResult crawl;
    crawl.pages.push_back(std::move(page));
    ResearchReport report;
    // The built-in words, as research-web reads with when the host names no file.
    static const research_basic::LeadVocabulary vocab(vocabulary::builtInVocabulary());
    reportSite(crawl, fingerprints, "", "acme.example", vocab, report);
    // A warning starts "<url>: ".
    return warnings.empty() ? "read" : "read; " + warnings.front().substr(url.size() + 2);
}

void measurePages(const Options& options) {
    const Fingerprints fingerprints = Fingerprints::load(FINGERPRINTS_PATH);
    std::cout << "## Reading one page (median of " << options.runs << "; CPU time of the "
              << "reading thread; " << fingerprints.size() << " technology fingerprints)\n\n"
              << "| Page | Bytes | CPU ms | MB/s | Outcome |\n|---|---|---|---|---|\n";
    for (const auto& shape : pageShapes(static_cast<std::size_t>(options.pageKiB) * 1024)) {
        std::vector<double> cpu;
        std::string outcome;
        for (int i = 0; i < options.runs; ++i) {
            const double start = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);
            outcome = readOnce(shape, fingerprints);
            cpu.push_back((cpuSeconds(CLOCK_THREAD_CPUTIME_ID) - start) * 1000);
        }
        const double ms = summarise(cpu).p50;
        std::cout << "| " << shape.name << " (" << shape.what << ") | " << shape.html.size()
                  << " | " << fixed(ms, ms < 10 ? 2 : 0) << " | "
                  << fixed(static_cast<double>(shape.html.size()) / 1e6 / (ms / 1000), 1) << " | "
                  << outcome << " |" << std::endl;
    }
}

int run(const Options& options) {
    std::cout << "research_web_bench: " << Machine::describe().text() << "\n\n";
    measureSteps(options);
    measurePages(options);
    return 0;
}

}  // namespace
}  // namespace lodestone::bench::research

int main(int argc, char** argv) {
    using namespace lodestone::bench;
    return benchMain("research_web_bench",
                     [&] { return research::run(research::readOptions(argc, argv)); });
}
