// Lists out (docs/lists.md): a campaign's prospects as a CSV file from the API, lodestonectl and
// the dashboard, and a person's data as one JSON document. The job engine is off: what the tests
// write stays as written.
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "DashboardSupport.hpp"
#include "storage/ProspectRepository.hpp"
#include "support/Process.hpp"

namespace lodestone::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::StartsWith;

using Table = std::vector<std::vector<std::string>>;

// RFC 4180 read strictly: every row must end with CRLF, a quoted cell may hold anything.
Table readCsv(const std::string& text) {
    Table rows;
    std::vector<std::string> row;
    std::string cell;
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            row.push_back(std::move(cell));
            cell.clear();
        } else if (c == '\r') {
            EXPECT_EQ(text.substr(i, 2), "\r\n") << "a bare CR outside quotes at " << i;
            row.push_back(std::move(cell));
            cell.clear();
            rows.push_back(std::move(row));
            row.clear();
            ++i;
        } else {
            EXPECT_NE(c, '\n') << "a bare LF outside quotes at " << i;
            cell += c;
        }
    }
    EXPECT_TRUE(row.empty() && cell.empty()) << "the last row must end with CRLF";
    return rows;
}

// The row's cells by their column's header.
std::map<std::string, std::string> byHeader(const Table& table, std::size_t row) {
    std::map<std::string, std::string> cells;
    for (std::size_t c = 0; c < table[0].size(); ++c) cells[table[0][c]] = table[row].at(c);
    return cells;
}

// Quotes, commas, line breaks, non-ASCII text and cells a spreadsheet would run as formulas.
const std::string kOddLead =
    R"json({"companyName": "=HYPERLINK(\"http://evil.example\",\"click\")",)json"
    R"json("contactName": "Zoë \"Z\" Müller, MD", "email": "zoe@aerzte.example",)json"
    R"json("phone": "+44 20 7946 0000",)json"
    R"json("notes": "line one\nline two, with a comma\r\nline three",)json"
    R"json("company": {"employeeCount": 42, "revenue": 1500000.5,)json"
    R"json("signals": {"growthIndicators": {"revenueGrowth": -0.5}},)json"
    R"json("technologies": ["C++", "Poco"], "industry": "東京 robotics"},)json"
    R"json("customData": {"favourite colour": "blue, green", "tier": "-1", "@handle": "@zoe"}})json";

class ListExport : public ::testing::Test {
  protected:
    std::string exportPath(const std::string& campaign, const std::string& query = "") {
        return "/api/campaigns/" + api.campaignId(campaign) + "/leads/export" + query;
    }

    std::string addLead(const std::string& campaign, const std::string& body) {
        auto added = api.post("/api/campaigns/" + api.campaignId(campaign) + "/leads", body);
        EXPECT_EQ(added.status, 201) << added.text;
        return added.json ? added.json->getValue<std::string>("prospectId") : "";
    }

    ApiDaemon api;
};

TEST_F(ListExport, OddValuesComeOutQuotedEscapedAndWhole) {
    const auto id = addLead("Outbound", kOddLead);
    addLead("Outbound", R"({"companyName":"Plain Ltd","contactName":"Bo","email":"bo@plain.example",
                            "customData":{"tier":"gold"}})");
    auto reply = api.get(exportPath("Outbound"));
    ASSERT_EQ(reply.status, 200) << reply.text;
    EXPECT_EQ(reply.headers["Content-Type"], "text/csv; charset=utf-8");
    EXPECT_EQ(reply.headers["Content-Disposition"],
              "attachment; filename=\"campaign-" + api.campaignId("Outbound") + "-leads.csv\"");

    const auto table = readCsv(reply.text);
    ASSERT_EQ(table.size(), 3u);
    const auto& headers = table[0];
    // Add Lead's fields first, by their paths in the body, then custom ones, then outreach's.
    EXPECT_THAT(std::vector<std::string>(headers.begin(), headers.begin() + 5),
                ElementsAre("companyName", "contactName", "email", "title", "phone"));
    auto custom = std::find(headers.begin(), headers.end(), "custom.@handle");
    ASSERT_NE(custom, headers.end());
    EXPECT_THAT(
        std::vector<std::string>(custom - 1, custom + 3),
        ElementsAre("extraContext", "custom.@handle", "custom.favourite colour", "custom.tier"));
    EXPECT_THAT(std::vector<std::string>(custom + 3, headers.end()),
                ElementsAre("outreach.prospectId", "outreach.status", "outreach.score",
                            "outreach.qualified", "outreach.lastEmailAt", "outreach.replied",
                            "outreach.meetingAt", "outreach.addedAt"));

    // Newest first: Bo, then Zoë.
    auto zoe = byHeader(table, 2);
    EXPECT_EQ(zoe["outreach.prospectId"], id);
    EXPECT_EQ(zoe["companyName"], "'=HYPERLINK(\"http://evil.example\",\"click\")");
    EXPECT_EQ(zoe["contactName"], "Zoë \"Z\" Müller, MD");
    EXPECT_EQ(zoe["phone"], "'+44 20 7946 0000");
    EXPECT_EQ(zoe["notes"], "line one\nline two, with a comma\r\nline three");
    EXPECT_EQ(zoe["company.employeeCount"], "42");
    EXPECT_EQ(zoe["company.revenue"], "1500000.5");
    EXPECT_EQ(zoe["company.signals.growthIndicators.revenueGrowth"], "-0.5")
        << "a number cell is never a formula";
    EXPECT_EQ(zoe["company.technologies"], "C++; Poco");
    EXPECT_EQ(zoe["company.industry"], "東京 robotics");
    EXPECT_EQ(zoe["custom.favourite colour"], "blue, green");
    EXPECT_EQ(zoe["custom.tier"], "'-1");
    EXPECT_EQ(zoe["custom.@handle"], "'@zoe");
    EXPECT_EQ(zoe["outreach.status"], "queued");
    EXPECT_EQ(zoe["outreach.score"], "");
    EXPECT_EQ(zoe["outreach.replied"], "false");
    EXPECT_EQ(byHeader(table, 1)["custom.tier"], "gold");
    EXPECT_EQ(byHeader(table, 1)["custom.favourite colour"], "");
}

TEST_F(ListExport, TheStatusFilterAndOutcomesAreThoseOfTheProspects) {
    auto campaign = api.factory().campaignNamed("Acme", "Quiet");
    ProspectSpec qualified;
    qualified.email = "q@engines.example";
    qualified.status = domain::ProspectStatus::Qualified;
    qualified.score = 81;
    qualified.scoreJson = R"({"score":81,"qualified":true})";
    auto made = api.factory().prospect(campaign, qualified);
    api.factory().meeting(made);
    ProspectSpec queued;
    queued.email = "w@engines.example";
    api.factory().prospect(campaign, queued);

    auto all = readCsv(api.get(exportPath("Quiet")).text);
    EXPECT_EQ(all.size(), 3u);
    auto reply = api.get(exportPath("Quiet", "?status=qualified"));
    ASSERT_EQ(reply.status, 200) << reply.text;
    auto only = readCsv(reply.text);
    ASSERT_EQ(only.size(), 2u);
    auto row = byHeader(only, 1);
    EXPECT_EQ(row["email"], "q@engines.example");
    EXPECT_EQ(row["outreach.prospectId"], made.id);
    EXPECT_EQ(row["outreach.status"], "qualified");
    EXPECT_EQ(row["outreach.score"], "81");
    EXPECT_EQ(row["outreach.qualified"], "true");
    EXPECT_EQ(row["outreach.meetingAt"], "2026-12-03T10:30:00Z");

    auto none = api.get(exportPath("Quiet", "?status=replied"));
    EXPECT_EQ(readCsv(none.text).size(), 1u) << "the header alone";
    auto bad = api.get(exportPath("Quiet", "?status=happy"));
    EXPECT_EQ(bad.status, 400) << bad.text;
    EXPECT_THAT(bad.text, HasSubstr("status must be one of"));
}

TEST_F(ListExport, AnotherOrganisationsCampaignOrProspectIsUnknown) {
    EXPECT_EQ(api.get("/api/campaigns/campaign_unknown/leads/export").status, 404);
    auto rival = api.get(exportPath("Rival"));
    EXPECT_EQ(rival.status, 404) << rival.text;
    EXPECT_THAT(rival.text, HasSubstr("Campaign not found"));
    EXPECT_EQ(api.get(exportPath("Rival"), kGlobexKey).status, 200);

    auto rivalProspect = api.factory().prospect(api.factory().campaignNamed("Globex", "Rival"));
    const auto rivalPath =
        "/api/campaigns/" + api.campaignId("Rival") + "/leads/" + rivalProspect.id + "/export";
    EXPECT_EQ(api.get(rivalPath).status, 404);
    EXPECT_EQ(api.get(rivalPath, kGlobexKey).status, 200);
    // Its id under one's own campaign is no way round.
    EXPECT_EQ(api.get("/api/campaigns/" + api.campaignId("Outbound") + "/leads/" +
                      rivalProspect.id + "/export")
                  .status,
              404);
    EXPECT_EQ(
        api.get("/api/campaigns/" + api.campaignId("Outbound") + "/leads/prospect_none/export")
            .status,
        404);
}

TEST_F(ListExport, APersonsDataHoldsTheirFieldsMeetingsAndEvents) {
    const auto id = addLead("Outbound", kOddLead);
    auto campaign = api.factory().campaignNamed("Acme", "Outbound");
    auto prospect =
        *api.store().read([&](storage::Repositories& r) { return r.prospects().find(id); });
    api.factory().meeting(prospect);
    DeliverySpec about;
    about.payloadJson = R"({"event":"meeting_booked","prospectId":")" + id + R"("})";
    api.factory().delivery(campaign, about);
    DeliverySpec other;
    other.payloadJson = R"({"event":"meeting_booked","prospectId":"prospect_someone_else"})";
    api.factory().delivery(campaign, other);
    auto reply = api.get("/api/campaigns/" + campaign.id + "/leads/" + id + "/export");
    ASSERT_EQ(reply.status, 200) << reply.text;
    EXPECT_EQ(reply.headers["Content-Type"], "application/json; charset=utf-8");
    EXPECT_EQ(reply.headers["Content-Disposition"],
              "attachment; filename=\"prospect-" + id + "-data.json\"");
    ASSERT_TRUE(reply.json) << reply.text;
    const auto& data = reply.json;
    EXPECT_THAT(data->getNames(), ElementsAre("exportedAt", "email", "prospect", "emails",
                                              "replies", "leadMagnets", "events", "suppression"));
    EXPECT_EQ(data->getValue<std::string>("email"), "zoe@aerzte.example");
    auto view = data->getObject("prospect");
    EXPECT_EQ(view->getValue<std::string>("id"), id);
    EXPECT_EQ(view->getObject("fields")->getValue<std::string>("phone"), "+44 20 7946 0000");
    EXPECT_EQ(view->getObject("fields")->getObject("customData")->getValue<std::string>("tier"),
              "-1");
    EXPECT_EQ(view->getArray("meetings")->size(), 1u);
    // The events whose payload names it, and no other.
    auto events = data->getArray("events");
    ASSERT_EQ(events->size(), 1u) << reply.text;
    EXPECT_EQ(events->getObject(0)->getObject("payload")->getValue<std::string>("prospectId"), id);
    EXPECT_TRUE(data->isNull("suppression"));
}

TEST_F(ListExport, LodestonectlWritesTheSameFiles) {
    addLead("Outbound", kOddLead);
    const auto id = addLead("Outbound", R"({"companyName":"Plain Ltd","contactName":"Bo",
                                           "email":"bo@plain.example"})");
    const auto campaign = api.campaignId("Outbound");
    const auto viaApi = api.get(exportPath("Outbound")).text;

    auto dir = std::filesystem::path(api.config().file()).parent_path();
    const auto file = (dir / "leads.csv").string();
    auto written = api.ctl({"campaign", "export", campaign, "--output", file});
    EXPECT_EQ(written->getValue<std::string>("file"), file);
    std::ifstream in(file, std::ios::binary);
    std::stringstream contents;
    contents << in.rdbuf();
    EXPECT_EQ(contents.str(), viaApi);

    auto out =
        runToCompletion(LODESTONECTL_PATH, {"--config", api.config().file().string(), "campaign",
                                            "export", campaign, "--status", "queued"});
    EXPECT_EQ(out.status.code, 0) << out.errors;
    EXPECT_EQ(out.output, viaApi) << "on stdout without --output";
    auto failed =
        runToCompletion(LODESTONECTL_PATH, {"--config", api.config().file().string(), "campaign",
                                            "export", campaign, "--status", "qualified"});
    EXPECT_EQ(readCsv(failed.output).size(), 1u);

    auto person = runToCompletion(
        LODESTONECTL_PATH, {"--config", api.config().file().string(), "prospect", "export", id});
    ASSERT_EQ(person.status.code, 0) << person.errors;
    auto data = Poco::JSON::Parser().parse(person.output).extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(data->getObject("prospect")->getValue<std::string>("id"), id);
    auto unknown = runToCompletion(LODESTONECTL_PATH, {"--config", api.config().file().string(),
                                                       "prospect", "export", "prospect_none"});
    EXPECT_EQ(unknown.status.code, 1);
    EXPECT_THAT(unknown.errors, HasSubstr("no prospect with id prospect_none"));
}

TEST_F(ListExport, TheDashboardLinksToTheSameDownloads) {
    const auto id = addLead("Outbound", kOddLead);
    const auto campaign = api.campaignId("Outbound");
    auto op = makeOperator(api, "Acme", "ops@acme.example", "member");
    auto browser = signedIn(api, op);
    auto page = browser.get("/dashboard/campaigns/" + campaign + "?status=queued");
    ASSERT_EQ(page.status, 200);
    const auto link = "/dashboard/campaigns/" + campaign + "/leads.csv?q=&amp;status=queued";
    EXPECT_THAT(page.body, HasSubstr("href=\"" + link));
    auto csv = browser.get(htmlUnescaped(link) + "&minScore=");
    ASSERT_EQ(csv.status, 200) << csv.body;
    EXPECT_EQ(csv.body, api.get(exportPath("Outbound", "?status=queued")).text);

    auto prospectPage = browser.get("/dashboard/campaigns/" + campaign + "/prospects/" + id);
    const auto dataLink = "/dashboard/campaigns/" + campaign + "/prospects/" + id + "/data.json";
    EXPECT_THAT(prospectPage.body, HasSubstr("href=\"" + dataLink + "\""));
    auto json = browser.get(dataLink);
    ASSERT_EQ(json.status, 200) << json.body;
    EXPECT_THAT(json.body, StartsWith("{\"exportedAt\""));

    auto rival = api.campaignId("Rival");
    EXPECT_EQ(browser.get("/dashboard/campaigns/" + rival + "/leads.csv").status, 404);
    DashboardBrowser stranger(api);
    EXPECT_EQ(stranger.get("/dashboard/campaigns/" + campaign + "/leads.csv").status, 303);
}

}  // namespace
}  // namespace lodestone::test
