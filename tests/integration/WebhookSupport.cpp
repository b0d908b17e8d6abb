#include "WebhookSupport.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <gtest/gtest.h>

#include "storage/WebhookDeliveryRepository.hpp"

namespace lodestone::test {
namespace {

EngineSetup setupFor(const WebhookReceiver& receiver, const std::string& webhooksYaml) {
    EngineSetup setup;
    setup.realPlugins = true;
    setup.campaignsYaml = "- name: Hooks\n  webhook_url: " + receiver.url() + "\n";
    std::string indented;
    std::size_t start = 0;
    while (start < webhooksYaml.size()) {
        auto end = webhooksYaml.find('\n', start);
        if (end == std::string::npos) end = webhooksYaml.size();
        indented += "  " + webhooksYaml.substr(start, end - start) + "\n";
        start = end + 1;
    }
    setup.extraYaml = "webhooks:\n" + indented;
    return setup;
}

int finishedAttempts(const Poco::JSON::Object::Ptr& delivery) {
    int finished = 0;
    auto attempts = delivery->getArray("attempts");
    for (std::size_t i = 0; attempts && i < attempts->size(); ++i) {
        if (attempts->getObject(static_cast<unsigned>(i))->getValue<std::string>("outcome") !=
            "in_flight") {
            ++finished;
        }
    }
    return finished;
}

}  // namespace

Poco::JSON::Object::Ptr attempt(const Poco::JSON::Object::Ptr& delivery, unsigned index) {
    return delivery->getArray("attempts")->getObject(index);
}

std::int64_t nowMs() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

Poco::JSON::Object::Ptr ctl(WebhookScenario& scenario, std::vector<std::string> args) {
    return scenario.engine().ctl(std::move(args));
}

WebhookScenario::WebhookScenario(const WebhookReceiver& receiver, const std::string& webhooksYaml,
                                 const std::string& scriptedHook)
    : setup_(setupFor(receiver, webhooksYaml)), engine_(setup_) {
    if (scriptedHook.empty()) return;
    // The plugin keeps its attempt counts in the engine's state dir, which exists only now.
    setup_.extraYaml += "plugins:\n  hook:\n    library: " + std::string(WEBHOOK_SCRIPTED_PATH) +
                        "\n    config:\n      state_dir: " + engine_.stateDir().string() +
                        "\n      " + scriptedHook + "\n";
}

WebhookScenario::Booking bookMeeting(EngineDaemon& engine, const std::string& campaignId,
                                     const std::string& email) {
    WebhookScenario::Booking booking;
    const std::string campaign = "/api/campaigns/" + campaignId;
    auto added = engine.post(campaign + "/leads",
                             R"({"companyName":"Analytical Engines","contactName":"Ada Lovelace",)"
                             R"("email":")" +
                                 email + R"(","title":"VP Engineering"})");
    EXPECT_EQ(added.status, 201) << added.body;
    if (added.status != 201) return booking;
    booking.prospectId = parseJson(added.body)->getValue<std::string>("prospectId");
    auto booked = engine.post(campaign + "/meetings",
                              R"({"prospectId":")" + booking.prospectId +
                                  R"(","scheduledAt":"2026-12-03T10:30:00Z","duration":45,)"
                                  R"("title":"Discovery call"})");
    EXPECT_EQ(booked.status, 201) << booked.body;
    if (booked.status != 201) return booking;
    booking.meetingId = parseJson(booked.body)->getObject("meeting")->getValue<std::string>("id");
    // The booking wrote the outbox event that names the meeting.
    storage::DeliveryFilter ofTheCampaign;
    ofTheCampaign.campaignId = campaignId;
    auto deliveries = engine.store().read([&](storage::Repositories& repositories) {
        return repositories.webhookDeliveries().list(ofTheCampaign);
    });
    for (const auto& delivery : deliveries) {
        if (delivery.payloadJson.find(booking.meetingId) != std::string::npos) {
            booking.webhookId = delivery.id;
        }
    }
    return booking;
}

Poco::JSON::Object::Ptr listedDelivery(EngineDaemon& engine, const std::string& campaignId,
                                       const std::string& webhookId) {
    auto reply = engine.get("/api/campaigns/" + campaignId + "/webhook-deliveries");
    EXPECT_EQ(reply.status, 200) << reply.body;
    if (reply.status != 200) return nullptr;
    auto deliveries = parseJson(reply.body)->getArray("deliveries");
    for (std::size_t i = 0; i < deliveries->size(); ++i) {
        auto one = deliveries->getObject(static_cast<unsigned>(i));
        if (one->getValue<std::string>("id") == webhookId) return one;
    }
    return nullptr;
}

WebhookScenario::Booking WebhookScenario::book(const std::string& email) {
    return bookMeeting(engine_, campaignId(), email);
}

Poco::JSON::Object::Ptr WebhookScenario::delivery(const std::string& webhookId) {
    return listedDelivery(engine_, campaignId(), webhookId);
}

Poco::JSON::Object::Ptr WebhookScenario::waitForStatus(const std::string& webhookId,
                                                       const std::string& status,
                                                       std::chrono::milliseconds timeout) {
    Poco::JSON::Object::Ptr last;
    eventually(
        [&] {
            last = delivery(webhookId);
            return last && last->getValue<std::string>("status") == status;
        },
        timeout);
    return last;
}

Poco::JSON::Object::Ptr WebhookScenario::waitForFinishedAttempts(const std::string& webhookId,
                                                                 int attempts) {
    Poco::JSON::Object::Ptr last;
    eventually(
        [&] {
            last = delivery(webhookId);
            return last && finishedAttempts(last) >= attempts;
        },
        std::chrono::seconds(30));
    return last;
}

std::string WebhookScenario::secret() {
    return engine_.factory().campaignNamed("Engine", "Hooks").webhookSecret;
}

}  // namespace lodestone::test
