// The suppression list and erasure end to end (docs/lists.md): entries added over the API stop
// pending emails at once and cover whole domains, and an erased person leaves neither their
// address nor their name in the database's bytes, only a keyed hash that still stops them.
#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <csignal>
#include <fstream>
#include <iterator>

#include "EmailSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;

HttpReply send(EngineDaemon& engine, const std::string& method, const std::string& path,
               const std::string& body = "") {
    std::map<std::string, std::string> headers{{"Authorization", "Bearer " + kEngineKey}};
    if (!body.empty()) headers["Content-Type"] = "application/json";
    return httpRequest(engine.port(), method, path, body, headers);
}

std::vector<std::string> invalidFields(const HttpReply& reply) {
    std::vector<std::string> out;
    auto fields = parseJson(reply.body)->getArray("invalidFields");
    for (std::size_t i = 0; fields && i < fields->size(); ++i) {
        out.push_back(fields->getElement<std::string>(static_cast<unsigned>(i)));
    }
    return out;
}

TEST(Suppressions, AnAddedDomainCancelsPendingEmailsAtOnceAndLiftingResumesNothing) {
    EmailDaemon daemon;
    auto& engine = daemon.engine();
    auto id = daemon.addLead("Slow", "ann@mail.initech.example");
    daemon.waitForMessagesTo("ann@mail.initech.example", 1);
    daemon.waitForStatus("Slow", id, "in_sequence");

    auto added = send(engine, "POST", "/api/suppressions",
                      R"({"domain": "Initech.example", "note": "asked by their legal team"})");
    ASSERT_EQ(added.status, 201) << added.body;
    auto body = parseJson(added.body);
    EXPECT_EQ(body->getValue<int>("stoppedProspects"), 1);
    EXPECT_EQ(body->getObject("suppression")->getValue<std::string>("domain"), "initech.example");

    // In the same transaction: no wait for the email to come due.
    auto stopped = daemon.prospect("Slow", id);
    EXPECT_EQ(stopped->getValue<std::string>("status"), "completed");
    auto second = EmailDaemon::email(stopped, 2);
    EXPECT_EQ(second->getValue<std::string>("status"), "cancelled");
    EXPECT_THAT(second->getValue<std::string>("error"), HasSubstr("initech.example"));

    auto again = send(engine, "POST", "/api/suppressions", R"({"domain": "initech.example"})");
    EXPECT_EQ(again.status, 200) << again.body;
    EXPECT_FALSE(parseJson(again.body)->getValue<bool>("added"));

    auto listed = parseJson(send(engine, "GET", "/api/suppressions").body);
    auto entries = listed->getArray("suppressions");
    ASSERT_EQ(entries->size(), 1u);
    EXPECT_EQ(entries->getObject(0)->getValue<std::string>("reason"), "added");
    EXPECT_EQ(entries->getObject(0)->getValue<std::string>("note"), "asked by their legal team");

    auto lifted = send(engine, "DELETE", "/api/suppressions?domain=initech.example");
    EXPECT_EQ(lifted.status, 200) << lifted.body;
    EXPECT_EQ(send(engine, "DELETE", "/api/suppressions?domain=initech.example").status, 404);
    EXPECT_EQ(daemon.prospect("Slow", id)->getValue<std::string>("status"), "completed")
        << "lifting resumes no sequence";
}

TEST(Suppressions, ASuppressedAddressIsAcceptedButNeverEmailed) {
    EmailDaemon daemon;
    auto& engine = daemon.engine();
    ASSERT_EQ(
        send(engine, "POST", "/api/suppressions", R"({"address": "Bob@Initech.example"})").status,
        201);
    auto id = daemon.addLead("Fast", "bob@initech.example");
    auto done = daemon.waitForStatus("Fast", id, "completed");
    EXPECT_EQ(done->getArray("emails")->size(), 0u);
    EXPECT_TRUE(daemon.messagesTo("bob@initech.example").empty());
    // A neighbour at the same domain is emailed: an address covers itself only.
    daemon.addLead("Fast", "carol@initech.example");
    EXPECT_EQ(daemon.waitForMessagesTo("carol@initech.example", 1).size(), 1u);
}

TEST(Suppressions, BadEntriesAreRefusedNamingTheField) {
    EmailDaemon daemon;
    auto& engine = daemon.engine();
    auto badAddress = send(engine, "POST", "/api/suppressions", R"({"address": "not an address"})");
    EXPECT_EQ(badAddress.status, 400);
    EXPECT_THAT(invalidFields(badAddress), ::testing::ElementsAre("address"));
    auto badDomain = send(engine, "POST", "/api/suppressions", R"({"domain": "127.0.0.1"})");
    EXPECT_EQ(badDomain.status, 400);
    EXPECT_THAT(invalidFields(badDomain), ::testing::ElementsAre("domain"));
    auto both = send(engine, "POST", "/api/suppressions",
                     R"({"address": "a@b.example", "domain": "b.example"})");
    EXPECT_EQ(both.status, 400);
    auto longNote = send(engine, "POST", "/api/suppressions",
                         R"({"domain": "b.example", "note": ")" + std::string(501, 'x') + "\"}");
    EXPECT_THAT(invalidFields(longNote), ::testing::ElementsAre("note"));
    EXPECT_EQ(send(engine, "DELETE", "/api/suppressions").status, 400);
    EXPECT_EQ(send(engine, "DELETE", "/api/suppressions?domain=nope").status, 400);
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

TEST(Erasure, LeavesNeitherTheAddressNorTheNameInTheDatabase) {
    EmailDaemon daemon;
    auto& engine = daemon.engine();
    const std::string email = "zebulon.quixote@windmills.example";
    auto id = daemon.addLead("Slow", email, "Zebulon Quixote", "Windmills of La Mancha");
    daemon.waitForMessagesTo(email, 1);
    daemon.waitForStatus("Slow", id, "in_sequence");

    const std::string path = "/api/campaigns/" + engine.campaignId("Slow") + "/leads/" + id;
    auto erased = send(engine, "DELETE", path);
    ASSERT_EQ(erased.status, 200) << erased.body;
    auto counts = parseJson(erased.body)->getObject("erased");
    EXPECT_EQ(counts->getValue<int>("prospects"), 1);
    EXPECT_GE(counts->getValue<int>("emailSends"), 1);
    EXPECT_EQ(send(engine, "DELETE", path).status, 404) << "already erased";
    EXPECT_EQ(send(engine, "DELETE",
                   "/api/campaigns/" + engine.campaignId("Slow") +
                       "/leads/prospect_000000000unknown0000000")
                  .status,
              404);

    // The campaign still counts it; the list keeps a hash, with no address to show.
    auto tombstone = daemon.prospect("Slow", id);
    EXPECT_EQ(tombstone->getValue<std::string>("email"), "");
    auto list = parseJson(send(engine, "GET", "/api/suppressions").body)->getArray("suppressions");
    ASSERT_EQ(list->size(), 1u);
    EXPECT_EQ(list->getObject(0)->getValue<std::string>("reason"), "erased");
    EXPECT_TRUE(list->getObject(0)->isNull("address"));

    engine.daemon().stop(SIGTERM);
    const auto backdoor = engine.backdoor();
    for (const std::string needle : {"zebulon", "quixote"}) {
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
