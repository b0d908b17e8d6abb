#include "bench/webhook/WebhookDaemons.hpp"

#include <sstream>

namespace lodestone::bench::webhook {

std::string configYaml(const Options& options, const std::string& webhookUrl, Role role) {
    const std::int64_t leads = static_cast<std::int64_t>(options.events) + options.latencyEvents();
    const std::string campaign =
        "      campaigns:\n        - name: Bench\n          webhook_url: " + webhookUrl + "\n";
    std::ostringstream yaml;
    // The prospects' research is the pipeline bench's no-op plugin: no I/O, and nothing leaves
    // 127.0.0.1. Scoring is done by lodestoned itself.
    yaml << serverAndStorageYaml(options.sync) << noopPluginsYaml()
         << "  hook:\n    library: " << WEBHOOK_HTTP_PATH << "\n"
         << "pipeline:\n  research: { plugin: research }\n  content: { plugin: content }\n";
    if (role == Role::Prospects) {
        // Preparation only, not measured: once no more leads arrive, a step pool that handed
        // out a full batch sleeps for jobs.poll_interval (see bench/README.md), so scoring
        // thousands of prospects at the defaults (4 at a time, 1 s) would take minutes.
        yaml << "  scoring: { concurrency: 16 }\n";
    }
    // Retries far sooner than the default [1m, 5m, 30m, 2h], so that a failed attempt shows up
    // in the results instead of stalling the run for a minute.
    yaml << "webhooks:\n  plugin: hook\n  allow_private_networks: true\n"
         << "  retry_schedule: [1s, 2s, 4s, 8s]\n"
         << "  concurrency: " << options.concurrency << "\n"
         << "jobs:\n  run: " << (role == Role::Booking ? "false" : "true") << "\n  max_retries: 0\n"
         << (role == Role::Prospects ? "  poll_interval: 50ms\n" : "")
         << unthrottledYaml(
                {"generate_per_minute", "status_per_minute", "campaign_leads_per_minute"})
         << organisationYaml(leads + 1000, campaign);
    return yaml.str();
}

}  // namespace lodestone::bench::webhook
