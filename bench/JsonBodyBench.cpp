// json_body_bench: the CPU time of reading one JSON request body of each costly shape at the size
// limit, the way lodestoned read bodies before (Poco's order-keeping ParseHandler, reproduced
// here) and the way it reads them now (api::parseJsonBody). No daemon and no HTTP: the parse is
// what a hostile body could make expensive. See docs/benchmarks.md.
#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "api/ApiError.hpp"
#include "api/RequestBody.hpp"
#include "bench/json/BodyShapes.hpp"
#include "bench/support/Flags.hpp"
#include "bench/support/Machine.hpp"

namespace lodestone::bench::json {
namespace {

struct Options {
    int size = 1024 * 1024;  // server.max_body_bytes by default
    int runs = 5;            // of the current reader, per shape; the median is reported
    int beforeRuns = 1;      // of the old one, which takes minutes on the worst shapes
    bool before = true;
    std::string only;  // one shape by name
};

Options readOptions(int argc, char** argv) {
    Options options;
    Flags flags(argc, argv);
    while (flags.next()) {
        if (flags.isHelp()) {
            std::cout << "json_body_bench [--size BYTES] [--runs N] [--before-runs N] "
                         "[--no-before] [--shape NAME]\n";
            std::exit(0);
        } else if (flags.is("--size")) {
            options.size = flags.integer(1024);
        } else if (flags.is("--runs")) {
            options.runs = flags.integer();
        } else if (flags.is("--before-runs")) {
            options.beforeRuns = flags.integer();
        } else if (flags.is("--no-before")) {
            options.before = false;
        } else if (flags.is("--shape")) {
            options.only = flags.value();
        } else {
            flags.unknown();
        }
    }
    return options;
}

// The body reader before this change, as RequestBody.cpp had it.
std::string readBefore(const std::string& raw) {
    try {
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        parser.setDepth(64);
        auto parsed = parser.parse(raw);
        return parsed.type() == typeid(Poco::JSON::Object::Ptr) ? "accepted" : "400 not an object";
    } catch (const Poco::Exception& e) {
        return "400 " + e.message();
    }
}

std::string readNow(const std::string& raw) {
    try {
        api::parseJsonBody(raw);
        return "accepted";
    } catch (const api::ApiError& e) {
        return std::to_string(e.status()) + " " + e.what();
    }
}

double cpuSeconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

struct Measured {
    double cpuMs = 0;   // median
    double wallMs = 0;  // median
    std::string outcome;
};

// Reading and dropping the result, as a request does: freeing a large document costs too.
Measured measure(const std::function<std::string(const std::string&)>& read, const std::string& raw,
                 int runs) {
    std::vector<double> cpu, wall;
    Measured measured;
    for (int i = 0; i < runs; ++i) {
        const double cpuStart = cpuSeconds();
        const auto wallStart = std::chrono::steady_clock::now();
        measured.outcome = read(raw);
        wall.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - wallStart)
                .count());
        cpu.push_back((cpuSeconds() - cpuStart) * 1000);
    }
    std::sort(cpu.begin(), cpu.end());
    std::sort(wall.begin(), wall.end());
    measured.cpuMs = cpu[cpu.size() / 2];
    measured.wallMs = wall[wall.size() / 2];
    return measured;
}

std::string milliseconds(double ms) {
    char text[32];
    std::snprintf(text, sizeof(text), ms < 10 ? "%.2f" : ms < 1000 ? "%.1f" : "%.0f", ms);
    return text;
}

std::string shortened(const std::string& outcome) {
    return outcome.size() <= 72 ? outcome : outcome.substr(0, 69) + "...";
}

int run(const Options& options) {
    std::cout << "json_body_bench: " << Machine::describe().text() << "; bodies of at most "
              << options.size << " bytes; median of " << options.runs << " run(s) now, "
              << (options.before ? std::to_string(options.beforeRuns) + " before" : "none before")
              << "; CPU time of the reading thread\n\n";
    std::cout << "| Shape | Bytes | Before: CPU ms | Now: CPU ms | Now: wall ms | Now answers |\n"
              << "|---|---|---|---|---|---|\n";
    bool found = false;
    for (const auto& shape : bodyShapes(static_cast<std::size_t>(options.size))) {
        if (!options.only.empty() && shape.name != options.only) continue;
        found = true;
        std::string before = "–";
        if (options.before) {
            auto old = measure(readBefore, shape.body, options.beforeRuns);
            before = milliseconds(old.cpuMs) + (old.outcome == "accepted" ? "" : " (refused)");
        }
        auto now = measure(readNow, shape.body, options.runs);
        std::cout << "| " << shape.name << " (" << shape.what << ") | " << shape.body.size()
                  << " | " << before << " | " << milliseconds(now.cpuMs) << " | "
                  << milliseconds(now.wallMs) << " | " << shortened(now.outcome) << " |"
                  << std::endl;
    }
    if (!found) throw std::invalid_argument("no shape named " + options.only);
    return 0;
}

}  // namespace
}  // namespace lodestone::bench::json

int main(int argc, char** argv) {
    using namespace lodestone::bench;
    return benchMain("json_body_bench", [&] { return json::run(json::readOptions(argc, argv)); });
}
