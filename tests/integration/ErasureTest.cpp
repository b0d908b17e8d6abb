// Erasing a person end to end (docs/lists.md, "A person's data"): after the prospect's own lead
// magnet, a lead Generate made for the same address, views of both pages, a meeting booked through
// Cal.com, the lifecycle events an endpoint heard and a CSV import that rejected a row of theirs,
// neither the address nor the name is left in
// the database's bytes (SQLite's file and log, every PostgreSQL row); only a keyed hash stays, and
// it still stops the address.
#include <Poco/JSON/Array.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "CalendarSupport.hpp"
#include "EmailSupport.hpp"
#include "WebhookReceiver.hpp"

namespace lodestone::test {
namespace {

// What a person's browser sends: pages/PageVisits.cpp counts its views.
const std::map<std::string, std::string> kBrowser = {
    {"User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0"}};

// "Magnets" makes each prospect's lead magnet in the project "Guides" and books on Cal.com; its
// first email links to the page, so it goes once the page is ready, and the second waits an hour.
const char* const kMagnetCampaign = R"(- name: Magnets
  project: Guides
  calendar_url: https://cal.example.test/intro
  sequence:
    from: { address: ada@acme.example, name: "Ada at Acme" }
    min_gap: 0s
    steps:
      - subject: "For {{companyName}}"
        text: "Hi {{firstName}}, {{leadMagnetUrl}} {{unsubscribeUrl}}"
      - delay: 1h
        subject: "Again"
        text: "Second. {{unsubscribeUrl}}")";

const std::string kAllEvents =
    "meeting_booked,meeting_cancelled,lead.created,research.completed,research.failed,"
    "magnet.generated,lead.failed,magnet.viewed,prospect.qualified,prospect.disqualified,"
    "email.sent,email.bounced,prospect.replied,prospect.unsubscribed";

HttpReply erase(EngineDaemon& engine, const std::string& campaign, const std::string& id) {
    return httpRequest(engine.port(), "DELETE",
                       "/api/campaigns/" + engine.campaignId(campaign) + "/leads/" + id, "",
                       {{"Authorization", "Bearer " + kEngineKey}});
}

std::string text(const Poco::JSON::Object::Ptr& object, const std::string& key) {
    return object && object->has(key) && !object->isNull(key) ? object->getValue<std::string>(key)
                                                              : "";
}

std::string lowercase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

std::string fileBytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The tables of the PostgreSQL database with a row whose text holds `needle`.
std::string tablesHolding(const DatabaseBackdoor& backdoor, const std::string& needle) {
    return backdoor.text(
        "SELECT COALESCE(string_agg(name, ', '), '') FROM (SELECT table_name AS name, "
        "(xpath('/row/c/text()', query_to_xml(format('SELECT count(*) AS c FROM %I t WHERE "
        "lower(t::text) LIKE %L', table_name, '%" +
        needle +
        "%'), false, true, '')))[1]::text::int AS hits FROM information_schema.tables "
        "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE') found "
        "WHERE hits > 0");
}

// Stops the daemon and looks for each needle in the whole database: on SQLite the file and its
// log after a checkpoint, byte for byte; on PostgreSQL every row of every table as text.
void expectNowhereInTheDatabase(EngineDaemon& engine, const std::vector<std::string>& needles) {
    engine.daemon().stop(SIGTERM);
    const auto backdoor = engine.backdoor();
    for (const auto& needle : needles) {
        if (engine.database().postgresql()) {
            EXPECT_EQ(tablesHolding(backdoor, needle), "") << needle;
            continue;
        }
        // Its first column is 1 when a reader kept the log from being checkpointed whole.
        EXPECT_EQ(backdoor.count("PRAGMA wal_checkpoint(TRUNCATE)"), 0);
        const auto file = engine.database().sqliteFile();
        for (const auto& part : {file, std::filesystem::path(file.string() + "-wal")}) {
            if (!std::filesystem::exists(part)) continue;
            EXPECT_EQ(lowercase(fileBytes(part)).find(needle), std::string::npos)
                << needle << " in " << part;
        }
    }
}

EmailDaemon::Options magnetOptions() {
    EmailDaemon::Options options;
    options.campaignsYaml = std::string(kSequenceCampaigns) + "\n" + kMagnetCampaign;
    // Deliveries to the receiver on 127.0.0.1.
    options.extraYaml =
        "webhooks:\n  allow_private_networks: true\n  retry_schedule: [200ms]\n  timeout: 1s\n";
    return options;
}

// Views the page at /m/{leadId} as a person would, and waits until the view is counted.
void viewPage(EngineDaemon& engine, const std::string& leadId) {
    auto page = httpRequest(engine.port(), "GET", "/m/" + leadId, "", kBrowser);
    EXPECT_EQ(page.status, 200) << page.body;
    EXPECT_TRUE(eventually(
        [&] {
            return engine.backdoor().count("SELECT view_count FROM leads WHERE id = '" + leadId +
                                           "'") >= 1;
        },
        std::chrono::seconds(30)))
        << "the view of " << leadId << " was never counted";
}

// Cal.com reports a booking by the prospect (found by its booking token), named as the person.
void bookMeeting(EmailDaemon& daemon, const std::string& id, const std::string& email,
                 const std::string& name) {
    auto& engine = daemon.engine();
    const std::string bookingUrl = text(daemon.prospect("Magnets", id), "bookingUrl");
    const std::string token = bookingUrl.substr(bookingUrl.rfind("/b/") + 3);
    auto shown = engine.ctl({"campaign", "show", engine.campaignId("Magnets")});
    std::string report = calendarFixture("calcom-booking-created.json");
    report = replacedAll(report, kFixtureToken, token);
    report = replacedAll(report, "ada@engines.example", email);
    report = replacedAll(report, "Ada Lovelace", name);
    auto booked = postCalcomReport(engine.port(), engine.campaignId("Magnets"),
                                   shown->getValue<std::string>("intakeSecret"), report);
    ASSERT_EQ(booked.status, 200) << booked.body;
    EXPECT_EQ(text(parseJson(booked.body), "outcome"), "booked");
}

// Imports `csv` into the campaign and waits until the import has finished; its view.
Poco::JSON::Object::Ptr importList(EngineDaemon& engine, const std::string& campaign,
                                   const std::string& csv) {
    auto posted = httpRequest(
        engine.port(), "POST",
        "/api/campaigns/" + engine.campaignId(campaign) + "/leads/import?fileName=list.csv", csv,
        {{"Authorization", "Bearer " + kEngineKey}, {"Content-Type", "text/csv"}});
    EXPECT_EQ(posted.status, 202) << posted.body;
    const auto id = text(parseJson(posted.body), "importId");
    Poco::JSON::Object::Ptr shown;
    EXPECT_TRUE(eventually(
        [&] {
            shown = parseJson(engine.get("/api/imports/" + id).body)->getObject("import");
            return shown && text(shown, "status") == "completed";
        },
        std::chrono::seconds(30)))
        << "the import " << id << " never completed";
    return shown;
}

TEST(Erasure, LeavesNeitherTheAddressNorTheNameInTheDatabase) {
    WebhookReceiver receiver;
    EmailDaemon daemon(magnetOptions());
    auto& engine = daemon.engine();
    const auto organisation = engine.factory().organisationNamed("Engine").id;
    engine.ctl({"endpoint", "create", "--org", organisation, "--url", receiver.url("/events"),
                "--events", kAllEvents});
    const std::string email = "zebulon.quixote@windmills.example";

    // The prospect, its own lead magnet (the first email waits for it), and a lead Generate made
    // for the same address, written otherwise.
    auto id = daemon.addLead("Magnets", email, "Zebulon Quixote", "Windmills of La Mancha");
    daemon.waitForMessagesTo(email, 1);
    auto view = daemon.waitForStatus("Magnets", id, "in_sequence");
    const auto ownLead = text(view->getObject("leadMagnet"), "leadId");
    ASSERT_FALSE(ownLead.empty()) << "no lead magnet for the prospect";
    auto [generated, jobId] = engine.createJob(
        R"({"email":"Zebulon.Quixote@Windmills.example","fullName":"Zebulon Quixote",)"
        R"("company":"Windmills of La Mancha"})");
    ASSERT_EQ(text(engine.waitUntilFinished(jobId), "status"), "completed");
    ASSERT_EQ(daemon.prospect("Magnets", id)->getArray("leadMagnets")->size(), 2u);

    // A list with the person's row twice: once with a bad cell (rejected), once a duplicate.
    const auto listed = importList(engine, "Magnets",
                                   "companyName,contactName,email,company.employeeCount\n"
                                   "Windmills,Zebulon Quixote," +
                                       email +
                                       ",many\n"
                                       "Windmills,Zebulon Quixote," +
                                       email + ",\n");
    ASSERT_TRUE(listed);
    EXPECT_EQ(listed->getValue<int>("rejected"), 1);
    EXPECT_EQ(listed->getValue<int>("duplicates"), 1);
    const auto importId = text(listed, "id");

    // Both pages viewed, a meeting booked, and every event of it all heard.
    viewPage(engine, ownLead);
    viewPage(engine, generated);
    bookMeeting(daemon, id, email, "Zebulon Quixote");
    EXPECT_EQ(text(daemon.prospect("Magnets", id), "status"), "meeting_booked");
    EXPECT_TRUE(eventually(
        [&] {
            return engine.backdoor().count(
                       "SELECT COUNT(*) FROM webhook_outbox WHERE status = 'pending'") == 0;
        },
        std::chrono::seconds(30)));
    ASSERT_GE(engine.backdoor().count("SELECT COUNT(*) FROM webhook_outbox WHERE "
                                      "lower(payload_json) LIKE '%zebulon%'"),
              4)
        << "the events name the person before the erasure";

    auto erased = erase(engine, "Magnets", id);
    ASSERT_EQ(erased.status, 200) << erased.body;
    auto counts = parseJson(erased.body)->getObject("erased");
    EXPECT_EQ(counts->getValue<int>("prospects"), 1);
    EXPECT_EQ(counts->getValue<int>("leads"), 2) << "its own lead magnet and Generate's lead";
    EXPECT_EQ(counts->getValue<int>("meetings"), 1);
    EXPECT_GE(counts->getValue<int>("emailSends"), 1);
    EXPECT_GE(counts->getValue<int>("webhookEvents"), 4);
    // The rejection's reason quotes no cell of the row, so it had nothing to scrub; it stays
    // listed under its line.
    EXPECT_EQ(counts->getValue<int>("importRejections"), 0);
    EXPECT_EQ(erase(engine, "Magnets", id).status, 404) << "already erased";
    EXPECT_EQ(erase(engine, "Magnets", "prospect_000000000unknown0000000").status, 404);

    // The campaign still counts it; its pages are gone (the views stay counted); the list keeps
    // a hash, with no address to show.
    auto tombstone = daemon.prospect("Magnets", id);
    EXPECT_EQ(text(tombstone, "email"), "");
    EXPECT_EQ(text(tombstone, "status"), "meeting_booked");
    EXPECT_EQ(tombstone->getArray("leadMagnets")->size(), 0u);
    for (const auto& lead : {ownLead, generated}) {
        EXPECT_EQ(httpRequest(engine.port(), "GET", "/m/" + lead, "", kBrowser).status, 404)
            << lead;
        EXPECT_EQ(engine.backdoor().count("SELECT view_count FROM leads WHERE id = '" + lead + "'"),
                  1);
    }
    auto list = parseJson(engine.get("/api/suppressions").body)->getArray("suppressions");
    ASSERT_EQ(list->size(), 1u);
    EXPECT_EQ(list->getObject(0)->getValue<std::string>("reason"), "erased");
    EXPECT_TRUE(list->getObject(0)->isNull("address"));

    auto rejections = parseJson(engine.get("/api/imports/" + importId).body)
                          ->getObject("import")
                          ->getArray("rejections");
    ASSERT_TRUE(rejections);
    ASSERT_EQ(rejections->size(), 1u);
    EXPECT_EQ(rejections->getObject(0)->getValue<int>("line"), 2);

    expectNowhereInTheDatabase(engine, {"zebulon", "quixote"});
}

TEST(Erasure, AnErasedAddressAddedAgainIsNeverEmailed) {
    EmailDaemon daemon;
    auto& engine = daemon.engine();
    const std::string email = "grace@navy.example";
    auto first = daemon.addLead("Slow", email);
    daemon.waitForMessagesTo(email, 1);
    auto erased = engine.ctl({"prospect", "erase", first});
    EXPECT_EQ(erased->getValue<int>("prospects"), 1);

    auto again = daemon.addLead("Fast", "Grace@Navy.example");
    auto done = daemon.waitForStatus("Fast", again, "completed");
    EXPECT_EQ(done->getArray("emails")->size(), 0u);
    EXPECT_EQ(daemon.messagesTo(email).size(), 1u) << "only the email before the erasure";
}

}  // namespace
}  // namespace lodestone::test
