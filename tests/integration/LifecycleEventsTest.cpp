// Lifecycle events end to end: an endpoint made with lodestonectl hears each step of a
// prospect's and a lead magnet's life, once each, signed with its own secret, retried on its own
// schedule with the same webhook-id, and a failing job as research.failed and lead.failed.
#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "WebhookSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::Contains;
using ::testing::UnorderedElementsAre;
using Answer = WebhookReceiver::Answer;

const std::string kAllEvents =
    "meeting_booked,meeting_cancelled,lead.created,research.completed,research.failed,"
    "magnet.generated,lead.failed,magnet.viewed,prospect.qualified,prospect.disqualified,"
    "email.sent,email.bounced,prospect.replied,prospect.unsubscribed";

const std::string kProspect = R"({"companyName":"Analytical Engines","contactName":"Ada Lovelace",)"
                              R"("email":"ada@engines.example","title":"VP Engineering"})";
const std::string kLead =
    R"({"email":"ada@engines.example","fullName":"Ada Lovelace","company":"Analytical Engines"})";

struct Endpoint {
    std::string id;
    std::string secret;
};

Endpoint subscribe(WebhookScenario& scenario, const WebhookReceiver& receiver,
                   const std::string& events) {
    const auto organisation =
        scenario.engine().factory().campaignNamed("Engine", "Hooks").organisationId;
    auto made = ctl(scenario,
                    {"endpoint", "create", "--org", organisation, "--url", receiver.url("/events"),
                     "--events", events, "--retry-schedule", "100ms,100ms"});
    return {made->getValue<std::string>("id"), made->getValue<std::string>("secret")};
}

// Polls until every delivery to the endpoint is delivered or failed; their events by status.
std::map<std::string, std::string> settledDeliveries(WebhookScenario& scenario,
                                                     const std::string& endpointId,
                                                     std::size_t atLeast) {
    std::map<std::string, std::string> statusById;
    EXPECT_TRUE(eventually(
        [&] {
            statusById.clear();
            auto listed =
                ctl(scenario, {"webhook", "list", "--endpoint", endpointId})->getArray("items");
            for (std::size_t i = 0; listed && i < listed->size(); ++i) {
                auto one = listed->getObject(static_cast<unsigned>(i));
                statusById[one->getValue<std::string>("id")] = one->getValue<std::string>("status");
            }
            if (statusById.size() < atLeast) return false;
            for (const auto& [id, status] : statusById) {
                if (status == "pending") return false;
            }
            return true;
        },
        std::chrono::seconds(60)));
    return statusById;
}

// "event about subject" for every request the receiver got at /events, by webhook-id.
std::map<std::string, std::string> heard(const WebhookReceiver& receiver, const Endpoint& endpoint,
                                         std::multiset<std::string>& attemptsById) {
    std::map<std::string, std::string> events;
    for (const auto& request : receiver.requests()) {
        if (request.uri != "/events") continue;
        const auto& id = request.headers.at("webhook-id");
        EXPECT_TRUE(verifiedWithOpenSsl(endpoint.secret, id,
                                        request.headers.at("webhook-timestamp"), request.body,
                                        request.headers.at("webhook-signature")))
            << request.body;
        auto payload = parseJson(request.body);
        const auto subject =
            payload->has("prospect")
                ? "prospect " + payload->getObject("prospect")->getValue<std::string>("id")
                : "lead " + payload->getObject("lead")->getValue<std::string>("id");
        events[id] = payload->getValue<std::string>("event") + " about " + subject;
        attemptsById.insert(id);
    }
    return events;
}

}  // namespace

TEST(LifecycleEvents, AnEndpointHearsEachStepOnceSignedWithItsSecretAndRetriedOnItsSchedule) {
    WebhookReceiver receiver;
    WebhookScenario scenario(receiver, kFastWebhooks);
    scenario.start();
    auto endpoint = subscribe(scenario, receiver, kAllEvents);
    receiver.script({Answer{503}});  // the first attempt of the first event fails

    auto& engine = scenario.engine();
    const auto prospectId = engine.addLead("Hooks", kProspect);
    auto settled = engine.waitForProspect("Hooks", prospectId, [](const std::string& status) {
        return status == "qualified" || status == "disqualified" || status == "in_sequence";
    });
    const std::string verdict = "prospect." + settled->getValue<std::string>("status");
    auto [leadId, jobId] = engine.createJob(kLead);
    ASSERT_EQ(engine.waitUntilFinished(jobId)->getValue<std::string>("status"), "completed");

    auto statuses = settledDeliveries(scenario, endpoint.id, 6);
    std::multiset<std::string> attempts;
    auto events = heard(receiver, endpoint, attempts);
    std::vector<std::string> told;
    for (const auto& [id, event] : events) {
        told.push_back(event);
        EXPECT_EQ(statuses[id], "delivered") << event;
    }
    const std::string prospect = " about prospect " + prospectId;
    const std::string lead = " about lead " + leadId;
    EXPECT_THAT(told,
                UnorderedElementsAre("lead.created" + prospect, "research.completed" + prospect,
                                     verdict + prospect, "lead.created" + lead,
                                     "research.completed" + lead, "magnet.generated" + lead));
    // The refused attempt came again with the same webhook-id; every other came once.
    EXPECT_EQ(attempts.size(), events.size() + 1);
    std::size_t repeated = 0;
    for (const auto& [id, event] : events) repeated += attempts.count(id) - 1;
    EXPECT_EQ(repeated, 1u);
    // Nothing went to the campaign's URL: it hears meeting_booked only.
    for (const auto& request : receiver.requests()) EXPECT_EQ(request.uri, "/events");
}

TEST(LifecycleEvents, AJobThatKeepsFailingIsResearchFailedThenLeadFailedAndOnlyWhatWasAskedFor) {
    WebhookReceiver receiver;
    WebhookScenario scenario(receiver, kFastWebhooks);
    auto setup = scenario.setup();
    setup.realPlugins = false;
    setup.research = "fail_times: 99";
    scenario.engine().start(setup);
    auto endpoint = subscribe(scenario, receiver, "research.failed,lead.failed");

    auto [leadId, jobId] = scenario.engine().createJob(kLead);
    const auto prospectId = scenario.engine().addLead("Hooks", kProspect);
    ASSERT_EQ(scenario.engine().waitUntilFinished(jobId)->getValue<std::string>("status"),
              "failed");
    scenario.engine().waitForProspect("Hooks", prospectId,
                                      [](const std::string& status) { return status == "failed"; });
    settledDeliveries(scenario, endpoint.id, 4);
    std::multiset<std::string> attempts;
    auto events = heard(receiver, endpoint, attempts);
    std::vector<std::string> told;
    for (const auto& [id, event] : events) told.push_back(event);
    EXPECT_THAT(told, UnorderedElementsAre("research.failed about lead " + leadId,
                                           "lead.failed about lead " + leadId,
                                           "research.failed about prospect " + prospectId,
                                           "lead.failed about prospect " + prospectId));
    for (const auto& request : receiver.requests()) {
        auto payload = parseJson(request.body);
        EXPECT_EQ(payload->getValue<std::string>("step"),
                  "research_agent");  // as in the job's status
        EXPECT_FALSE(payload->isNull("error"));
    }
}

TEST(LifecycleEvents, APagesViewsByPeopleAreCountedAndTheFirstIsMagnetViewedOnce) {
    WebhookReceiver receiver;
    WebhookScenario scenario(receiver, kFastWebhooks);
    auto setup = scenario.setup();
    setup.projectYaml = "settings:\n  calendar_url: https://cal.example.test/sam\n";
    scenario.engine().start(setup);
    auto& engine = scenario.engine();
    auto endpoint = subscribe(scenario, receiver, "magnet.viewed");
    auto [leadId, jobId] = engine.createJob(kLead);
    ASSERT_EQ(engine.waitUntilFinished(jobId)->getValue<std::string>("status"), "completed");

    const std::string page = "/m/" + leadId;
    const std::map<std::string, std::string> person{
        {"User-Agent",
         "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) "
         "Version/18.1 Safari/605.1.15"}};
    // What no person reads: previews, crawlers, a scanner, HEAD, a prefetch, no User-Agent.
    for (const char* agent :
         {"Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "WhatsApp/2.23.20.0",
          "facebookexternalhit/1.1", "Mozilla/5.0 (compatible; Googlebot/2.1)", "curl/7.88.1"}) {
        EXPECT_EQ(httpRequest(engine.port(), "GET", page, "", {{"User-Agent", agent}}).status, 200);
    }
    EXPECT_EQ(httpRequest(engine.port(), "HEAD", page, "", person).status, 200);
    auto prefetch = person;
    prefetch["Sec-Purpose"] = "prefetch";
    EXPECT_EQ(httpRequest(engine.port(), "GET", page, "", prefetch).status, 200);
    EXPECT_EQ(httpRequest(engine.port(), "GET", page).status, 200);
    auto status = engine.job(jobId);
    ASSERT_TRUE(status->has("pageViews"));
    EXPECT_EQ(status->getObject("pageViews")->getValue<int>("views"), 0);
    EXPECT_TRUE(status->getObject("pageViews")->isNull("firstViewedAt"));

    // Two views by a person, a preview of the call to action, and one click on it.
    EXPECT_EQ(httpRequest(engine.port(), "GET", page, "", person).status, 200);
    EXPECT_EQ(httpRequest(engine.port(), "GET", page, "", person).status, 200);
    EXPECT_EQ(httpRequest(engine.port(), "GET", page + "/cta", "",
                          {{"User-Agent", "Slackbot-LinkExpanding 1.0"}})
                  .status,
              302);
    auto click = httpRequest(engine.port(), "GET", page + "/cta", "", person);
    EXPECT_EQ(click.status, 302);
    EXPECT_EQ(click.headers["Location"], "/b/" + leadId);
    EXPECT_TRUE(click.setCookies.empty());

    auto views = engine.job(jobId)->getObject("pageViews");
    EXPECT_EQ(views->getValue<int>("views"), 2);
    EXPECT_EQ(views->getValue<int>("ctaClicks"), 1);
    EXPECT_FALSE(views->isNull("firstViewedAt"));
    EXPECT_LE(views->getValue<std::int64_t>("firstViewedAt"),
              views->getValue<std::int64_t>("lastViewedAt"));

    settledDeliveries(scenario, endpoint.id, 1);
    std::multiset<std::string> attempts;
    auto events = heard(receiver, endpoint, attempts);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events.begin()->second, "magnet.viewed about lead " + leadId);
    auto payload = parseJson(receiver.requests()[0].body);
    EXPECT_EQ(payload->getObject("views")->getValue<int>("count"), 1);
}

TEST(LifecycleEvents, ADeletedEndpointsPendingDeliveryFailsAtItsNextAttemptWithoutRetries) {
    WebhookReceiver receiver;
    receiver.answerAfterScript({503});
    WebhookScenario scenario(receiver, kFastWebhooks);
    scenario.start();
    const auto organisation =
        scenario.engine().factory().campaignNamed("Engine", "Hooks").organisationId;
    auto made = ctl(scenario,
                    {"endpoint", "create", "--org", organisation, "--url", receiver.url("/events"),
                     "--events", "lead.created", "--retry-schedule", "1h,1h"});
    const auto endpointId = made->getValue<std::string>("id");
    scenario.engine().createJob(kLead);
    ASSERT_TRUE(receiver.waitForRequests(1));  // refused; the retry is an hour away
    std::string deliveryId;
    ASSERT_TRUE(eventually(
        [&] {
            auto items =
                ctl(scenario, {"webhook", "list", "--endpoint", endpointId})->getArray("items");
            if (!items || items->size() != 1) return false;
            auto one = items->getObject(0);
            deliveryId = one->getValue<std::string>("id");
            return !one->isNull("nextAttemptAt");
        },
        std::chrono::seconds(30)));

    ctl(scenario, {"endpoint", "delete", endpointId});
    // Due now rather than in an hour: its next attempt finds the endpoint deleted.
    scenario.engine().backdoor().execute(
        "UPDATE webhook_outbox SET next_attempt_at = 0 WHERE id = '" + deliveryId + "'");
    Poco::JSON::Object::Ptr shown;
    ASSERT_TRUE(eventually(
        [&] {
            shown = ctl(scenario, {"webhook", "show", deliveryId});
            return shown->getValue<std::string>("status") == "failed";
        },
        std::chrono::seconds(30)));
    EXPECT_EQ(shown->getValue<int>("attemptCount"), 2);
    EXPECT_THAT(shown->getValue<std::string>("lastError"), ::testing::HasSubstr("was deleted"));
    EXPECT_EQ(receiver.requests().size(), 1u);
}

TEST(LifecycleEvents, AnEndpointsDeliveriesAreListedAndRedeliveredOverTheApiWithTheSameId) {
    WebhookReceiver receiver;
    WebhookScenario scenario(receiver, kFastWebhooks);
    scenario.start();
    auto endpoint = subscribe(scenario, receiver, "lead.created");
    auto& engine = scenario.engine();
    engine.createJob(kLead);
    settledDeliveries(scenario, endpoint.id, 1);

    auto listed = engine.get("/api/webhook-endpoints");
    ASSERT_EQ(listed.status, 200) << listed.body;
    auto endpoints = parseJson(listed.body)->getArray("endpoints");
    ASSERT_EQ(endpoints->size(), 1u);
    auto shown = endpoints->getObject(0);
    EXPECT_EQ(shown->getValue<std::string>("id"), endpoint.id);
    EXPECT_EQ(shown->getArray("events")->getElement<std::string>(0), "lead.created");
    EXPECT_FALSE(shown->has("secret"));

    const std::string deliveries = "/api/webhook-endpoints/" + endpoint.id + "/deliveries";
    auto page = engine.get(deliveries + "?status=delivered");
    ASSERT_EQ(page.status, 200) << page.body;
    auto items = parseJson(page.body)->getArray("deliveries");
    ASSERT_EQ(items->size(), 1u);
    const auto delivery = items->getObject(0);
    const auto id = delivery->getValue<std::string>("id");
    EXPECT_EQ(delivery->getValue<std::string>("endpointId"), endpoint.id);
    EXPECT_TRUE(delivery->isNull("campaignId"));
    EXPECT_EQ(engine.get(deliveries + "?status=sideways").status, 400);

    auto again = engine.post(deliveries + "/" + id + "/redeliver");
    EXPECT_EQ(again.status, 202) << again.body;
    ASSERT_TRUE(receiver.waitForRequests(2));
    EXPECT_EQ(receiver.requests()[0].headers.at("webhook-id"), id);
    EXPECT_EQ(receiver.requests()[1].headers.at("webhook-id"), id);

    // Another organisation's key, an unknown endpoint and a delivery of another owner: unknown.
    const auto rivalOrg = ctl(scenario, {"org", "create", "Rival"})->getValue<std::string>("id");
    const auto rivalKey = ctl(scenario, {"key", "create", "--org", rivalOrg, "--name", "rival"})
                              ->getValue<std::string>("key");
    const std::map<std::string, std::string> rival{{"Authorization", "Bearer " + rivalKey}};
    EXPECT_EQ(httpRequest(engine.port(), "GET", deliveries, "", rival).status, 404);
    EXPECT_EQ(parseJson(httpRequest(engine.port(), "GET", "/api/webhook-endpoints", "", rival).body)
                  ->getArray("endpoints")
                  ->size(),
              0u);
    EXPECT_EQ(engine.get("/api/webhook-endpoints/ep_000000000000000000000000/deliveries").status,
              404);
    auto booking = scenario.book();
    EXPECT_EQ(engine.post(deliveries + "/" + booking.webhookId + "/redeliver").status, 404);
}

}  // namespace lodestone::test
