#include "EmailSupport.hpp"

#include <Poco/JSON/Array.h>
#include <gtest/gtest.h>

#include "storage/EmailSendRepository.hpp"
#include "storage/LeaseRepository.hpp"

namespace lodestone::test {

const char* const kSequenceCampaigns = R"(- name: Fast
  sequence:
    from: { address: ada@acme.example, name: "Ada at Acme" }
    reply_to: replies@acme.example
    min_gap: 0s
    daily_cap: 100000
    steps:
      - subject: "{{firstName}}, a question about {{companyName}}"
        text: "Hi {{firstName}},\n\nBook a call: {{bookingUrl}}\n\nUnsubscribe: {{unsubscribeUrl}}\n"
        html: "<p>Hi {{firstName}} of {{companyName}}, <a href=\"{{bookingUrl}}\">book a call</a>.</p>"
      - delay: 1s
        subject: "Following up, {{firstName}}"
        text: "Second note. {{unsubscribeUrl}}"
      - delay: 1s
        subject: "Last note"
        text: "Third note. {{unsubscribeUrl}}"
- name: Slow
  sequence:
    from: { address: ada@acme.example, name: "Ada at Acme" }
    min_gap: 0s
    steps:
      - subject: "Hello {{firstName}}"
        text: "First. {{unsubscribeUrl}}"
      - delay: 1h
        subject: "Again"
        text: "Second. {{unsubscribeUrl}}")";

EngineSetup emailSetup(const SmtpSink& sink, const EmailDaemon::Options& options) {
    EngineSetup setup;
    setup.realPlugins = true;
    setup.pollInterval = options.pollInterval;
    setup.campaignsYaml = options.campaignsYaml;
    setup.pluginsYaml = "smtp:\n  library: mailer-smtp\n  config: { host: 127.0.0.1, port: " +
                        std::to_string(sink.port()) + ", tls: " + options.tls + ", timeout: 5s" +
                        (options.mailerConfig.empty() ? "" : ", " + options.mailerConfig) + " }";
    setup.pipelineYaml =
        "mailer: { plugin: smtp, retry_backoff: 100ms, max_attempts: 3, "
        "timeout: 5s }";
    setup.extraYaml = options.extraYaml;
    if (options.setup) options.setup(setup);
    return setup;
}

std::set<std::string> emailsInFlight(EngineDaemon& engine) {
    return engine.store().read([](storage::Repositories& repositories) {
        std::set<std::string> ids;
        auto owners = repositories.emailSendLeases().owners();
        for (const auto& lease : repositories.emailSendLeases().heldBy(owners)) {
            if (auto send = repositories.emailSends().find(lease.id)) ids.insert(send->messageId);
        }
        return ids;
    });
}

EmailDaemon::EmailDaemon(Options options)
    : sink_(std::make_unique<SmtpSink>(options.sink)), engine_(emailSetup(*sink_, options)) {
    engine_.start();
}

std::string EmailDaemon::addLead(const std::string& campaign, const std::string& email,
                                 const std::string& contactName, const std::string& companyName) {
    Poco::JSON::Object body;
    body.set("email", email);
    body.set("contactName", contactName);
    body.set("companyName", companyName);
    std::ostringstream text;
    body.stringify(text);
    return engine_.addLead(campaign, text.str());
}

Poco::JSON::Object::Ptr EmailDaemon::waitForStatus(const std::string& campaign,
                                                   const std::string& id,
                                                   const std::string& status) {
    return engine_.waitForProspect(campaign, id,
                                   [&](const std::string& now) { return now == status; });
}

std::vector<ReceivedMessage> EmailDaemon::messagesTo(const std::string& address) const {
    std::vector<ReceivedMessage> out;
    for (auto& message : sink_->messages()) {
        for (const auto& to : message.rcptTos) {
            if (to == address) out.push_back(message);
        }
    }
    return out;
}

std::vector<ReceivedMessage> EmailDaemon::waitForMessagesTo(const std::string& address,
                                                            std::size_t count) {
    bool arrived =
        eventually([&] { return messagesTo(address).size() >= count; }, std::chrono::seconds(60));
    EXPECT_TRUE(arrived) << messagesTo(address).size() << " of " << count << " messages to "
                         << address << "; the sink's log:\n"
                         << sink_->log() << "\nlodestoned's log:\n"
                         << engine_.daemon().process().errors();
    return messagesTo(address);
}

Poco::JSON::Object::Ptr EmailDaemon::email(const Poco::JSON::Object::Ptr& prospect, int step) {
    auto emails = prospect->getArray("emails");
    for (std::size_t i = 0; emails && i < emails->size(); ++i) {
        auto one = emails->getObject(static_cast<unsigned>(i));
        if (one->getValue<int>("step") == step) return one;
    }
    return new Poco::JSON::Object();
}

std::string EmailDaemon::unsubscribeToken(const ReceivedMessage& message) {
    // List-Unsubscribe: <http://127.0.0.1:8080/u/TOKEN>
    const std::string header = message.header("List-Unsubscribe");
    auto at = header.find("/u/");
    auto end = header.find('>', at);
    if (at == std::string::npos || end == std::string::npos) return "";
    return header.substr(at + 3, end - at - 3);
}

}  // namespace lodestone::test
