// Lists in over real sockets: a CSV file posted to lodestoned, its progress followed, its rows
// added as Add Lead adds a lead; and an import that survives kill -9 part-way.
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <thread>

#include "ApiSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// The engine on (research-basic researches offline), no mailer: added prospects are researched
// and scored, and their emails wait.
const char* const kEngineOn =
    "limits:\n  campaign_leads_per_minute: 10000\n  status_per_minute: 100000\n"
    "jobs:\n  poll_interval: 100ms\n";

const std::string kHeader = "companyName,contactName,email,title,company.employeeCount\n";

ApiReply upload(ApiDaemon& api, const std::string& campaignId, const std::string& csv,
                const std::string& key = kAcmeKey, const std::string& type = "text/csv") {
    return api.post("/api/campaigns/" + campaignId + "/leads/import?fileName=list.csv", csv, key,
                    {{"Content-Type", type}});
}

// The import once it has finished (or after a minute, whatever it is then).
Poco::JSON::Object::Ptr finished(ApiDaemon& api, const std::string& importId) {
    Poco::JSON::Object::Ptr shown;
    eventually(
        [&] {
            auto reply = api.get("/api/imports/" + importId);
            if (reply.status != 200 || !reply.json) return false;
            shown = reply.json->getObject("import");
            const auto status = shown->getValue<std::string>("status");
            return status == "completed" || status == "failed";
        },
        std::chrono::seconds(60));
    return shown;
}

std::string rows(int count, const std::string& domain = "rows.example") {
    std::string csv = kHeader;
    for (int i = 0; i < count; ++i) {
        csv += "Company " + std::to_string(i) + ",Person " + std::to_string(i) + ",p" +
               std::to_string(i) + "@" + domain + ",,\n";
    }
    return csv;
}

}  // namespace

TEST(ImportApi, AnImportAddsItsRowsAndListsTheBadOnesWithLineFieldAndError) {
    ApiDaemon api(kEngineOn);
    const auto campaign = api.campaignId("Outbound");
    auto reply = upload(api, campaign,
                        kHeader +
                            "Initech,Ann Lee,ann@initech.example,CTO,120\n"
                            "Globex,Bo,bo@globex.example,,\n"
                            "Initech,Ann,ANN@initech.example,,\n"
                            "Hooli,Cy,not-an-address,,\n"
                            "Umbrella,Di,di@umbrella.example,,many\n");
    ASSERT_EQ(reply.status, 202) << reply.text;
    const auto id = reply.json->getValue<std::string>("importId");
    EXPECT_EQ(reply.headers["Location"], "/api/imports/" + id);
    EXPECT_EQ(reply.json->getValue<int>("rows"), 5);

    auto shown = finished(api, id);
    ASSERT_TRUE(shown);
    EXPECT_EQ(shown->getValue<std::string>("status"), "completed");
    EXPECT_EQ(shown->getValue<std::string>("fileName"), "list.csv");
    EXPECT_EQ(shown->getValue<int>("rowsRead"), 5);
    EXPECT_EQ(shown->getValue<int>("added"), 2);
    EXPECT_EQ(shown->getValue<int>("duplicates"), 1);
    EXPECT_EQ(shown->getValue<int>("rejected"), 2);
    auto rejections = shown->getArray("rejections");
    ASSERT_EQ(rejections->size(), 2u);
    auto first = rejections->getObject(0);
    EXPECT_EQ(first->getValue<int>("line"), 5);
    EXPECT_EQ(first->getValue<std::string>("field"), "email");
    EXPECT_THAT(first->getValue<std::string>("error"), HasSubstr("email"));
    EXPECT_EQ(rejections->getObject(1)->getValue<std::string>("field"), "company.employeeCount");

    // Added as Add Lead adds a lead: researched and scored by the engine.
    EXPECT_TRUE(eventually(
        [&] {
            return api.backdoor().count(
                       "SELECT COUNT(*) FROM prospects WHERE status <> 'queued'") == 2;
        },
        std::chrono::seconds(60)));
}

TEST(ImportApi, RefusesWhatItCannotImportWithAClearErrorAndNothingAdded) {
    ApiDaemon api;
    const auto campaign = api.campaignId("Outbound");
    auto wrongType = upload(api, campaign, kHeader, kAcmeKey, "application/json");
    EXPECT_EQ(wrongType.status, 415);
    EXPECT_THAT(wrongType.json->getValue<std::string>("error"), HasSubstr("text/csv"));
    auto empty = upload(api, campaign, "");
    EXPECT_EQ(empty.status, 400);
    EXPECT_THAT(empty.json->getValue<std::string>("error"), HasSubstr("empty"));
    auto headerOnly = upload(api, campaign, kHeader);
    EXPECT_EQ(headerOnly.status, 400);
    EXPECT_THAT(headerOnly.json->getValue<std::string>("error"), HasSubstr("no rows"));
    auto noEmail = upload(api, campaign, "companyName,contactName\nA,B\n");
    EXPECT_EQ(noEmail.status, 400);
    EXPECT_EQ(upload(api, "campaign_doesnotexist0000000000", rows(1)).status, 404);
    EXPECT_EQ(upload(api, api.campaignId("Rival"), rows(1)).status, 403)
        << "another organisation's campaign";
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM prospects"), 0);
    EXPECT_EQ(api.get("/api/imports/import_nosuchimport0000000000000").status, 404);
}

TEST(ImportApi, EveryKindOfBadRowIsRejectedWithItsLineAndTheRestAreAdded) {
    ApiDaemon api(kEngineOn);
    const auto campaign = api.campaignId("Outbound");
    const std::string huge(10 * 1024 * 1024, 'n');  // a 10 MB note
    auto reply =
        upload(api, campaign,
               "companyName,contactName,email,notes\n"
               "Initech,Ann,ann@initech.example,fine\n"  // 2: added
               "Globex,Bo,,\n"                           // 3: no email
               "Hooli,Cy,cy.hooli.example,\n"            // 4: a bad email
               "Bad\xc3\x28"
               "Co,Di,di@bad.example,\n"  // 5: not UTF-8
               "Pied Piper,Ed,ed@piper.example," +
                   huge +
                   "\n"  // 6: a 10 MB field
                   "Umbrella,Fay,fay@umbrella.example,\"a \"\"quoted\"\"\nnote\"\n"  // 7-8: added
                   "Acme,Gus,gus@acme.example,one,two\n"       // 9: too many cells
                   "Vandelay,\"Hal,hal@vandelay.example,\n");  // 10: never closed
    ASSERT_EQ(reply.status, 202) << reply.text;
    auto shown = finished(api, reply.json->getValue<std::string>("importId"));
    ASSERT_TRUE(shown);
    EXPECT_EQ(shown->getValue<int>("added"), 2);
    EXPECT_EQ(shown->getValue<int>("rejected"), 6);
    std::vector<std::pair<int, std::string>> seen;
    auto rejections = shown->getArray("rejections");
    for (std::size_t i = 0; i < rejections->size(); ++i) {
        auto one = rejections->getObject(static_cast<unsigned>(i));
        seen.emplace_back(one->getValue<int>("line"),
                          one->isNull("field") ? "(row)" : one->getValue<std::string>("field"));
    }
    EXPECT_THAT(seen, ElementsAre(std::make_pair(3, std::string("email")),
                                  std::make_pair(4, std::string("email")),
                                  std::make_pair(5, std::string("companyName")),
                                  std::make_pair(6, std::string("notes")),
                                  std::make_pair(9, std::string("(row)")),
                                  std::make_pair(10, std::string("contactName"))))
        << "one error per bad row";
    EXPECT_THAT(rejections->getObject(3)->getValue<std::string>("error"),
                HasSubstr("longer than 65536 bytes"));
}

TEST(ImportApi, AHeaderOfFiveThousandColumnsIsRefused) {
    ApiDaemon api;
    std::string header = "companyName,contactName,email";
    for (int i = 0; i < 5000; ++i) header += ",c" + std::to_string(i);
    auto reply = upload(api, api.campaignId("Outbound"), header + "\nA,B,c@d.example\n");
    EXPECT_EQ(reply.status, 400);
    EXPECT_THAT(reply.json->getValue<std::string>("error"), HasSubstr("imports.max_columns"));
}

TEST(ImportApi, AnExportedListImportsIntoAnotherCampaignWithTheSameFields) {
    ApiDaemon api(kEngineOn);
    const auto outbound = api.campaignId("Outbound");
    const auto quiet = api.campaignId("Quiet");
    auto first = upload(api, outbound,
                        "companyName,contactName,email,phone,company.employeeCount,"
                        "company.technologies,custom.crmId,notes\n"
                        "\"=HYPERLINK(\"\"x\"\")\",Ann,ann@initech.example,+44 20 7946 0000,120,"
                        "Go; Rust,C-17,\"two\nlines, and a comma\"\n"
                        "Globex,Bo,bo@globex.example,,,,-1,\n");
    ASSERT_EQ(first.status, 202) << first.text;
    ASSERT_EQ(finished(api, first.json->getValue<std::string>("importId"))->getValue<int>("added"),
              2);
    auto exported = api.get("/api/campaigns/" + outbound + "/leads/export");
    ASSERT_EQ(exported.status, 200);
    EXPECT_THAT(exported.text, HasSubstr("'=HYPERLINK")) << "escaped against formulas";

    auto second = upload(api, quiet, exported.text);
    ASSERT_EQ(second.status, 202) << second.text;
    auto shown = finished(api, second.json->getValue<std::string>("importId"));
    EXPECT_EQ(shown->getValue<int>("added"), 2);
    EXPECT_EQ(shown->getValue<int>("rejected"), 0);
    for (const auto& email : {"ann@initech.example", "bo@globex.example"}) {
        // The same fields and values, in whichever order each import wrote them.
        auto stored = [&](const std::string& campaign) {
            std::ostringstream sorted;
            Poco::JSON::Parser()
                .parse(
                    api.backdoor().text("SELECT input_json FROM prospects WHERE campaign_id = '" +
                                        campaign + "' AND email = '" + email + "'"))
                .extract<Poco::JSON::Object::Ptr>()
                ->stringify(sorted);
            return sorted.str();
        };
        EXPECT_EQ(stored(quiet), stored(outbound)) << email;
    }
    EXPECT_EQ(api.backdoor().text("SELECT company_name FROM prospects WHERE campaign_id = '" +
                                  quiet + "' AND email = 'ann@initech.example'"),
              "=HYPERLINK(\"x\")");
}

TEST(ImportApi, AnotherOrganisationCannotSeeAnImport) {
    ApiDaemon api;
    auto reply = upload(api, api.campaignId("Outbound"), rows(2));
    ASSERT_EQ(reply.status, 202) << reply.text;
    const auto id = reply.json->getValue<std::string>("importId");
    EXPECT_EQ(api.get("/api/imports/" + id, kGlobexKey).status, 404);
    EXPECT_EQ(api.get("/api/imports/" + id).status, 200);
}

TEST(ImportApi, AFilePastTheConfiguredLimitsIsRefusedWith413) {
    ApiDaemon api(std::string(ApiDaemon::kGenerousLimits) +
                  "imports:\n  max_rows: 3\n  max_file_bytes: 100000\n");
    const auto campaign = api.campaignId("Outbound");
    auto tooMany = upload(api, campaign, rows(4));
    EXPECT_EQ(tooMany.status, 413);
    EXPECT_THAT(tooMany.json->getValue<std::string>("error"), HasSubstr("imports.max_rows"));
    ASSERT_TRUE(tooMany.json->has("importId")) << "the import that was started says it failed";
    auto shown = api.get("/api/imports/" + tooMany.json->getValue<std::string>("importId"));
    EXPECT_EQ(shown.json->getObject("import")->getValue<std::string>("status"), "failed");
    auto tooLarge = upload(api, campaign, kHeader + std::string(200'000, 'x'));
    EXPECT_EQ(tooLarge.status, 413);
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM lead_import_rows"), 0);
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM prospects"), 0);
}

TEST(ImportApi, ImportThenImportTheSameFileAgainAddsNothingNew) {
    ApiDaemon api(kEngineOn);
    const auto campaign = api.campaignId("Quiet");
    const auto csv = rows(30);
    auto once = finished(api, upload(api, campaign, csv).json->getValue<std::string>("importId"));
    EXPECT_EQ(once->getValue<int>("added"), 30);
    auto twice = finished(api, upload(api, campaign, csv).json->getValue<std::string>("importId"));
    EXPECT_EQ(twice->getValue<int>("added"), 0);
    EXPECT_EQ(twice->getValue<int>("duplicates"), 30);
}

TEST(ImportApi, KilledPartWayAnImportResumesWithNoRowLostOrAddedTwice) {
    TestConfig config(std::string(kApiConfig) + kEngineOn);
    auto daemon = std::make_unique<Daemon>(config.file());
    auto port = daemon->waitUntilListening();
    const int total = 20'000;
    const auto campaign = [&] {
        DaemonDatabase database(config.database());
        return database.backdoor().text("SELECT id FROM campaigns WHERE name = 'Outbound'");
    }();
    auto reply =
        httpRequest(port, "POST", "/api/campaigns/" + campaign + "/leads/import", rows(total),
                    {{"Authorization", "Bearer " + kAcmeKey}, {"Content-Type", "text/csv"}});
    ASSERT_EQ(reply.status, 202) << reply.body;
    DaemonDatabase database(config.database());
    // Killed once some rows, not all, are added.
    ASSERT_TRUE(eventually(
        [&] {
            const auto read = database.backdoor().count("SELECT rows_read FROM lead_imports");
            return read > 0 && read < total;
        },
        std::chrono::seconds(120)));
    daemon->stop(SIGKILL);
    const auto atKill = database.backdoor().count("SELECT rows_read FROM lead_imports");
    ASSERT_LT(atKill, total) << "the import finished before the kill";

    daemon = std::make_unique<Daemon>(config.file());
    daemon->waitUntilListening();
    ASSERT_TRUE(eventually(
        [&] { return database.backdoor().text("SELECT status FROM lead_imports") == "completed"; },
        std::chrono::seconds(300)));
    EXPECT_EQ(database.backdoor().count("SELECT added FROM lead_imports"), total);
    EXPECT_EQ(database.backdoor().count("SELECT duplicates FROM lead_imports"), 0)
        << "a row added twice would count as a duplicate";
    EXPECT_EQ(database.backdoor().count("SELECT COUNT(*) FROM prospects"), total);
    daemon->stop(SIGTERM);
}

}  // namespace lodestone::test
