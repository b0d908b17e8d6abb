// One flow from list to meeting, end to end on 127.0.0.1: a campaign names a lead-magnet project,
// so each qualified prospect gets its own page; the sequence's first email links to it and waits
// until the page is ready (through a content plugin that fails, an organisation without credits,
// a retry, crashes and a kill -9), arrives at a real SMTP server (aiosmtpd) with the link under
// server.public_url (the daemon's own address), the page counts the prospect's view and click,
// its call to action books through Cal.com with the prospect's attribution, and the signed
// booking report stops the sequence with one meeting_booked webhook.
#include <Poco/JSON/Array.h>
#include <Poco/URI.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <csignal>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "CalendarSupport.hpp"
#include "EmailSupport.hpp"
#include "WebhookReceiver.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

// What a person's browser sends: pages/PageVisits.cpp counts its views and clicks.
const std::map<std::string, std::string> kBrowser = {
    {"User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0"}};
// What a mail security scanner following the link sends: not counted.
const std::map<std::string, std::string> kScanner = {{"User-Agent", "curl/8.5.0"}};

const std::string kCalendar = "https://cal.example.test/intro";

struct FlowOptions {
    // The scripted research and content plugins (tests/plugins/ScriptedPlugin.cpp) with these
    // config lines, instead of the bundled research-basic and content-template.
    bool scripted = false;
    std::string research = "";
    std::string content = "";
    std::string jobsYaml = "";      // more keys under jobs:
    std::string step2Delay = "1h";  // the second email's delay after the first
    std::string webhookUrl = "";    // the campaign's; empty: none
    std::string pollInterval = "50ms";
};

// The campaign "Flow" of the organisation "Engine": its lead magnets are made in the project
// "Guides", its calendar is on Cal.com; the first email links to the prospect's page (and is
// titled with it), the second follows after `step2Delay`.
std::string flowCampaign(const FlowOptions& options) {
    return "- name: Flow\n"
           "  project: Guides\n"
           "  calendar_url: " +
           kCalendar + "\n" +
           (options.webhookUrl.empty() ? "" : "  webhook_url: " + options.webhookUrl + "\n") +
           "  sequence:\n"
           "    from: { address: ada@acme.example, name: \"Ada at Acme\" }\n"
           "    min_gap: 0s\n"
           "    daily_cap: 100000\n"
           "    steps:\n"
           "      - subject: \"{{leadMagnetTitle}}\"\n"
           "        text: \"Hi {{firstName}},\\n\\nWe wrote this for {{companyName}}: "
           "{{leadMagnetUrl}}\\n\\nUnsubscribe: {{unsubscribeUrl}}\\n\"\n"
           "      - delay: " +
           options.step2Delay +
           "\n"
           "        subject: \"Following up, {{firstName}}\"\n"
           "        text: \"Did the guide help? {{unsubscribeUrl}}\"\n";
}

// A lodestoned on a port fixed before it starts, so that server.public_url is its own address:
// the links its emails carry are the ones a test follows. Restarts keep the port.
class Flow {
  public:
    explicit Flow(FlowOptions options)
        : options_(std::move(options)), port_(freeLocalPort()), mail_(emailOptions(true)) {}

    EmailDaemon& mail() { return mail_; }
    EngineDaemon& engine() { return mail_.engine(); }
    std::string publicUrl() const { return "http://127.0.0.1:" + std::to_string(port_); }
    std::string campaignId() { return engine().campaignId("Flow"); }
    std::string organisationId() { return engine().factory().organisationNamed("Engine").id; }

    // Starts the daemon again as set up (after a crash or a kill), on the same port and database;
    // with `wait`, until it listens (a plugin that takes it down again may strike before).
    void restart(bool wait = true) {
        if (wait) {
            engine().start(setup(true));
        } else {
            engine().launch(setup(true));
        }
    }
    // Stops it (SIGTERM) and starts one that serves the API but runs no jobs, or the other way
    // round: leads added to the first are taken up by the second, whose plugins' crashes cannot
    // cut off the answer that names them.
    void restartRunningJobs(bool runJobs) {
        EXPECT_EQ(engine().daemon().stop(SIGTERM).code, 0);
        if (runJobs) {
            engine().launch(setup(true));
        } else {
            engine().start(setup(false));
        }
    }

    std::string addLead(const std::string& email) {
        return mail_.addLead("Flow", email, "Ada Lovelace", "Analytical Engines");
    }
    Poco::JSON::Object::Ptr prospect(const std::string& id) { return mail_.prospect("Flow", id); }
    // Polls the prospect until `done` holds for its view; the last view either way (a test failure
    // saying what was awaited when it never does).
    Poco::JSON::Object::Ptr waitFor(
        const std::string& id, const std::string& what,
        const std::function<bool(const Poco::JSON::Object::Ptr&)>& done) {
        Poco::JSON::Object::Ptr last;
        const bool reached = eventually(
            [&] {
                last = prospect(id);
                return done(last);
            },
            std::chrono::seconds(60));
        std::ostringstream shown;
        if (last) last->stringify(shown);
        EXPECT_TRUE(reached) << "waiting for " << what << "; the prospect is " << shown.str()
                             << "\nlodestoned's log:\n"
                             << engine().daemon().process().errors();
        return last;
    }

    std::int64_t count(const std::string& sql) { return engine().backdoor().count(sql); }

  private:
    EmailDaemon::Options emailOptions(bool runJobs) const {
        EmailDaemon::Options options;
        options.campaignsYaml = flowCampaign(options_);
        options.pollInterval = options_.pollInterval;
        options.setup = [flow = options_, port = port_, runJobs](EngineSetup& setup) {
            setup.listen = "127.0.0.1:" + std::to_string(port);
            setup.serverYaml = "public_url: http://127.0.0.1:" + std::to_string(port) + "\n";
            setup.runJobs = runJobs;
            setup.jobsYaml = flow.jobsYaml;
            // Deliveries to the receiver on 127.0.0.1, retried within a second.
            setup.extraYaml +=
                "webhooks:\n  allow_private_networks: true\n"
                "  retry_schedule: [200ms, 400ms]\n  timeout: 1s\n";
            if (!flow.scripted) return;
            setup.realPlugins = false;
            setup.research = flow.research;
            setup.content = flow.content;
        };
        return options;
    }
    EngineSetup setup(bool runJobs) { return emailSetup(mail_.sink(), emailOptions(runJobs)); }

    FlowOptions options_;
    std::uint16_t port_;
    EmailDaemon mail_;
};

Poco::JSON::Object::Ptr magnetOf(const Poco::JSON::Object::Ptr& prospect) {
    if (auto magnet = prospect->getObject("leadMagnet")) return magnet;
    return new Poco::JSON::Object();
}

std::string text(const Poco::JSON::Object::Ptr& object, const std::string& key) {
    return object->has(key) && !object->isNull(key) ? object->getValue<std::string>(key) : "";
}

// The prospect's first email is held for its lead magnet, which failed for good.
bool heldForAFailedMagnet(const Poco::JSON::Object::Ptr& prospect) {
    return text(magnetOf(prospect), "status") == "failed" &&
           text(EmailDaemon::email(prospect, 1), "waitingFor") == "lead_magnet";
}

bool firstEmailSent(const Poco::JSON::Object::Ptr& prospect) {
    return text(EmailDaemon::email(prospect, 1), "status") == "sent";
}

std::string decodedSubject(const ReceivedMessage& message) {
    auto subjects = message.decoded()->getObject("headers")->getArray("subject");
    return subjects && subjects->size() == 1 ? subjects->getElement<std::string>(0) : "";
}

// Every part's decoded content, as a mail reader shows it.
std::string readableText(const ReceivedMessage& message) {
    std::string all;
    auto parts = message.decoded()->getArray("parts");
    for (std::size_t i = 0; parts && i < parts->size(); ++i) {
        all += parts->getObject(static_cast<unsigned>(i))->getValue<std::string>("content");
    }
    return all;
}

// The lead-magnet link in the email ("" when there is none).
std::string magnetLink(const ReceivedMessage& message, const std::string& publicUrl) {
    std::smatch found;
    const std::string content = readableText(message);
    const std::regex link(std::regex_replace(publicUrl, std::regex(R"([.])"), R"(\.)") +
                          "/m/[A-Za-z0-9_-]+");
    return std::regex_search(content, found, link) ? found.str() : "";
}

// How many of the received messages are this step's email to the prospect (by its Message-ID).
std::size_t arrivals(EmailDaemon& mail, const Poco::JSON::Object::Ptr& prospect, int step) {
    const auto messageId = text(EmailDaemon::email(prospect, step), "messageId");
    std::size_t count = 0;
    for (const auto& message : mail.sink().messages()) {
        count += message.header("Message-ID") == messageId;
    }
    return count;
}

std::string query(const std::string& location, const std::string& name) {
    for (const auto& [key, value] : Poco::URI(location).getQueryParameters()) {
        if (key == name) return value;
    }
    return "";
}

}  // namespace

TEST(LeadMagnetFlow, AProspectReadsItsOwnPageAndBooksFromItWhichStopsTheSequence) {
    WebhookReceiver receiver;
    Flow flow({.webhookUrl = receiver.url()});
    auto& engine = flow.engine();
    const std::string address = "ada@engines.example";
    const auto id = flow.addLead(address);
    ASSERT_FALSE(id.empty());

    // The first email links to the prospect's finished page, under server.public_url.
    auto messages = flow.mail().waitForMessagesTo(address, 1);
    ASSERT_EQ(messages.size(), 1u);
    auto view = flow.waitFor(id, "its first email recorded as sent", firstEmailSent);
    auto magnet = magnetOf(view);
    const auto leadId = text(magnet, "leadId");
    ASSERT_FALSE(leadId.empty()) << "no leadMagnet in the prospect view";
    EXPECT_EQ(text(magnet, "status"), "completed");
    EXPECT_EQ(text(magnet, "projectId"), engine.projectId());
    EXPECT_EQ(text(magnet, "url"), flow.publicUrl() + "/m/" + leadId);
    EXPECT_FALSE(text(magnet, "title").empty());
    EXPECT_TRUE(magnet->isNull("error"));
    EXPECT_FALSE(magnet->getValue<bool>("canRetry"));
    EXPECT_TRUE(view->isNull("sequenceHeld"));
    EXPECT_EQ(magnetLink(messages[0], flow.publicUrl()), text(magnet, "url"));
    EXPECT_EQ(decodedSubject(messages[0]), text(magnet, "title"));
    EXPECT_THAT(readableText(messages[0]), HasSubstr("We wrote this for Analytical Engines"));
    EXPECT_TRUE(EmailDaemon::email(view, 1)->isNull("waitingFor"));
    EXPECT_EQ(text(EmailDaemon::email(view, 2), "status"), "pending");

    // The lead names the prospect it was made for; the magnet was the prospect's only lead.
    auto status = engine.get("/api/leads/" + leadId + "/job-status");
    ASSERT_EQ(status.status, 200) << status.body;
    auto lead = parseJson(status.body);
    EXPECT_EQ(text(lead->getObject("job"), "status"), "completed");
    EXPECT_EQ(text(lead->getObject("prospect"), "id"), id);
    EXPECT_EQ(text(lead->getObject("prospect"), "campaignId"), flow.campaignId());
    EXPECT_EQ(flow.count("SELECT COUNT(*) FROM leads WHERE prospect_id = '" + id + "'"), 1);

    // The link opens the finished page. A scanner's fetch is not a view; the browser's is.
    const std::string path = text(magnet, "url").substr(flow.publicUrl().size());
    auto scanned = httpRequest(engine.port(), "GET", path, "", kScanner);
    EXPECT_EQ(scanned.status, 200);
    auto page = httpRequest(engine.port(), "GET", path, "", kBrowser);
    ASSERT_EQ(page.status, 200);
    EXPECT_THAT(page.body, HasSubstr("Analytical Engines"));
    EXPECT_THAT(page.body, ::testing::Not(HasSubstr("being prepared")));
    EXPECT_THAT(page.body, HasSubstr("href=\"/m/" + leadId + "/cta\""));
    view = flow.waitFor(id, "one view of its page", [](const Poco::JSON::Object::Ptr& p) {
        return magnetOf(p)->optValue<int>("views", 0) >= 1;
    });
    EXPECT_EQ(magnetOf(view)->getValue<int>("views"), 1);
    EXPECT_FALSE(magnetOf(view)->isNull("firstViewedAt"));

    // Its call to action leads to the prospect's own booking link, counted as a click; that link
    // to the campaign's calendar carrying the prospect's attribution.
    const std::string bookingUrl = text(view, "bookingUrl");
    const std::string token = bookingUrl.substr(bookingUrl.rfind("/b/") + 3);
    EXPECT_EQ(bookingUrl, flow.publicUrl() + "/b/" + token);
    auto cta = httpRequest(engine.port(), "GET", "/m/" + leadId + "/cta", "", kBrowser);
    ASSERT_EQ(cta.status, 302);
    EXPECT_EQ(cta.headers["Location"], "/b/" + token);
    view = flow.waitFor(id, "one click of its page's call to action",
                        [](const Poco::JSON::Object::Ptr& p) {
                            return magnetOf(p)->optValue<int>("ctaClicks", 0) >= 1;
                        });
    EXPECT_EQ(magnetOf(view)->getValue<int>("ctaClicks"), 1);
    EXPECT_FALSE(magnetOf(view)->isNull("lastCtaClickAt"));
    auto toCalendar = httpRequest(engine.port(), "GET", cta.headers["Location"], "", kBrowser);
    ASSERT_EQ(toCalendar.status, 302);
    const std::string calendarLink = toCalendar.headers["Location"];
    EXPECT_THAT(calendarLink, StartsWith(kCalendar + "?"));
    const std::string attributed = query(calendarLink, "metadata[lodestone]");
    EXPECT_EQ(attributed, token) << calendarLink;

    // Cal.com reports the booking made there (by an attendee who typed another address: the
    // attribution finds the prospect), signed with the campaign's intake secret, at the hook
    // lodestonectl names.
    auto shown = engine.ctl({"campaign", "show", flow.campaignId()});
    const std::string hook = shown->getObject("calendarHooks")->getValue<std::string>("calcom");
    ASSERT_THAT(hook, StartsWith(flow.publicUrl() + "/hooks/calcom/"));
    const std::string report = replacedAll(
        replacedAll(calendarFixture("calcom-booking-created.json"), kFixtureToken, attributed),
        "ada@engines.example", "ada.lovelace@home.example");
    auto booked =
        httpRequest(engine.port(), "POST", hook.substr(flow.publicUrl().size()), report,
                    {{"Content-Type", "application/json"},
                     {"X-Cal-Signature-256",
                      hexHmacSha256(shown->getValue<std::string>("intakeSecret"), report)}});
    ASSERT_EQ(booked.status, 200) << booked.body;
    EXPECT_EQ(text(parseJson(booked.body), "outcome"), "booked");

    // The sequence stops: the second email is cancelled; one signed meeting_booked arrives.
    view = flow.prospect(id);
    EXPECT_EQ(text(view, "status"), "meeting_booked");
    EXPECT_EQ(text(EmailDaemon::email(view, 2), "status"), "cancelled");
    ASSERT_TRUE(receiver.waitForRequests(1));
    ASSERT_TRUE(eventually(
        [&] {
            return flow.count("SELECT COUNT(*) FROM webhook_outbox WHERE status = 'delivered'") ==
                   1;
        },
        std::chrono::seconds(30)));
    auto requests = receiver.requests();
    ASSERT_EQ(requests.size(), 1u);
    const auto& delivery = requests[0];
    EXPECT_TRUE(verifiedWithOpenSsl(shown->getValue<std::string>("webhookSecret"),
                                    delivery.headers.at("webhook-id"),
                                    delivery.headers.at("webhook-timestamp"), delivery.body,
                                    delivery.headers.at("webhook-signature")));
    auto event = parseJson(delivery.body);
    EXPECT_EQ(text(event, "event"), "meeting_booked");
    EXPECT_EQ(text(event->getObject("prospect"), "id"), id);
    EXPECT_EQ(text(event->getObject("meeting"), "scheduledAt"), "2026-12-03T10:30:00Z");

    // The same report again (Cal.com retries) changes nothing.
    EXPECT_EQ(text(parseJson(postCalcomReport(engine.port(), flow.campaignId(),
                                              shown->getValue<std::string>("intakeSecret"), report)
                                 .body),
                   "outcome"),
              "repeat");
    EXPECT_EQ(flow.count("SELECT COUNT(*) FROM webhook_outbox"), 1);
    EXPECT_EQ(flow.count("SELECT COUNT(*) FROM meetings"), 1);
    status = engine.get("/api/leads/" + leadId + "/job-status");
    EXPECT_EQ(text(parseJson(status.body)->getObject("prospect"), "status"), "meeting_booked");
    EXPECT_EQ(flow.mail().messagesTo(address).size(), 1u) << "the second email never went";
    EXPECT_EQ(receiver.requests().size(), 1u);
}

TEST(LeadMagnetFlow, TheMagnetAndItsEmailGoOutWithoutWaitingForAPoll) {
    // Every pool looks for work it was not told about only every hour: the email is out at all
    // because each step woke the next (the magnet's job queued by the prospect's scoring, the
    // held email by the magnet's finalization). No timing is asserted: without the wake-ups, the
    // wait for the message runs out long before the next poll.
    Flow flow({.pollInterval = "1h"});
    const auto id = flow.addLead("ada@engines.example");
    ASSERT_FALSE(id.empty());
    EXPECT_EQ(flow.mail().waitForMessagesTo("ada@engines.example", 1).size(), 1u);
}

TEST(LeadMagnetFlow, AFailedMagnetHoldsItsEmailUntilARetryMakesThePage) {
    // Each magnet's content fails twice: its first attempt and its one automatic retry.
    Flow flow({.scripted = true, .content = "fail_times: 2", .jobsYaml = "max_retries: 1"});
    auto& engine = flow.engine();
    const std::string address = "ada@engines.example";
    const auto id = flow.addLead(address);
    ASSERT_FALSE(id.empty());

    auto view = flow.waitFor(id, "the first email held for a failed magnet", heldForAFailedMagnet);
    auto magnet = magnetOf(view);
    const auto jobId = text(magnet, "jobId");
    EXPECT_THAT(text(magnet, "error"), HasSubstr("scripted failure 2 of 2"));
    EXPECT_TRUE(magnet->getValue<bool>("canRetry"));
    EXPECT_THAT(text(view, "sequenceHeld"), StartsWith("paused: its lead magnet failed ("));
    EXPECT_THAT(text(view, "sequenceHeld"), HasSubstr("scripted failure 2 of 2"));
    EXPECT_EQ(text(EmailDaemon::email(view, 1), "status"), "pending");
    EXPECT_EQ(flow.mail().messagesTo(address).size(), 0u);
    EXPECT_EQ(engine.invocations(jobId, "content"), 2);
    EXPECT_EQ(engine.invocations(jobId, "research"), 0) << "the prospect's research is reused";
    EXPECT_EQ(engine.credits(), 100) << "a job that failed for good gives its credit back";

    // The cause goes away (the script's failures are used up); a retry makes the page, and the
    // held email goes out once, with the link.
    auto retried = engine.post("/api/generation/" + jobId + "/retry");
    ASSERT_EQ(retried.status, 200) << retried.body;
    auto messages = flow.mail().waitForMessagesTo(address, 1);
    ASSERT_EQ(messages.size(), 1u);
    view = flow.waitFor(id, "its first email recorded as sent", firstEmailSent);
    magnet = magnetOf(view);
    EXPECT_EQ(text(magnet, "status"), "completed");
    EXPECT_TRUE(view->isNull("sequenceHeld"));
    EXPECT_TRUE(EmailDaemon::email(view, 1)->isNull("waitingFor"));
    EXPECT_EQ(EmailDaemon::email(view, 1)->getValue<int>("attempts"), 1);
    EXPECT_EQ(magnetLink(messages[0], flow.publicUrl()), text(magnet, "url"));
    EXPECT_EQ(httpRequest(engine.port(), "GET", "/m/" + text(magnet, "leadId")).status, 200);
    EXPECT_EQ(engine.invocations(jobId, "content"), 3);
    EXPECT_EQ(engine.credits(), 99);
    EXPECT_EQ(arrivals(flow.mail(), view, 1), 1u);
}

TEST(LeadMagnetFlow, WithoutCreditsTheMagnetWaitsFailedAndARetryChargesOnceCreditsAreAdded) {
    Flow flow({.scripted = true});
    auto& engine = flow.engine();
    const auto organisation = flow.organisationId();
    engine.factory().setCredits(organisation, 0);
    const std::string address = "ada@engines.example";
    const auto id = flow.addLead(address);
    ASSERT_FALSE(id.empty());

    auto view =
        flow.waitFor(id, "the first email held for a magnet without credits", heldForAFailedMagnet);
    auto magnet = magnetOf(view);
    const auto jobId = text(magnet, "jobId");
    EXPECT_THAT(text(magnet, "error"), StartsWith("no credits:"));
    EXPECT_TRUE(magnet->getValue<bool>("canRetry"));
    EXPECT_THAT(text(view, "sequenceHeld"),
                StartsWith("paused: its lead magnet failed (no credits:"));
    EXPECT_EQ(text(view, "status"), "qualified");
    EXPECT_EQ(engine.invocations(jobId, "content"), 0) << "nothing ran uncharged";
    EXPECT_EQ(flow.mail().messagesTo(address).size(), 0u);

    // Still no credits: the retry is refused and changes nothing.
    auto refused = engine.post("/api/generation/" + jobId + "/retry");
    EXPECT_EQ(refused.status, 402) << refused.body;
    EXPECT_EQ(text(magnetOf(flow.prospect(id)), "status"), "failed");

    auto added = engine.ctl({"org", "credits", organisation, "--add", "2"});
    EXPECT_EQ(added->getValue<std::int64_t>("credits"), 2);
    auto retried = engine.post("/api/generation/" + jobId + "/retry");
    ASSERT_EQ(retried.status, 200) << retried.body;
    auto messages = flow.mail().waitForMessagesTo(address, 1);
    ASSERT_EQ(messages.size(), 1u);
    view = flow.waitFor(id, "its first email recorded as sent", firstEmailSent);
    EXPECT_EQ(text(magnetOf(view), "status"), "completed");
    EXPECT_TRUE(view->isNull("sequenceHeld"));
    EXPECT_EQ(magnetLink(messages[0], flow.publicUrl()), text(magnetOf(view), "url"));
    EXPECT_EQ(engine.credits(), 1);
    EXPECT_EQ(flow.count("SELECT COUNT(*) FROM credit_transactions WHERE job_id = '" + jobId +
                         "' AND reason = 'generation'"),
              1);
    EXPECT_EQ(engine.invocations(jobId, "content"), 1);
    EXPECT_EQ(arrivals(flow.mail(), view, 1), 1u);
}

TEST(LeadMagnetFlow, CrashesKillsAndRetriesMakeNoSecondLeadChargeOrEmail) {
    // The first research and the first content attempt of every job take the daemon down; the
    // second email follows the first after 3 s, in which the daemon is killed.
    Flow flow({.scripted = true,
               .research = "crash_times: 1",
               .content = "crash_times: 1",
               .step2Delay = "3s"});
    auto& engine = flow.engine();
    flow.restartRunningJobs(false);
    const std::string address = "ada@engines.example";
    const auto id = flow.addLead(address);
    ASSERT_FALSE(id.empty());
    flow.restartRunningJobs(true);

    // Research, then (after a restart) the magnet's content, each crash once; the daemon that
    // follows the second crash has nothing left to crash on.
    for (const char* step : {"research", "content"}) {
        auto crash = engine.daemon().process().wait(std::chrono::seconds(60));
        ASSERT_TRUE(crash.has_value()) << "no crash in " << step;
        EXPECT_EQ(crash->signal, SIGABRT) << step;
        flow.restart(std::string(step) == "content");
    }
    auto messages = flow.mail().waitForMessagesTo(address, 1);
    ASSERT_EQ(messages.size(), 1u);
    flow.waitFor(id, "its first email recorded as sent", firstEmailSent);

    // Killed between the two emails (frozen first, so what is being sent at the kill is known).
    engine.daemon().process().signal(SIGSTOP);
    const auto inFlight = emailsInFlight(engine);
    engine.daemon().stop(SIGKILL);
    flow.restart();
    auto view = flow.mail().waitForStatus("Flow", id, "completed");

    auto magnet = magnetOf(view);
    const auto jobId = text(magnet, "jobId");
    EXPECT_EQ(text(magnet, "status"), "completed");
    EXPECT_EQ(flow.count("SELECT COUNT(*) FROM leads WHERE prospect_id = '" + id + "'"), 1);
    EXPECT_EQ(flow.count("SELECT COUNT(*) FROM leads"), 1);
    EXPECT_EQ(engine.invocations(jobId, "content"), 2) << "the crash counted as an attempt";
    EXPECT_EQ(engine.invocations(jobId, "research"), 0);

    // A retry of the finished magnet is refused; nothing is charged twice.
    auto retried = engine.post("/api/generation/" + jobId + "/retry");
    EXPECT_EQ(retried.status, 409) << retried.body;
    EXPECT_EQ(engine.credits(), 99);
    EXPECT_EQ(flow.count("SELECT COUNT(*) FROM credit_transactions WHERE job_id = '" + jobId +
                         "' AND reason = 'generation'"),
              1);
    EXPECT_EQ(flow.count("SELECT COUNT(*) FROM credit_transactions WHERE job_id = '" + jobId +
                         "' AND reason = 'refund'"),
              0);

    // Each step arrived once, but an email being sent at the kill, which may go twice with the
    // same Message-ID (the one duplicate docs/outreach.md allows).
    flow.mail().waitForMessagesTo(address, 2);
    for (int step = 1; step <= 2; ++step) {
        auto email = EmailDaemon::email(view, step);
        EXPECT_EQ(text(email, "status"), "sent") << step;
        if (inFlight.count(text(email, "messageId"))) {
            EXPECT_LE(arrivals(flow.mail(), view, step), 2u) << "step " << step;
        } else {
            EXPECT_EQ(arrivals(flow.mail(), view, step), 1u) << "step " << step;
        }
    }
}

}  // namespace lodestone::test
