// The suppression list end to end (docs/lists.md): entries added over the API stop pending
// emails at once, an address by itself and a domain as a whole. Erasure is ErasureTest.cpp.
#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

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

TEST(Suppressions, AnAddedAddressCancelsPendingEmailsAtOnceAndSparesItsNeighbours) {
    EmailDaemon daemon;
    auto& engine = daemon.engine();
    auto id = daemon.addLead("Slow", "ann@initech.example");
    auto neighbour = daemon.addLead("Slow", "bob@initech.example");
    daemon.waitForMessagesTo("ann@initech.example", 1);
    daemon.waitForMessagesTo("bob@initech.example", 1);
    daemon.waitForStatus("Slow", id, "in_sequence");
    daemon.waitForStatus("Slow", neighbour, "in_sequence");

    // Written otherwise than it was added: an address matches whatever the case of its letters.
    auto added = send(engine, "POST", "/api/suppressions",
                      R"({"address": "Ann@Initech.example", "note": "asked us by phone"})");
    ASSERT_EQ(added.status, 201) << added.body;
    auto body = parseJson(added.body);
    EXPECT_EQ(body->getValue<int>("stoppedProspects"), 1);
    EXPECT_EQ(body->getObject("suppression")->getValue<std::string>("address"),
              "ann@initech.example");

    // In the same transaction: no wait for the email to come due.
    auto stopped = daemon.prospect("Slow", id);
    EXPECT_EQ(stopped->getValue<std::string>("status"), "completed");
    auto second = EmailDaemon::email(stopped, 2);
    EXPECT_EQ(second->getValue<std::string>("status"), "cancelled");
    EXPECT_THAT(second->getValue<std::string>("error"), HasSubstr("the address is on the list"));
    auto spared = daemon.prospect("Slow", neighbour);
    EXPECT_EQ(spared->getValue<std::string>("status"), "in_sequence");
    EXPECT_EQ(EmailDaemon::email(spared, 2)->getValue<std::string>("status"), "pending");

    auto lifted = send(engine, "DELETE", "/api/suppressions?address=ann@initech.example");
    EXPECT_EQ(lifted.status, 200) << lifted.body;
    EXPECT_EQ(send(engine, "DELETE", "/api/suppressions?address=ann@initech.example").status, 404);
    EXPECT_EQ(daemon.prospect("Slow", id)->getValue<std::string>("status"), "completed")
        << "lifting resumes no sequence";
    EXPECT_EQ(daemon.messagesTo("ann@initech.example").size(), 1u);
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

}  // namespace
}  // namespace lodestone::test
