// POST /api/campaigns/{id}/leads, GET …/leads/{prospectId}, POST …/meetings and GET /b/{token},
// with the job engine off: prospects stay queued, so every answer is deterministic.
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ApiSupport.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

const std::string kLead =
    R"({"companyName":"Analytical Engines","contactName":"Ada Lovelace","email":"Ada@Engines.example","title":"VP Engineering"})";

std::vector<std::string> keys(const Poco::JSON::Object::Ptr& object) {
    return object->getNames();  // in the order sent (the parser keeps it)
}

class CampaignApi : public ::testing::Test {
  protected:
    std::string leadsPath(const std::string& campaign = "Outbound") {
        return "/api/campaigns/" + api.campaignId(campaign) + "/leads";
    }
    std::string addOk(const std::string& body = kLead) {
        auto reply = api.post(leadsPath(), body);
        EXPECT_EQ(reply.status, 201) << reply.text;
        return reply.json ? reply.json->getValue<std::string>("prospectId") : "";
    }
    Poco::JSON::Object::Ptr prospect(const std::string& id) {
        auto reply = api.get(leadsPath() + "/" + id);
        EXPECT_EQ(reply.status, 200) << reply.text;
        return reply.json ? reply.json->getObject("prospect") : nullptr;
    }

    ApiDaemon api;
};

TEST_F(CampaignApi, AddLeadAnswers201WithTheSpecsFieldsInOrder) {
    auto reply = api.post(leadsPath(), kLead);
    ASSERT_EQ(reply.status, 201) << reply.text;
    EXPECT_THAT(keys(reply.json), ElementsAre("success", "prospectId", "status", "message"));
    EXPECT_TRUE(reply.json->getValue<bool>("success"));
    EXPECT_THAT(reply.json->getValue<std::string>("prospectId"), HasSubstr("prospect_"));
    EXPECT_EQ(reply.json->getValue<std::string>("status"), "queued");
    EXPECT_EQ(reply.headers["X-RateLimit-Limit"], "100");  // limits.campaign_leads_per_minute
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM jobs WHERE kind = 'prospect'"), 1);
}

TEST_F(CampaignApi, EverythingSentIsStoredAsGiven) {
    auto id = addOk(
        R"({"companyName":"Acme","contactName":"Bo","email":"bo@acme.example","notes":"met at expo",)"
        R"("researchData":{"hook":"saw your talk"},"extraContext":{"angle":["ops"]},)"
        R"("customData":{"crmId":17,"tags":["a"]},"contact":{"timezone":"Europe/Berlin"}})");
    auto stored = api.backdoor().text("SELECT input_json FROM prospects WHERE id = '" + id + "'");
    auto json = Poco::JSON::Parser().parse(stored).extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(json->getValue<std::string>("notes"), "met at expo");
    EXPECT_EQ(json->getObject("researchData")->getValue<std::string>("hook"), "saw your talk");
    EXPECT_EQ(json->getObject("extraContext")->getArray("angle")->getElement<std::string>(0),
              "ops");
    EXPECT_EQ(json->getObject("customData")->getValue<int>("crmId"), 17);
    EXPECT_EQ(json->getObject("contact")->getValue<std::string>("timezone"), "Europe/Berlin");
}

TEST_F(CampaignApi, KeysNoRuleKnowsAreToldBackAsIgnored) {
    auto reply = api.post(leadsPath(),
                          R"({"companyName":"Acme","contactName":"Bo","email":"bo@acme.example",)"
                          R"("compnay":{"industry":"Software"}})");
    ASSERT_EQ(reply.status, 201) << reply.text;
    EXPECT_THAT(names(reply.json->getArray("ignoredFields")), ElementsAre("compnay"));
    EXPECT_FALSE(
        api.post(leadsPath(), R"({"companyName":"C","contactName":"D","email":"d@c.example"})")
            .json->has("ignoredFields"));
}

TEST_F(CampaignApi, NeedsAKey) {
    auto reply = api.send("POST", leadsPath(), kLead, {{"Content-Type", "application/json"}});
    EXPECT_EQ(reply.status, 401);
    ASSERT_TRUE(reply.json);
    EXPECT_TRUE(reply.json->has("error"));
}

TEST_F(CampaignApi, UnknownCampaignIs404) {
    auto reply = api.post("/api/campaigns/campaign_doesnotexist0000000000/leads", kLead);
    EXPECT_EQ(reply.status, 404);
    ASSERT_TRUE(reply.json);
    EXPECT_EQ(reply.json->getValue<std::string>("error"), "Campaign not found");
}

TEST_F(CampaignApi, AnotherOrganisationsCampaignIs403) {
    auto reply = api.post(leadsPath("Rival"), kLead);
    EXPECT_EQ(reply.status, 403);
    ASSERT_TRUE(reply.json);
    EXPECT_THAT(reply.json->getValue<std::string>("error"), HasSubstr("organization"));
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM prospects"), 0);
}

TEST_F(CampaignApi, ShowingAProspectNeedsAValidKey) {
    const std::string path = leadsPath() + "/" + addOk();
    auto missing = api.send("GET", path, "", {});
    EXPECT_EQ(missing.status, 401) << missing.text;
    ASSERT_TRUE(missing.json) << missing.text;
    EXPECT_TRUE(missing.json->has("error"));
    EXPECT_FALSE(missing.json->has("prospect"));
    EXPECT_EQ(missing.headers.count("WWW-Authenticate"), 1u);

    auto unknown = api.get(path, "lsk_not_a_real_key_0000000000000000000000");
    EXPECT_EQ(unknown.status, 401) << unknown.text;
    ASSERT_TRUE(unknown.json) << unknown.text;
    EXPECT_FALSE(unknown.json->has("prospect"));
}

TEST_F(CampaignApi, BookingAMeetingNeedsAValidKey) {
    const auto id = addOk();
    const std::string meetings = "/api/campaigns/" + api.campaignId("Outbound") + "/meetings";
    const std::string booking = R"({"prospectId":")" + id +
                                R"(","scheduledAt":"2026-12-01T15:00:00Z","duration":30,)"
                                R"("title":"Intro call"})";
    auto missing = api.send("POST", meetings, booking, {{"Content-Type", "application/json"}});
    EXPECT_EQ(missing.status, 401) << missing.text;
    ASSERT_TRUE(missing.json) << missing.text;
    EXPECT_TRUE(missing.json->has("error"));
    EXPECT_EQ(missing.headers.count("WWW-Authenticate"), 1u);

    auto unknown = api.post(meetings, booking, "lsk_not_a_real_key_0000000000000000000000");
    EXPECT_EQ(unknown.status, 401) << unknown.text;

    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM meetings"), 0);
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM webhook_outbox"), 0);
    EXPECT_EQ(prospect(id)->getValue<std::string>("status"), "queued");
}

TEST_F(CampaignApi, BookingAMeetingInAnotherOrganisationsCampaignIs403) {
    // Globex's own prospect in its campaign Rival, which Acme's key must not book.
    const std::string rival = "/api/campaigns/" + api.campaignId("Rival");
    auto added = api.post(rival + "/leads", kLead, kGlobexKey);
    ASSERT_EQ(added.status, 201) << added.text;
    const auto id = added.json->getValue<std::string>("prospectId");

    for (const std::string& booking :
         {R"({"prospectId":")" + id +
              R"(","scheduledAt":"2026-12-01T15:00:00Z","duration":30,"title":"Intro call"})",
          std::string(R"({"email":"ada@engines.example","scheduledAt":"2026-12-01T15:00:00Z",)"
                      R"("duration":30,"title":"Intro call"})")}) {
        auto reply = api.post(rival + "/meetings", booking);
        EXPECT_EQ(reply.status, 403) << reply.text;
        ASSERT_TRUE(reply.json) << reply.text;
        EXPECT_THAT(reply.json->getValue<std::string>("error"), HasSubstr("organization"));
        EXPECT_FALSE(reply.json->has("meeting"));
    }
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM meetings"), 0);
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM webhook_outbox"), 0);
    EXPECT_EQ(api.backdoor().text("SELECT status FROM prospects WHERE id = '" + id + "'"),
              "queued");

    // Its own organisation's key books it.
    auto own = api.post(rival + "/meetings",
                        R"({"prospectId":")" + id +
                            R"(","scheduledAt":"2026-12-01T15:00:00Z","duration":30,"title":"x"})",
                        kGlobexKey);
    EXPECT_EQ(own.status, 201) << own.text;
}

TEST_F(CampaignApi, MissingRequiredFieldsAreListed) {
    auto reply = api.post(leadsPath(), R"({"companyName":"  ","title":"CEO"})");
    ASSERT_EQ(reply.status, 400) << reply.text;
    EXPECT_THAT(names(reply.json->getArray("missingFields")),
                ElementsAre("companyName", "contactName", "email"));
    EXPECT_TRUE(names(reply.json->getArray("invalidFields")).empty());
    EXPECT_THAT(reply.json->getValue<std::string>("error"), HasSubstr("companyName"));
}

struct InvalidCase {
    std::string extra;  // JSON members added to a valid lead
    std::string path;
};

class CampaignLeadValidation : public CampaignApi,
                               public ::testing::WithParamInterface<InvalidCase> {};

// kLead with `extra` added, in place of kLead's member of the same name: a key given twice is a
// 400 of its own.
std::string leadWith(const std::string& extra) {
    std::string body = "{";
    for (const std::string member :
         {R"("companyName":"Analytical Engines")", R"("contactName":"Ada Lovelace")",
          R"("email":"Ada@Engines.example")", R"("title":"VP Engineering")"}) {
        const std::string key = member.substr(0, member.find(':') + 1);
        if (!extra.starts_with(key)) body += member + ",";
    }
    return body + extra + "}";
}

TEST_P(CampaignLeadValidation, NamesTheFieldByPath) {
    std::string body = leadWith(GetParam().extra);
    auto reply = api.post(leadsPath(), body);
    ASSERT_EQ(reply.status, 400) << body << "\n" << reply.text;
    EXPECT_THAT(names(reply.json->getArray("invalidFields")), ElementsAre(GetParam().path));
    EXPECT_TRUE(reply.json->getObject("fieldErrors")->has(GetParam().path));
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM prospects"), 0);
}

INSTANTIATE_TEST_SUITE_P(
    EveryRule, CampaignLeadValidation,
    ::testing::Values(
        InvalidCase{R"("email":"not-an-address")", "email"}, InvalidCase{R"("title":42)", "title"},
        InvalidCase{R"("domain":"not a domain")", "domain"},
        InvalidCase{R"("linkedInUrl":"ftp://linkedin.example/in/ada")", "linkedInUrl"},
        InvalidCase{R"("companyLinkedInUrl":"linkedin.example/company/x")", "companyLinkedInUrl"},
        InvalidCase{R"("researchData":"text")", "researchData"},
        InvalidCase{R"("company":"Acme")", "company"},
        InvalidCase{R"("company":{"website":"javascript:void"})", "company.website"},
        InvalidCase{R"("company":{"linkedinUrl":"http://"})", "company.linkedinUrl"},
        InvalidCase{R"("company":{"employeeCount":-5})", "company.employeeCount"},
        InvalidCase{R"("company":{"revenue":"1M"})", "company.revenue"},
        InvalidCase{R"("company":{"technologies":["Go",3]})", "company.technologies[1]"},
        InvalidCase{R"("company":{"signals":{"recentFunding":{"date":"2024-13"}}})",
                    "company.signals.recentFunding.date"},
        InvalidCase{R"("company":{"signals":{"recentFunding":{"amount":-1}}})",
                    "company.signals.recentFunding.amount"},
        InvalidCase{R"("company":{"signals":{"hiringSignals":{"openRoles":2.5}}})",
                    "company.signals.hiringSignals.openRoles"},
        InvalidCase{R"("company":{"signals":{"hiringSignals":{"isHiring":"yes"}}})",
                    "company.signals.hiringSignals.isHiring"},
        InvalidCase{R"("company":{"signals":{"growthIndicators":{"employeeGrowth":"fast"}}})",
                    "company.signals.growthIndicators.employeeGrowth"},
        InvalidCase{R"("contact":{"photoUrl":"//cdn.example/ada.png"})", "contact.photoUrl"},
        InvalidCase{R"("contact":{"timezone":"Mars/Olympus"})", "contact.timezone"},
        InvalidCase{R"("contact":{"seniority":3})", "contact.seniority"}));

TEST_F(CampaignApi, ADuplicateEmailIs409WithTheExistingProspect) {
    auto first = addOk();
    auto again = api.post(leadsPath(), kLead);
    ASSERT_EQ(again.status, 409) << again.text;
    EXPECT_EQ(again.json->getValue<std::string>("prospectId"), first);
    EXPECT_EQ(again.json->getValue<std::string>("status"), "queued");
    EXPECT_TRUE(again.json->has("error"));

    // The address compared case-insensitively; other fields do not matter.
    auto otherCase = api.post(
        leadsPath(),
        R"({"companyName":"AE Ltd","contactName":"A. Lovelace","email":"ADA@ENGINES.EXAMPLE"})");
    ASSERT_EQ(otherCase.status, 409) << otherCase.text;
    EXPECT_EQ(otherCase.json->getValue<std::string>("prospectId"), first);
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM prospects"), 1);
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM jobs WHERE kind = 'prospect'"), 1);

    // The same address in another campaign is another prospect.
    EXPECT_EQ(api.post(leadsPath("Quiet"), kLead).status, 201);
}

TEST_F(CampaignApi, TheDomainIsDerivedFromTheEmailUnlessItIsFreeMail) {
    auto company = prospect(addOk());
    EXPECT_EQ(company->getValue<std::string>("domain"), "engines.example");
    auto freeMail = prospect(
        addOk(R"({"companyName":"Solo","contactName":"Sam","email":"sam.solo@gmail.com"})"));
    EXPECT_TRUE(freeMail->isNull("domain"));
    auto given = prospect(addOk(
        R"({"companyName":"G","contactName":"Gi","email":"gi@mail.g.example","domain":"G.Example"})"));
    EXPECT_EQ(given->getValue<std::string>("domain"), "g.example");
}

TEST_F(CampaignApi, ShowsAProspectOfTheCampaignOnly) {
    auto id = addOk();
    auto shown = prospect(id);
    ASSERT_TRUE(shown);
    EXPECT_EQ(shown->getValue<std::string>("id"), id);
    EXPECT_EQ(shown->getValue<std::string>("status"), "queued");
    EXPECT_EQ(shown->getValue<std::string>("email"), "Ada@Engines.example");
    EXPECT_TRUE(shown->isNull("score"));
    EXPECT_EQ(shown->getObject("research")->getValue<std::string>("status"), "pending");
    EXPECT_EQ(shown->getArray("history")->getObject(0)->getValue<std::string>("status"), "queued");
    EXPECT_THAT(shown->getValue<std::string>("bookingUrl"), HasSubstr("/b/"));

    EXPECT_EQ(api.get(leadsPath("Quiet") + "/" + id).status, 404);
    EXPECT_EQ(api.get(leadsPath() + "/prospect_unknown000000000000000000").status, 404);
    EXPECT_EQ(api.get(leadsPath("Rival") + "/" + id).status, 403);
}

TEST_F(CampaignApi, ABookedMeetingMovesTheProspectAndWritesTheSpecPayloadToTheOutbox) {
    auto id = addOk();
    const std::string meetings = "/api/campaigns/" + api.campaignId("Outbound") + "/meetings";
    auto booked =
        api.post(meetings, R"({"prospectId":")" + id +
                               R"(","scheduledAt":"2026-12-01T15:00:00Z",)"
                               R"("duration":30,"title":"Intro call","externalId":"cal-1"})");
    ASSERT_EQ(booked.status, 201) << booked.text;
    const auto meetingId = booked.json->getObject("meeting")->getValue<std::string>("id");
    EXPECT_EQ(booked.json->getValue<std::string>("prospectStatus"), "meeting_booked");
    EXPECT_EQ(prospect(id)->getValue<std::string>("status"), "meeting_booked");

    const std::string payload = api.backdoor().text("SELECT payload_json FROM webhook_outbox");
    EXPECT_EQ(payload, R"({"event":"meeting_booked","campaignId":")" + api.campaignId("Outbound") +
                           R"(","prospect":{"id":")" + id +
                           R"(","companyName":"Analytical Engines","contactName":"Ada Lovelace",)"
                           R"("email":"Ada@Engines.example","title":"VP Engineering"},)"
                           R"("meeting":{"id":")" +
                           meetingId +
                           R"(","scheduledAt":"2026-12-01T15:00:00Z","duration":30,)"
                           R"("title":"Intro call"}})");

    // The calendar reports the same booking again: same meeting, no second event.
    auto repeat = api.post(meetings, R"({"email":"ada@engines.example",)"
                                     R"("scheduledAt":"2026-12-01T15:00:00Z","duration":30,)"
                                     R"("title":"Intro call","externalId":"cal-1"})");
    ASSERT_EQ(repeat.status, 200) << repeat.text;
    EXPECT_EQ(repeat.json->getObject("meeting")->getValue<std::string>("id"), meetingId);
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM webhook_outbox"), 1);
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM meetings"), 1);
}

TEST_F(CampaignApi, AKnownExternalIdWithOtherDetailsIs409) {
    auto id = addOk();
    const std::string meetings = "/api/campaigns/" + api.campaignId("Outbound") + "/meetings";
    const std::string booking = R"({"prospectId":")" + id +
                                R"(","scheduledAt":"2026-12-01T15:00:00Z","duration":30,)"
                                R"("title":"Intro call","externalId":"cal-9"})";
    ASSERT_EQ(api.post(meetings, booking).status, 201);
    std::string moved = booking;
    moved.replace(moved.find("15:00"), 5, "16:00");
    auto reply = api.post(meetings, moved);
    ASSERT_EQ(reply.status, 409) << reply.text;
    EXPECT_THAT(reply.json->getValue<std::string>("meetingId"), HasSubstr("meeting_"));
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM webhook_outbox"), 1);
}

TEST_F(CampaignApi, AMeetingForAnotherCampaignsProspectIs404) {
    auto id = addOk();
    auto reply =
        api.post("/api/campaigns/" + api.campaignId("Quiet") + "/meetings",
                 R"({"prospectId":")" + id +
                     R"(","scheduledAt":"2026-12-01T15:00:00Z","duration":30,"title":"x"})");
    EXPECT_EQ(reply.status, 404) << reply.text;
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM webhook_outbox"), 0);
}

TEST_F(CampaignApi, AMeetingNeedsATimeADurationAndATitle) {
    auto reply = api.post("/api/campaigns/" + api.campaignId("Outbound") + "/meetings",
                          R"({"email":"ada@engines.example","scheduledAt":"tomorrow at 3",)"
                          R"("duration":0})");
    ASSERT_EQ(reply.status, 400) << reply.text;
    EXPECT_THAT(names(reply.json->getArray("missingFields")), ElementsAre("title"));
    EXPECT_THAT(names(reply.json->getArray("invalidFields")),
                ElementsAre("scheduledAt", "duration"));
}

TEST_F(CampaignApi, TheBookingLinkRedirectsToTheCalendarWithPrefill) {
    auto id = addOk();
    const std::string url = prospect(id)->getValue<std::string>("bookingUrl");
    const std::string path = url.substr(url.find("/b/"));
    auto reply = api.send("GET", path, "", {});
    ASSERT_EQ(reply.status, 302) << reply.text;
    const std::string token = url.substr(url.find("/b/") + 3);
    // The token rides along for Cal.com (metadata) and Calendly (utm_content); the calendar
    // URL's own utm_source stays.
    EXPECT_EQ(reply.headers["Location"],
              "https://cal.acme.test/sales?utm_source=lodestone&name=Ada%20Lovelace&email="
              "Ada%40Engines.example&metadata%5Blodestone%5D=" +
                  token + "&utm_content=" + token);
    EXPECT_EQ(reply.headers["Referrer-Policy"], "no-referrer");
    EXPECT_EQ(reply.headers["Cache-Control"], "no-store");
    EXPECT_EQ(api.send("GET", "/b/nosuchtoken", "", {}).status, 404);
}

TEST_F(CampaignApi, ABookingLinkOfACampaignWithoutACalendarIs404) {
    auto reply = api.post(leadsPath("Quiet"), kLead);
    ASSERT_EQ(reply.status, 201);
    const auto id = reply.json->getValue<std::string>("prospectId");
    const std::string token = api.store().read([&](storage::Repositories& repositories) {
        return repositories.prospects().find(id)->bookingToken;
    });
    EXPECT_EQ(api.send("GET", "/b/" + token, "", {}).status, 404);
}

}  // namespace
}  // namespace lodestone::test
