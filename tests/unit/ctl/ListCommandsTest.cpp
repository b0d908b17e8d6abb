// `campaign leads` and `project jobs`, run in-process against a real SQLite file whose records
// are made by the test factory.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "support/Factory.hpp"
#include "unit/ctl/CtlFixture.hpp"

using namespace lodestone;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

class ListCommands : public test::CtlFixture {
  protected:
    void SetUp() override {
        CtlFixture::SetUp();
        newOrg();
        store_ = openStore();
        factory_ = std::make_unique<test::Factory>(*store_);
        organisation_ = factory_->organisationNamed("Acme");
    }

    std::vector<std::string> ids(const Poco::JSON::Object::Ptr& listed) {
        std::vector<std::string> out;
        auto items = listed->getArray("items");
        for (std::size_t i = 0; i < items->size(); ++i) {
            out.push_back(items->getObject(i)->getValue<std::string>("id"));
        }
        return out;
    }

    std::unique_ptr<storage::Store> store_;
    std::unique_ptr<test::Factory> factory_;
    domain::Organisation organisation_;
};

TEST_F(ListCommands, CampaignLeadsComePageByPageWithTheNextCursor) {
    auto campaign = factory_->campaign(organisation_);
    std::set<std::string> made;
    for (int i = 0; i < 5; ++i) {
        test::ProspectSpec spec;
        spec.email = "p" + std::to_string(i) + "@engines.example";
        made.insert(factory_->prospect(campaign, spec).id);
    }
    std::set<std::string> listed;
    std::vector<std::string> args{"campaign", "leads", campaign.id, "--limit", "2"};
    int pages = 0;
    while (true) {
        auto page = ok(args);
        ++pages;
        for (const auto& id : ids(page)) EXPECT_TRUE(listed.insert(id).second) << "twice: " << id;
        if (page->isNull("nextCursor") || pages > 10) break;
        args = {"campaign",
                "leads",
                campaign.id,
                "--limit",
                "2",
                "--cursor",
                page->getValue<std::string>("nextCursor")};
    }
    EXPECT_EQ(pages, 3);
    EXPECT_EQ(listed, made);

    // People get the cursor in the sentence above the table.
    auto text = run({"campaign", "leads", campaign.id, "--limit", "2"}, false);
    EXPECT_EQ(text.code, 0) << text.err;
    EXPECT_THAT(text.out, HasSubstr("add --cursor "));
}

TEST_F(ListCommands, CampaignLeadsFilterAsTheApiDoes) {
    auto campaign = factory_->campaign(organisation_);
    test::ProspectSpec qualified;
    qualified.status = domain::ProspectStatus::Qualified;
    qualified.score = 80;
    auto ada = factory_->prospect(campaign, qualified);
    test::ProspectSpec other;
    other.email = "grace@navy.example";
    other.contactName = "Grace Hopper";
    auto grace = factory_->prospect(campaign, other);
    EXPECT_THAT(ids(ok({"campaign", "leads", campaign.id, "--status", "qualified"})),
                ElementsAre(ada.id));
    EXPECT_THAT(ids(ok({"campaign", "leads", campaign.id, "--min-score", "50"})),
                ElementsAre(ada.id));
    EXPECT_THAT(ids(ok({"campaign", "leads", campaign.id, "--search", "hopper"})),
                ElementsAre(grace.id));
}

TEST_F(ListCommands, ProjectJobsListTheProjectsJobs) {
    auto project = factory_->project(organisation_);
    auto lead = factory_->lead(project);
    auto job = factory_->job(lead);
    auto listed = ok({"project", "jobs", project.id});
    EXPECT_THAT(ids(listed), ElementsAre(job.id));
    EXPECT_TRUE(listed->isNull("nextCursor"));
    EXPECT_THAT(ids(ok({"project", "jobs", project.id, "--status", "failed"})), ElementsAre());
}

TEST_F(ListCommands, BadArgumentsAreUsageErrorsAndAnUnknownIdIsAnError) {
    auto campaign = factory_->campaign(organisation_);
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"campaign", "leads", campaign.id, "--limit", "0"},
             {"campaign", "leads", campaign.id, "--limit", "201"},
             {"campaign", "leads", campaign.id, "--cursor", "nonsense"},
             {"campaign", "leads", campaign.id, "--status", "hot"},
             {"campaign", "leads", campaign.id, "--min-score", "101"},
             {"project", "jobs", "project_x", "--status", "lost"},
         }) {
        auto outcome = run(args);
        EXPECT_EQ(outcome.code, 64) << args[3] << ": " << outcome.err;
    }
    auto unknown = run({"campaign", "leads", "campaign_unknown"});
    EXPECT_EQ(unknown.code, 1);
    EXPECT_THAT(unknown.err, HasSubstr("no campaign with id campaign_unknown"));
    EXPECT_EQ(run({"project", "jobs", "project_unknown"}).code, 1);
}

}  // namespace
