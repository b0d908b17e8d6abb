// Bookings reported by Cal.com and Calendly (POST /hooks/calcom|calendly/{campaignId}) end to
// end: the provider fixtures of tests/unit/outreach/calendar, signed here with OpenSSL as the
// providers sign them, become one meeting and one meeting_booked webhook at the receiver;
// reschedules, cancellations, bad and stale signatures, replays and strangers.
#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <thread>

#include "CalendarSupport.hpp"
#include "WebhookSupport.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;

class CalendarHooks : public ::testing::Test {
  protected:
    void SetUp() override {
        scenario_.start();
        campaignId_ = scenario_.campaignId();
        prospectId_ = scenario_.engine().addLead(
            "Hooks", R"({"companyName":"Analytical Engines","contactName":"Ada Lovelace",)"
                     R"("email":"Ada@Engines.example","title":"VP Engineering"})");
        store().read([&](storage::Repositories& repositories) {
            secret_ = *repositories.campaigns().find(campaignId_)->intakeSecret;
            token_ = repositories.prospects().find(prospectId_)->bookingToken;
        });
    }

    storage::Store& store() { return scenario_.engine().store(); }

    // A provider fixture naming this test's prospect by its token.
    std::string body(const std::string& name) {
        return replacedAll(calendarFixture(name), kFixtureToken, token_);
    }

    HttpReply calcom(const std::string& payload, std::optional<std::string> signature) {
        std::map<std::string, std::string> headers{{"Content-Type", "application/json"}};
        if (signature) headers["X-Cal-Signature-256"] = *signature;
        return httpRequest(scenario_.engine().port(), "POST", "/hooks/calcom/" + campaignId_,
                           payload, headers);
    }
    HttpReply calcom(const std::string& payload) {
        return postCalcomReport(scenario_.engine().port(), campaignId_, secret_, payload);
    }

    HttpReply calendly(const std::string& payload, const std::string& signature) {
        return httpRequest(
            scenario_.engine().port(), "POST", "/hooks/calendly/" + campaignId_, payload,
            {{"Content-Type", "application/json"}, {"Calendly-Webhook-Signature", signature}});
    }
    std::string calendlySignature(const std::string& payload, std::int64_t seconds,
                                  const std::string& key) {
        const auto stamp = std::to_string(seconds);
        return "t=" + stamp + ",v1=" + hexHmacSha256(key, stamp + "." + payload);
    }
    HttpReply calendly(const std::string& payload) {
        return calendly(payload, calendlySignature(payload, nowMs() / 1000, secret_));
    }

    static std::string outcome(const HttpReply& reply) {
        EXPECT_EQ(reply.status, 200) << reply.body;
        return reply.status == 200 ? parseJson(reply.body)->getValue<std::string>("outcome") : "";
    }

    std::int64_t count(const std::string& sql) { return scenario_.engine().backdoor().count(sql); }

    Poco::JSON::Object::Ptr firstMeeting() {
        auto prospect = scenario_.engine().prospect("Hooks", prospectId_);
        auto meetings = prospect->getArray("meetings");
        return meetings && meetings->size() > 0 ? meetings->getObject(0) : nullptr;
    }

    WebhookReceiver receiver_;
    WebhookScenario scenario_{receiver_, kFastWebhooks};
    std::string campaignId_, prospectId_, secret_, token_;
};

}  // namespace

TEST_F(CalendarHooks, ACalcomBookingIsOneMeetingAndOneWebhookHoweverOftenItIsReported) {
    const auto created = body("calcom-booking-created.json");
    auto first = calcom(created);
    ASSERT_EQ(outcome(first), "booked");
    const auto meetingId = parseJson(first.body)->getValue<std::string>("meetingId");
    ASSERT_TRUE(receiver_.waitForRequests(1));
    auto event = parseJson(receiver_.requests()[0].body);
    EXPECT_EQ(event->getValue<std::string>("event"), "meeting_booked");
    EXPECT_EQ(event->getObject("prospect")->getValue<std::string>("id"), prospectId_);
    EXPECT_EQ(event->getObject("meeting")->getValue<std::string>("id"), meetingId);
    EXPECT_EQ(event->getObject("meeting")->getValue<std::string>("scheduledAt"),
              "2026-12-03T10:30:00Z");
    EXPECT_EQ(event->getObject("meeting")->getValue<int>("duration"), 45);

    EXPECT_EQ(outcome(calcom(created)), "repeat");
    EXPECT_EQ(count("SELECT COUNT(*) FROM meetings"), 1);
    EXPECT_EQ(count("SELECT COUNT(*) FROM webhook_outbox"), 1);
    auto meeting = firstMeeting();
    ASSERT_TRUE(meeting);
    EXPECT_EQ(meeting->getValue<std::string>("source"), "calcom");
    EXPECT_EQ(meeting->getValue<std::string>("status"), "booked");
    EXPECT_EQ(scenario_.engine().prospect("Hooks", prospectId_)->getValue<std::string>("status"),
              "meeting_booked");

    // Moved, then cancelled: the same meeting, still one event.
    EXPECT_EQ(outcome(calcom(body("calcom-booking-rescheduled.json"))), "rescheduled");
    EXPECT_EQ(firstMeeting()->getValue<std::string>("scheduledAt"), "2026-12-04T14:00:00Z");
    EXPECT_EQ(outcome(calcom(body("calcom-booking-cancelled.json"))), "cancelled");
    meeting = firstMeeting();
    EXPECT_EQ(meeting->getValue<std::string>("id"), meetingId);
    EXPECT_EQ(meeting->getValue<std::string>("status"), "cancelled");
    EXPECT_FALSE(meeting->isNull("cancelledAt"));
    EXPECT_EQ(count("SELECT COUNT(*) FROM webhook_outbox"), 1);
    EXPECT_EQ(receiver_.requests().size(), 1u);
}

TEST_F(CalendarHooks, ACancellationReachesEndpointsSubscribedToMeetingCancelled) {
    const auto organisation =
        scenario_.engine().factory().campaignNamed("Engine", "Hooks").organisationId;
    auto endpoint = ctl(scenario_, {"endpoint", "create", "--org", organisation, "--url",
                                    receiver_.url("/events"), "--events", "meeting_cancelled"});
    ASSERT_EQ(outcome(calcom(body("calcom-booking-created.json"))), "booked");
    auto cancel = replacedAll(body("calcom-booking-cancelled.json"), "p6RCDmUpZ5jC8HH5QkbF2u",
                              "bFJeNb2uX8ANpT3JL5EfXw");
    ASSERT_EQ(outcome(calcom(cancel)), "cancelled");
    ASSERT_TRUE(receiver_.waitForRequests(2));  // meeting_booked to the campaign, and this
    std::vector<std::string> toEndpoint;
    for (const auto& request : receiver_.requests()) {
        if (request.uri != "/events") continue;
        EXPECT_TRUE(verifiedWithOpenSsl(endpoint->getValue<std::string>("secret"),
                                        request.headers.at("webhook-id"),
                                        request.headers.at("webhook-timestamp"), request.body,
                                        request.headers.at("webhook-signature")));
        auto payload = parseJson(request.body);
        toEndpoint.push_back(payload->getValue<std::string>("event"));
        EXPECT_EQ(payload->getObject("prospect")->getValue<std::string>("id"), prospectId_);
        EXPECT_EQ(payload->getObject("meeting")->getValue<std::string>("source"), "calcom");
    }
    EXPECT_THAT(toEndpoint, ::testing::ElementsAre("meeting_cancelled"));
}

TEST_F(CalendarHooks, ACalendlyRescheduleArrivesAsACancelAndACreateAndMovesTheMeeting) {
    ASSERT_EQ(outcome(calendly(body("calendly-invitee-created.json"))), "booked");
    EXPECT_EQ(outcome(calendly(body("calendly-invitee-canceled-rescheduled.json"))), "ignored");
    EXPECT_EQ(firstMeeting()->getValue<std::string>("status"), "booked");
    EXPECT_EQ(outcome(calendly(body("calendly-invitee-created-rescheduled.json"))), "rescheduled");
    EXPECT_EQ(firstMeeting()->getValue<std::string>("scheduledAt"), "2026-12-04T14:00:00Z");
    EXPECT_EQ(outcome(calendly(body("calendly-invitee-canceled.json"))), "cancelled");
    EXPECT_EQ(firstMeeting()->getValue<std::string>("status"), "cancelled");
    EXPECT_EQ(count("SELECT COUNT(*) FROM meetings"), 1);
    EXPECT_EQ(count("SELECT COUNT(*) FROM webhook_outbox"), 1);
}

TEST_F(CalendarHooks, TheSameBookingReportedEightTimesAtOnceIsOneMeeting) {
    const auto created = body("calcom-booking-created.json");
    std::vector<std::thread> senders;
    std::mutex lock;
    std::multiset<std::string> outcomes;
    for (int i = 0; i < 8; ++i) {
        senders.emplace_back([&] {
            auto reply = calcom(created);
            std::lock_guard<std::mutex> guard(lock);
            outcomes.insert(reply.status == 200
                                ? parseJson(reply.body)->getValue<std::string>("outcome")
                                : "HTTP " + std::to_string(reply.status) + " " + reply.body);
        });
    }
    for (auto& sender : senders) sender.join();
    EXPECT_EQ(outcomes.count("booked"), 1u);
    EXPECT_EQ(outcomes.count("repeat"), 7u) << ::testing::PrintToString(outcomes);
    EXPECT_EQ(count("SELECT COUNT(*) FROM meetings"), 1);
    EXPECT_EQ(count("SELECT COUNT(*) FROM webhook_outbox"), 1);
}

TEST_F(CalendarHooks, WrongMissingStaleAndReplayedSignaturesAreRefusedAndRecordNothing) {
    const auto created = body("calcom-booking-created.json");
    auto wrong = calcom(created, hexHmacSha256("not-the-campaigns-secret", created));
    EXPECT_EQ(wrong.status, 401);
    EXPECT_THAT(wrong.body, HasSubstr("does not match the body"));
    EXPECT_EQ(calcom(created, std::nullopt).status, 401);
    EXPECT_EQ(calcom(created, "no-secret-provided").status, 401);
    // The body changed after signing.
    EXPECT_EQ(
        calcom(replacedAll(created, "10:30", "11:30"), hexHmacSha256(secret_, created)).status,
        401);

    const auto invitee = body("calendly-invitee-created.json");
    const auto now = nowMs() / 1000;
    auto stale = calendly(invitee, calendlySignature(invitee, now - 400, secret_));
    EXPECT_EQ(stale.status, 401);
    EXPECT_THAT(stale.body, HasSubstr("seconds from this host's clock"));
    // A request captured an hour ago, sent again with a fresh time.
    const auto captured = calendlySignature(invitee, now - 3600, secret_);
    EXPECT_EQ(
        calendly(invitee, "t=" + std::to_string(now) + captured.substr(captured.find(','))).status,
        401);
    EXPECT_EQ(calendly(invitee, calendlySignature(invitee, now, "not-the-campaigns-secret")).status,
              401);
    EXPECT_EQ(count("SELECT COUNT(*) FROM meetings"), 0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM webhook_outbox"), 0);

    // Signed well, it counts; the same request played again within the window is a repeat.
    const auto signature = calendlySignature(invitee, now, secret_);
    EXPECT_EQ(outcome(calendly(invitee, signature)), "booked");
    EXPECT_EQ(outcome(calendly(invitee, signature)), "repeat");
    EXPECT_EQ(count("SELECT COUNT(*) FROM webhook_outbox"), 1);
}

TEST_F(CalendarHooks, AnUnknownAttendeeIsAcceptedLoggedAndRecordsNothing) {
    auto stranger = replacedAll(replacedAll(calendarFixture("calendly-invitee-created.json"),
                                            kFixtureToken, "nobody-has-this-token"),
                                "ada@engines.example", "stranger@elsewhere.example");
    auto reply = calendly(stranger);
    EXPECT_EQ(outcome(reply), "unmatched");
    EXPECT_TRUE(parseJson(reply.body)->isNull("meetingId"));
    EXPECT_EQ(count("SELECT COUNT(*) FROM meetings"), 0);
    EXPECT_TRUE(eventually(
        [&] {
            return scenario_.engine().daemon().process().errors().find("matched no prospect") !=
                   std::string::npos;
        },
        std::chrono::seconds(10)));
    // A ping from Cal.com's "test" button is answered and ignored.
    EXPECT_EQ(outcome(calcom(calendarFixture("calcom-ping.json"))), "ignored");
}

TEST_F(CalendarHooks, WhatIsNotASignedReportOfAKnownCampaignIsRefusedPlainly) {
    const std::string port = std::to_string(scenario_.engine().port());
    auto reply = httpRequest(scenario_.engine().port(), "POST",
                             "/hooks/calcom/campaign_000000000000000000000000", "{}",
                             {{"Content-Type", "application/json"}});
    EXPECT_EQ(reply.status, 404) << reply.body;
    reply = httpRequest(scenario_.engine().port(), "GET", "/hooks/calcom/" + campaignId_);
    EXPECT_EQ(reply.status, 405);
    EXPECT_EQ(reply.headers["Allow"], "POST");
    reply = httpRequest(scenario_.engine().port(), "POST", "/hooks/calcom/" + campaignId_, "x=1",
                        {{"Content-Type", "application/x-www-form-urlencoded"}});
    EXPECT_EQ(reply.status, 415);
    // Signed, but not a report.
    reply = calcom(R"({"triggerEvent":"BOOKING_CREATED","payload":{"uid":"u1"}})");
    EXPECT_EQ(reply.status, 400);
    EXPECT_THAT(reply.body, HasSubstr("payload.startTime is missing"));
    reply = calcom("{not json");
    EXPECT_EQ(reply.status, 400);
}

TEST_F(CalendarHooks, AnOperatorSetsTheIntakeSecretWithLodestonectl) {
    const std::string chosen = "typed-into-calcom-settings-0123";
    auto shown = ctl(scenario_, {"campaign", "update", campaignId_, "--intake-secret", chosen});
    EXPECT_EQ(shown->getValue<std::string>("intakeSecret"), chosen);
    const auto created = body("calcom-booking-created.json");
    EXPECT_EQ(calcom(created).status, 401);  // the old secret no longer signs
    EXPECT_EQ(outcome(calcom(created, hexHmacSha256(chosen, created))), "booked");

    auto renewed = ctl(scenario_, {"campaign", "update", campaignId_, "--new-intake-secret"});
    EXPECT_THAT(renewed->getValue<std::string>("intakeSecret"),
                ::testing::MatchesRegex("[0-9a-f]{64}"));
    auto hooks = ctl(scenario_, {"campaign", "show", campaignId_})->getObject("calendarHooks");
    EXPECT_THAT(hooks->getValue<std::string>("calendly"),
                HasSubstr("/hooks/calendly/" + campaignId_));
}

}  // namespace lodestone::test
