#include "bench/flow/FlowConfig.hpp"

#include <sstream>

#include "bench/support/Lodestoned.hpp"

namespace lodestone::bench::flow {

namespace {

// One step, due at once, the window always open, neither gap nor cap holding anything back: the
// run measures the flow, not the sending rules. The step names {{leadMagnetUrl}} (and the title),
// so each prospect's email waits until its lead magnet is finished. The link has a line of its
// own in the text part, short enough to go unencoded, as a reader would copy it.
std::string sequenceYaml() {
    return "          sequence:\n"
           "            from: { address: ada@acme.example, name: \"Ada at Acme\" }\n"
           "            reply_to: replies@acme.example\n"
           "            window: { days: [mon, tue, wed, thu, fri, sat, sun], start: \"00:00\", "
           "end: \"24:00\", timezone: UTC }\n"
           "            daily_cap: 1000000\n"
           "            min_gap: 0s\n"
           "            steps:\n"
           "              - delay: 0s\n"
           "                subject: \"{{firstName}}, we wrote something for {{companyName}}\"\n"
           "                text: \"Hi {{firstName}},\\n\\n{{leadMagnetTitle}}:\\n"
           "{{leadMagnetUrl}}\\n\\nBook a call: {{bookingUrl}}\\n\\n"
           "Unsubscribe: {{unsubscribeUrl}}\\n\"\n"
           "                html: \"<p>Hi {{firstName}},</p><p><a href=\\\"{{leadMagnetUrl}}\\\">"
           "{{leadMagnetTitle}}</a></p><p><a href=\\\"{{bookingUrl}}\\\">Book a call</a>.</p>"
           "<p><a href=\\\"{{unsubscribeUrl}}\\\">Unsubscribe</a></p>\"\n";
}

}  // namespace

std::string configYaml(const Options& options, std::uint16_t smtpPort) {
    std::ostringstream yaml;
    // Research is the no-op bench plugin (no I/O, nothing leaves 127.0.0.1); content the shipped
    // template plugin, which writes each page from the lead and that research; scoring is the
    // daemon's own, and a campaign without ICP criteria qualifies every prospect. Retries of a
    // failed email after a second rather than five minutes, so a failure shows instead of
    // stalling the run.
    yaml << serverAndStorageYaml(options.sync) << "plugins:\n"
         << "  research:\n    library: " << NOOP_RESEARCH_PATH << "\n"
         << "  template:\n    library: " << CONTENT_TEMPLATE_PATH << "\n"
         << "  smtp:\n    library: " << MAILER_SMTP_PATH << "\n"
         << "    config: { host: 127.0.0.1, port: " << smtpPort << ", tls: none }\n"
         << "pipeline:\n  research: { plugin: research }\n  content: { plugin: template }\n"
         << "  mailer: { plugin: smtp, concurrency: " << options.concurrency
         << ", retry_backoff: 1s }\n"
         << unthrottledYaml({"campaign_leads_per_minute"})
         // A credit for each prospect's lead magnet (credits_per_generation 1), and as many
         // again to spare.
         << organisationYaml(2 * static_cast<std::int64_t>(options.prospects) + 1000,
                             "      projects:\n        - name: " + kProject + "\n" +
                                 "      campaigns:\n        - name: " + kCampaign + "\n" +
                                 "          project: " + kProject + "\n" + sequenceYaml());
    return yaml.str();
}

}  // namespace lodestone::bench::flow
