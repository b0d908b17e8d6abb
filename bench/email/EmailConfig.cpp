#include "bench/email/EmailConfig.hpp"

#include <sstream>

#include "bench/support/Lodestoned.hpp"

namespace lodestone::bench::email {

namespace {

// Every step is due at once, the window is always open, and neither the gap nor the cap holds
// anything back: the run measures how fast emails go, not the sending rules. The templates use a
// few variables of each kind (the lead's fields, the links), and each step has an HTML part, as
// real sequences do, so the plugin writes a multipart message.
std::string sequenceYaml(int steps) {
    std::ostringstream yaml;
    yaml << "          sequence:\n"
         << "            from: { address: " << kSender << ", name: \"Ada at Acme\" }\n"
         << "            reply_to: replies@acme.example\n"
         << "            window: { days: [mon, tue, wed, thu, fri, sat, sun], start: \"00:00\", "
            "end: \"24:00\", timezone: UTC }\n"
         << "            daily_cap: 1000000\n"
         << "            min_gap: 0s\n"
         << "            steps:\n";
    for (int i = 1; i <= steps; ++i) {
        const std::string n = std::to_string(i);
        yaml << "              - delay: 0s\n"
             << "                subject: \"{{firstName}}, note " << n
             << " about {{companyName}}\"\n"
             << "                text: \"Hi {{firstName}},\\n\\nNote " << n
             << " for {{contactName}} at {{companyName}} ({{email}}).\\nBook a call: "
                "{{bookingUrl}}\\n\\nUnsubscribe: {{unsubscribeUrl}}\\n\"\n"
             << "                html: \"<p>Hi {{firstName}} of {{companyName}},</p><p>note " << n
             << ". <a href=\\\"{{bookingUrl}}\\\">Book a call</a>.</p>"
                "<p><a href=\\\"{{unsubscribeUrl}}\\\">Unsubscribe</a></p>\"\n";
    }
    return yaml.str();
}

}  // namespace

std::string configYaml(const Options& options, std::uint16_t smtpPort, Mailer mailer,
                       int concurrency) {
    std::ostringstream yaml;
    // Research is the no-op bench plugin (no I/O, nothing leaves 127.0.0.1); scoring is the
    // daemon's own, and a campaign without ICP criteria qualifies every prospect.
    yaml << serverAndStorageYaml(options.sync) << noopPluginsYaml()
         << "  smtp:\n    library: " << MAILER_SMTP_PATH << "\n"
         << "    config: { host: 127.0.0.1, port: " << smtpPort << ", tls: none }\n"
         << "pipeline:\n  research: { plugin: research }\n  content: { plugin: content }\n";
    if (mailer == Mailer::Sending) {
        // Retried after a second rather than the default five minutes, so that a failed attempt
        // shows up in the results instead of stalling the run.
        yaml << "  mailer: { plugin: smtp, concurrency: " << concurrency
             << ", retry_backoff: 1s }\n";
    }
    yaml << unthrottledYaml({"campaign_leads_per_minute"})
         << organisationYaml(options.prospects + 1000,
                             "      campaigns:\n        - name: " + kCampaign + "\n" +
                                 sequenceYaml(options.steps));
    return yaml.str();
}

}  // namespace lodestone::bench::email
