// metrics_bench: what counting a request costs (routing::MeteredHandler: the route's counter
// and duration histogram, two clock reads), against the same handler unmetered, in one run; and
// what one scrape of the registry costs. No daemon and no sockets: the handler writes a status
// answer's worth of JSON into the front's in-memory response, so the difference is the
// metering alone. See docs/benchmarks.md.
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPServerParams.h>

#include <algorithm>
#include <ctime>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "bench/support/Flags.hpp"
#include "bench/support/Machine.hpp"
#include "http/BufferedExchange.hpp"
#include "metrics/Exposition.hpp"
#include "metrics/Series.hpp"
#include "routing/MeteredHandler.hpp"

namespace lodestone::bench::metrics {
namespace {

struct Options {
    int requests = 200'000;  // per thread and run
    int runs = 7;            // before and after alternate; medians reported
    int threads = 1;
};

Options readOptions(int argc, char** argv) {
    Options options;
    Flags flags(argc, argv);
    while (flags.next()) {
        if (flags.isHelp()) {
            std::cout << "metrics_bench [--requests N] [--runs N] [--threads N]\n";
            std::exit(0);
        } else if (flags.is("--requests")) {
            options.requests = flags.integer();
        } else if (flags.is("--runs")) {
            options.runs = flags.integer();
        } else if (flags.is("--threads")) {
            options.threads = flags.integer();
        } else {
            flags.unknown();
        }
    }
    return options;
}

double threadCpuNanos() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e9 + static_cast<double>(now.tv_nsec);
}

// What the status route's handler does at the end, without the database: a 200 with a
// status-sized JSON body.
class StatusLikeHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    void handleRequest(Poco::Net::HTTPServerRequest&,
                       Poco::Net::HTTPServerResponse& response) override {
        static const std::string body(420, 'x');
        response.setStatus(Poco::Net::HTTPResponse::HTTP_OK);
        response.setContentType("application/json");
        response.sendBuffer(body.data(), body.size());
    }
};

// CPU nanoseconds per request on each of `threads` threads (their mean), each handling
// `requests` requests, metered under a route label or not.
double nanosPerRequest(const Options& options, const lodestone::metrics::Series& series,
                       bool metered) {
    std::vector<double> perThread(static_cast<std::size_t>(options.threads));
    std::vector<std::thread> threads;
    for (int t = 0; t < options.threads; ++t) {
        threads.emplace_back([&, t] {
            Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams;
            const Poco::Net::SocketAddress address("127.0.0.1", 8080);
            const double started = threadCpuNanos();
            for (int i = 0; i < options.requests; ++i) {
                http::BufferedResponse response;
                http::ParsedRequest parsed;
                parsed.head.method = "GET";
                parsed.head.target = "/api/generation/job_x/status";
                http::BufferedRequest request(std::move(parsed), response, address, address,
                                              *params);
                if (metered) {
                    routing::MeteredHandler handler(new StatusLikeHandler,
                                                    "/api/generation/{jobId}/status", &series);
                    handler.handleRequest(request, response);
                } else {
                    StatusLikeHandler handler;
                    handler.handleRequest(request, response);
                }
            }
            perThread[static_cast<std::size_t>(t)] =
                (threadCpuNanos() - started) / options.requests;
        });
    }
    for (auto& thread : threads) thread.join();
    double sum = 0;
    for (double one : perThread) sum += one;
    return sum / options.threads;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// CPU microseconds of one scrape's in-memory part (the registry as text), with the series a
// busy daemon has: 20 routes by 5 statuses, their histograms, and the job metrics.
double microsPerScrape(lodestone::metrics::Metrics& metrics) {
    const auto& series = metrics.series();
    for (int route = 0; route < 20; ++route) {
        const std::string label = "/api/route/" + std::to_string(route) + "/{id}";
        for (int status : {200, 400, 401, 404, 429}) {
            series.httpRequests.with({label, std::to_string(status)}).add();
        }
        series.httpRequestDuration.with({label}).observe(0.001);
    }
    for (const char* step : {"research_agent", "content_generation", "finalization"}) {
        series.stepDuration.with({step, "plugin"}).observe(1);
    }
    constexpr int kScrapes = 2'000;
    std::size_t bytes = 0;
    const double started = threadCpuNanos();
    for (int i = 0; i < kScrapes; ++i) {
        lodestone::metrics::Exposition out;
        metrics.registry().writeTo(out);
        bytes = out.text().size();
    }
    const double micros = (threadCpuNanos() - started) / kScrapes / 1000;
    std::cout << "scrape of the registry (" << bytes << " bytes): " << micros << " us CPU\n";
    return micros;
}

}  // namespace
}  // namespace lodestone::bench::metrics

int main(int argc, char** argv) {
    using namespace lodestone::bench::metrics;
    const Options options = readOptions(argc, argv);
    std::cout << "machine: " << lodestone::bench::Machine::describe().text() << "\n"
              << options.threads << " thread(s), " << options.requests << " requests each, "
              << options.runs << " runs alternating\n";
    lodestone::metrics::Metrics metrics;
    nanosPerRequest(options, metrics.series(), true);  // warm up: allocator, first use
    std::vector<double> before, after;
    for (int run = 0; run < options.runs; ++run) {
        before.push_back(nanosPerRequest(options, metrics.series(), false));
        after.push_back(nanosPerRequest(options, metrics.series(), true));
        std::cout << "run " << run + 1 << ": unmetered " << before.back() << " ns, metered "
                  << after.back() << " ns per request\n";
    }
    std::cout << "median: unmetered " << median(before) << " ns, metered " << median(after)
              << " ns, metering " << median(after) - median(before) << " ns per request\n";
    microsPerScrape(metrics);
    return 0;
}
