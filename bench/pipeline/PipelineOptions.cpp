#include "bench/pipeline/PipelineOptions.hpp"

#include <iostream>

namespace lodestone::bench::pipeline {

namespace {

const char* const kUsage = R"(usage: pipeline_bench [options]

Starts lodestoned with no-op research/content plugins on a fresh SQLite database, creates jobs
over HTTP while polling their status, and reports how fast they go through the whole pipeline.

  --jobs N                 jobs to create (default 10000)
  --clients C              concurrent creating clients, one keep-alive connection each (8)
  --pollers P              concurrent status pollers, one keep-alive connection each (2)
  --sync normal|full       storage.synchronous of the daemon (normal)
  --research-workers N     pipeline.research.concurrency (16)
  --content-workers N      pipeline.content.concurrency (16)
  --finalize-workers N     pipeline.finalize.concurrency (4)
  --keep                   keep the run directory (config, database, daemon log)
  --json                   also print the results as one JSON line
  --pause S                wait S seconds after the daemon listens before sending load (to
                           attach a profiler)
  --pid-file FILE          write the daemon's pid to FILE once it listens
  --stall-timeout S        give up when no job finishes for S seconds (120)
  --help                   this text
)";

}  // namespace

std::optional<Options> parseOptions(int argc, char** argv) {
    Options options;
    Flags flags(argc, argv);
    while (flags.next()) {
        if (flags.isHelp()) {
            std::cout << kUsage;
            return std::nullopt;
        } else if (readCommonFlag(flags, options)) {
            continue;
        } else if (flags.is("--jobs")) {
            options.jobs = flags.integer();
        } else if (flags.is("--clients")) {
            options.clients = flags.integer();
        } else if (flags.is("--pollers")) {
            options.pollers = flags.integer(0);
        } else if (flags.is("--research-workers")) {
            options.researchWorkers = flags.integer();
        } else if (flags.is("--content-workers")) {
            options.contentWorkers = flags.integer();
        } else if (flags.is("--finalize-workers")) {
            options.finalizeWorkers = flags.integer();
        } else {
            flags.unknown();
        }
    }
    return options;
}

}  // namespace lodestone::bench::pipeline
