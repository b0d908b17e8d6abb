#pragma once

#include <Poco/JSON/Object.h>

#include <chrono>
#include <string>
#include <vector>

#include "EngineSupport.hpp"
#include "WebhookReceiver.hpp"

namespace lodestone::test {

// The webhook tests' compressed schedule: retries 200, 400, 600 and 800 ms after a failure.
inline const std::string kFastWebhooks =
    "allow_private_networks: true\n"
    "retry_schedule: [200ms, 400ms, 600ms, 800ms]\n"
    "timeout: 1s\n";

// A lodestoned with one campaign, "Hooks", whose webhook URL is a WebhookReceiver's, and the
// steps from adding a lead to the delivery the booked meeting causes.
class WebhookScenario {
  public:
    // `webhooksYaml`: the keys of the `webhooks:` section. `scriptedHook`: config lines of the
    // scripted webhook plugin (tests/plugins/ScriptedPlugin.cpp) declared as plugin "hook", for
    // a `webhooksYaml` that says `plugin: hook`.
    WebhookScenario(const WebhookReceiver& receiver, const std::string& webhooksYaml,
                    const std::string& scriptedHook = "");
    // The first start; engine().start() starts it again as set up.
    void start() { engine_.start(setup_); }
    EngineDaemon& engine() { return engine_; }
    EngineSetup setup() const { return setup_; }
    std::string campaignId() { return engine_.campaignId("Hooks"); }

    struct Booking {
        std::string prospectId;
        std::string meetingId;
        std::string webhookId;
    };
    // Adds a lead and books a meeting for it; the outbox event's id is the webhook-id.
    Booking book(const std::string& email = "ada@engines.example");

    // The delivery as GET /api/campaigns/{id}/webhook-deliveries shows it.
    Poco::JSON::Object::Ptr delivery(const std::string& webhookId);
    // Polls until the delivery has `status`; the last view either way.
    Poco::JSON::Object::Ptr waitForStatus(
        const std::string& webhookId, const std::string& status,
        std::chrono::milliseconds timeout = std::chrono::seconds(30));
    // Polls until `attempts` attempts have finished.
    Poco::JSON::Object::Ptr waitForFinishedAttempts(const std::string& webhookId, int attempts);

    std::string secret();

  private:
    EngineSetup setup_;
    EngineDaemon engine_;
};

// Adds a lead to `campaignId` and books a meeting for it (what WebhookScenario::book does for
// its own campaign).
WebhookScenario::Booking bookMeeting(EngineDaemon& engine, const std::string& campaignId,
                                     const std::string& email);
// The delivery as GET /api/campaigns/{campaignId}/webhook-deliveries lists it; null when not
// listed.
Poco::JSON::Object::Ptr listedDelivery(EngineDaemon& engine, const std::string& campaignId,
                                       const std::string& webhookId);

// lodestonectl --json on the scenario's config; its parsed output.
Poco::JSON::Object::Ptr ctl(WebhookScenario& scenario, std::vector<std::string> args);
// The `index`th attempt of a delivery as the API shows it.
Poco::JSON::Object::Ptr attempt(const Poco::JSON::Object::Ptr& delivery, unsigned index);
std::int64_t nowMs();

}  // namespace lodestone::test
