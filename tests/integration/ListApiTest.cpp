// The list routes beyond the spec (docs/api.md, Lists): GET /api/campaigns, /api/projects,
// /api/campaigns/{id}/leads and /api/projects/{id}/jobs, and the paging they share with the
// webhook deliveries. The job engine is off: what the tests write stays as written.
#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "ApiSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::UnorderedElementsAre;

class ListApi : public ::testing::Test {
  protected:
    // Every page of a list, following nextCursor; the ids in the order given.
    std::vector<std::string> allPages(const std::string& path, const std::string& items, int limit,
                                      int* pages = nullptr, const std::string& key = kAcmeKey) {
        std::vector<std::string> ids;
        std::string cursor;
        int count = 0;
        while (true) {
            const std::string separator = path.find('?') == std::string::npos ? "?" : "&";
            auto reply = api.get(path + separator + "limit=" + std::to_string(limit) +
                                     (cursor.empty() ? "" : "&cursor=" + cursor),
                                 key);
            EXPECT_EQ(reply.status, 200) << reply.text;
            if (reply.status != 200 || ++count > 100) break;
            auto array = reply.json->getArray(items);
            EXPECT_LE(array->size(), static_cast<std::size_t>(limit));
            for (std::size_t i = 0; i < array->size(); ++i) {
                ids.push_back(array->getObject(i)->getValue<std::string>("id"));
            }
            if (reply.json->isNull("nextCursor")) break;
            cursor = reply.json->getValue<std::string>("nextCursor");
        }
        if (pages) *pages = count;
        return ids;
    }

    std::vector<std::string> namesIn(const ApiReply& reply, const std::string& items) {
        std::vector<std::string> out;
        auto array = reply.json->getArray(items);
        for (std::size_t i = 0; i < array->size(); ++i) {
            out.push_back(array->getObject(i)->getValue<std::string>("name"));
        }
        return out;
    }

    std::string leadsOf(const std::string& campaign) {
        return "/api/campaigns/" + api.campaignId(campaign) + "/leads";
    }

    ApiDaemon api;
};

TEST_F(ListApi, CampaignsAreTheCallersOwnWithoutSecrets) {
    auto reply = api.get("/api/campaigns");
    ASSERT_EQ(reply.status, 200) << reply.text;
    EXPECT_THAT(namesIn(reply, "campaigns"), UnorderedElementsAre("Outbound", "Quiet"));
    EXPECT_TRUE(reply.json->isNull("nextCursor"));
    EXPECT_THAT(reply.text, Not(HasSubstr("ecret")));
    auto first = reply.json->getArray("campaigns")->getObject(0);
    EXPECT_THAT(first->getNames(),
                ElementsAre("id", "organisationId", "name", "webhookUrl", "calendarUrl",
                            "projectId", "state", "pausedAt", "createdAt"));
    EXPECT_EQ(first->getValue<std::string>("state"), "active");
    EXPECT_TRUE(first->isNull("pausedAt"));

    auto globex = api.get("/api/campaigns", kGlobexKey);
    ASSERT_EQ(globex.status, 200) << globex.text;
    EXPECT_THAT(namesIn(globex, "campaigns"), ElementsAre("Rival"));
}

TEST_F(ListApi, ProjectsFollowTheKeysRestriction) {
    auto all = api.get("/api/projects");
    ASSERT_EQ(all.status, 200) << all.text;
    EXPECT_THAT(namesIn(all, "projects"),
                UnorderedElementsAre("Default", "Strict", "Free", "Hosted"));
    auto scoped = api.get("/api/projects", kScopedKey);
    ASSERT_EQ(scoped.status, 200) << scoped.text;
    EXPECT_THAT(namesIn(scoped, "projects"), ElementsAre("Free"));
}

TEST_F(ListApi, ProspectsComePageByPageNewestFirstEachOnce) {
    auto campaign = api.factory().campaignNamed("Acme", "Quiet");
    std::vector<std::string> made;
    for (int i = 0; i < 7; ++i) {
        ProspectSpec spec;
        spec.email = "p" + std::to_string(i) + "@engines.example";
        made.push_back(api.factory().prospect(campaign, spec).id);
    }
    int pages = 0;
    auto listed = allPages(leadsOf("Quiet"), "leads", 3, &pages);
    EXPECT_EQ(pages, 3);
    EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()),
              std::set<std::string>(made.begin(), made.end()));
    EXPECT_EQ(listed.size(), made.size()) << "a prospect listed twice";

    // Newest first, by creation time then id; a prospect added meanwhile does not shift the
    // pages after the first.
    auto firstPage = api.get(leadsOf("Quiet") + "?limit=3");
    ASSERT_EQ(firstPage.status, 200);
    ProspectSpec late;
    late.email = "late@engines.example";
    api.factory().prospect(campaign, late);
    auto second = api.get(leadsOf("Quiet") +
                          "?limit=3&cursor=" + firstPage.json->getValue<std::string>("nextCursor"));
    ASSERT_EQ(second.status, 200) << second.text;
    EXPECT_EQ(second.json->getArray("leads")->getObject(0)->getValue<std::string>("id"), listed[3]);
}

TEST_F(ListApi, ProspectsFilterByStatusSearchAndScore) {
    auto campaign = api.factory().campaignNamed("Acme", "Outbound");
    auto add = [&](const std::string& email, const std::string& contact, const std::string& company,
                   domain::ProspectStatus status, std::optional<int> score) {
        ProspectSpec spec;
        spec.email = email;
        spec.contactName = contact;
        spec.companyName = company;
        spec.status = status;
        spec.score = score;
        return api.factory().prospect(campaign, spec).id;
    };
    const auto ada = add("ada@engines.example", "Ada Lovelace", "Analytical Engines",
                         domain::ProspectStatus::Qualified, 90);
    const auto grace = add("grace@navy.example", "Grace Hopper", "Navy 100% Cobol",
                           domain::ProspectStatus::Disqualified, 30);
    const auto alan = add("alan@bletchley.example", "Alan Turing", "Bletchley Park",
                          domain::ProspectStatus::Queued, std::nullopt);
    auto ids = [&](const std::string& query) {
        auto reply = api.get(leadsOf("Outbound") + query);
        EXPECT_EQ(reply.status, 200) << query << ": " << reply.text;
        std::vector<std::string> out;
        if (reply.status != 200) return out;
        auto array = reply.json->getArray("leads");
        for (std::size_t i = 0; i < array->size(); ++i) {
            out.push_back(array->getObject(i)->getValue<std::string>("id"));
        }
        return out;
    };
    EXPECT_THAT(ids("?status=qualified"), ElementsAre(ada));
    EXPECT_THAT(ids("?minScore=50"), ElementsAre(ada));
    EXPECT_THAT(ids("?minScore=0"), UnorderedElementsAre(ada, grace));
    EXPECT_THAT(ids("?q=LOVELACE"), ElementsAre(ada)) << "case-insensitive";
    EXPECT_THAT(ids("?q=navy.example"), ElementsAre(grace)) << "the email";
    EXPECT_THAT(ids("?q=park%20alan"), ElementsAre(alan)) << "every word, in any field";
    EXPECT_THAT(ids("?q=100%25"), ElementsAre(grace)) << "% is a character, not a wildcard";
    EXPECT_THAT(ids("?q=a_a"), ElementsAre()) << "_ is a character, not a wildcard";
    EXPECT_THAT(ids("?q=%20"), UnorderedElementsAre(ada, grace, alan)) << "blank: no filter";

    auto summary = api.get(leadsOf("Outbound") + "?status=qualified");
    auto first = summary.json->getArray("leads")->getObject(0);
    EXPECT_THAT(first->getNames(), ElementsAre("id", "campaignId", "status", "companyName",
                                               "contactName", "email", "title", "domain", "score",
                                               "qualified", "error", "createdAt", "updatedAt"));
}

TEST_F(ListApi, BadParametersAre400NamingThem) {
    const auto leads = leadsOf("Outbound");
    const auto jobs = "/api/projects/" + api.projectId("Default") + "/jobs";
    const auto deliveries = "/api/campaigns/" + api.campaignId("Outbound") + "/webhook-deliveries";
    for (const auto& [query, field] : std::vector<std::pair<std::string, std::string>>{
             {leads + "?limit=0", "limit"},
             {leads + "?limit=201", "limit"},
             {leads + "?limit=ten", "limit"},
             {leads + "?cursor=bm90LWEtY3Vyc29y", "cursor"},
             {leads + "?cursor=%21%21", "cursor"},
             {leads + "?status=hot", "status"},
             {leads + "?minScore=101", "minScore"},
             {leads + "?q=" + std::string(201, 'x'), "q"},
             {jobs + "?status=scoring", "status"},
             {jobs + "?cursor=x", "cursor"},
             {deliveries + "?limit=500", "limit"},
             {"/api/campaigns?limit=0", "limit"},
             {"/api/projects?cursor=", "cursor"},
         }) {
        auto reply = api.get(query);
        ASSERT_EQ(reply.status, 400) << query << ": " << reply.text;
        EXPECT_THAT(names(reply.json->getArray("invalidFields")), ElementsAre(field)) << query;
    }
}

TEST_F(ListApi, AnotherOrganisationsCampaignOrProjectIsRefusedAsByItsSiblings) {
    EXPECT_EQ(api.get("/api/campaigns/" + api.campaignId("Rival") + "/leads").status, 403);
    EXPECT_EQ(api.get("/api/campaigns/campaign_unknown/leads").status, 404);
    EXPECT_EQ(api.get("/api/projects/" + api.projectId("Other") + "/jobs").status, 403);
    EXPECT_EQ(api.get("/api/projects/" + api.projectId("Default") + "/jobs", kScopedKey).status,
              403);
    auto noKey = api.get("/api/campaigns", "");
    EXPECT_EQ(noKey.status, 401);
    // The listing and Add Lead share their path.
    auto wrongMethod = api.send("DELETE", leadsOf("Outbound"), "", {});
    EXPECT_EQ(wrongMethod.status, 405);
    EXPECT_EQ(wrongMethod.headers["Allow"], "POST, GET, HEAD");
}

TEST_F(ListApi, JobsOfAProjectAsTheStatusRouteShowsThemFilteredByStatus) {
    auto project = api.factory().projectNamed("Acme", "Default");
    std::vector<std::string> failed;
    std::vector<std::string> all;
    // The factory runs a job to its state through the queue, oldest due first: the failed ones
    // are made before those left queued.
    for (int i = 0; i < 5; ++i) {
        LeadSpec spec;
        spec.email = "lead" + std::to_string(i) + "@example.com";
        auto lead = api.factory().lead(project, spec);
        JobState state;
        if (i < 3) {
            state.failed = domain::StepName::Research;
            state.retries = 3;
        }
        auto job = api.factory().job(lead, state);
        all.push_back(job.id);
        if (i < 3) failed.push_back(job.id);
    }
    const auto path = "/api/projects/" + project.id + "/jobs";
    auto listed = allPages(path, "jobs", 2);
    EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()),
              std::set<std::string>(all.begin(), all.end()));
    EXPECT_EQ(listed.size(), all.size());
    auto onlyFailed = allPages(path + "?status=failed", "jobs", 50);
    EXPECT_EQ(std::set<std::string>(onlyFailed.begin(), onlyFailed.end()),
              std::set<std::string>(failed.begin(), failed.end()));

    // Each job is the status route's job object.
    auto page = api.get(path + "?limit=1");
    ASSERT_EQ(page.status, 200) << page.text;
    auto job = page.json->getArray("jobs")->getObject(0);
    auto status = api.get("/api/generation/" + job->getValue<std::string>("id") + "/status");
    ASSERT_EQ(status.status, 200) << status.text;
    EXPECT_EQ(job->getNames(), status.json->getObject("job")->getNames());
}

}  // namespace
}  // namespace lodestone::test
