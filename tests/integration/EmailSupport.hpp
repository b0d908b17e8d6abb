#pragma once

#include <Poco/JSON/Object.h>

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "EngineSupport.hpp"
#include "support/SmtpSink.hpp"

namespace lodestone::test {

// Two campaigns with email sequences, every day and hour open, no gap and no cap to speak of:
// "Fast" sends its three steps a second apart; "Slow" waits an hour after its first email, so a
// test can stop a prospect between its emails.
extern const char* const kSequenceCampaigns;

// A lodestoned whose outreach emails go through the bundled mailer-smtp to a real SMTP server
// (aiosmtpd) on 127.0.0.1, with the bundled research plugin and compressed retries.
class EmailDaemon {
  public:
    struct Options {
        SmtpSinkOptions sink{};
        std::string tls = "none";       // the smtp plugin's `tls`
        std::string mailerConfig = "";  // more keys of the smtp plugin's config, YAML flow
        std::string extraYaml = "";     // more top-level sections (mailbox:)
        std::string campaignsYaml = kSequenceCampaigns;
        std::string pollInterval = "50ms";  // jobs.poll_interval
        // Changes to the daemon's set-up once the above is in it (scripted plugins beside the
        // mailer, a fixed port and server.public_url).
        std::function<void(EngineSetup&)> setup = nullptr;
    };

    explicit EmailDaemon(Options options);
    EmailDaemon() : EmailDaemon(Options{}) {}

    EngineDaemon& engine() { return engine_; }
    SmtpSink& sink() { return *sink_; }

    // Add Lead with the fields a test varies; the prospect's id.
    std::string addLead(const std::string& campaign, const std::string& email,
                        const std::string& contactName = "Grace Hopper",
                        const std::string& companyName = "Navy Labs");
    Poco::JSON::Object::Ptr prospect(const std::string& campaign, const std::string& id) {
        return engine_.prospect(campaign, id);
    }
    Poco::JSON::Object::Ptr waitForStatus(const std::string& campaign, const std::string& id,
                                          const std::string& status);
    // Waits until the sink holds `count` messages to `address`; those messages, in order.
    std::vector<ReceivedMessage> waitForMessagesTo(const std::string& address, std::size_t count);
    std::vector<ReceivedMessage> messagesTo(const std::string& address) const;

    // The prospect's `emails`, and one field of one of them (1-based step).
    static Poco::JSON::Object::Ptr email(const Poco::JSON::Object::Ptr& prospect, int step);
    // The token of the prospect's unsubscribe link, as its first email carries it.
    static std::string unsubscribeToken(const ReceivedMessage& message);

  private:
    std::unique_ptr<SmtpSink> sink_;
    EngineDaemon engine_;
};

EngineSetup emailSetup(const SmtpSink& sink, const EmailDaemon::Options& options);

// The Message-IDs of the emails leased (being sent) at this moment: after a kill -9 these, and
// only these, may arrive twice.
std::set<std::string> emailsInFlight(EngineDaemon& engine);

}  // namespace lodestone::test
