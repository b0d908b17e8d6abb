// A campaign prospect's own lead magnet: made once, from its research, charged as Generate is.
#include <Poco/JSON/Parser.h>
#include <gtest/gtest.h>

#include "leadmagnet/Generation.hpp"
#include "leadmagnet/ProspectMagnet.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "unit/storage/ProspectStoreFixture.hpp"

using namespace lodestone;
using domain::JobStatus;
using domain::StepName;
using domain::StepStatus;
using storage::Repositories;

namespace {

const std::string kPublicUrl = "https://lodestone.example.com";
const std::string kResearch =
    R"({"company":{"industry":"Software"},"facts":["Makes TPS reports"]})";

class ProspectMagnets : public storage::test::ProspectStoreFixture {
  protected:
    void SetUp() override {
        ProspectStoreFixture::SetUp();
        project_.id = domain::newId(domain::IdKind::Project);
        project_.organisationId = org_.id;
        project_.name = "Guides";
        project_.creditsPerGeneration = 3;
        project_.createdAt = project_.updatedAt = kT0;
        store_->write([&](Repositories& r) { r.projects().insert(project_); });
        ann_ = prospect(campaign_, "Ann@Initech.com");
        ann_.title = "VP Sales";
        ann_.domain = "initech.com";
        ann_.inputJson = R"({"companyName":"Initech","contactName":"Ann Lee",)"
                         R"("email":"Ann@Initech.com","title":"VP Sales",)"
                         R"("company":{"industry":"Software","employeeRange":"51-200"},)"
                         R"("customData":{"plan":"pro"}})";
        ann_.status = domain::ProspectStatus::Qualified;
        store_->write([&](Repositories& r) { r.prospects().insert(ann_); });
    }

    leadmagnet::ProspectMagnet ensure(domain::Timestamp now = kT0 + 10) {
        return store_->write([&](Repositories& r) {
            return leadmagnet::ensureProspectMagnet(
                r, {project_, ann_, kResearch, kPublicUrl, 3, now});
        });
    }

    std::int64_t balance() {
        return store_->read(
            [&](Repositories& r) { return r.organisations().find(org_.id)->credits; });
    }

    domain::Project project_;
    domain::Prospect ann_;
};

}  // namespace

TEST_F(ProspectMagnets, StartsAtContentWithTheProspectsResearchAndChargesOnce) {
    auto made = ensure();
    EXPECT_EQ(made.lead.prospectId, ann_.id);
    EXPECT_EQ(made.lead.projectId, project_.id);
    EXPECT_EQ(made.lead.leadMagnetUrl, kPublicUrl + "/m/" + made.lead.id);
    EXPECT_EQ(made.job.status, JobStatus::Queued);
    EXPECT_EQ(made.job.nextStep, StepName::Content);
    EXPECT_EQ(made.job.creditsCharged, 3);
    EXPECT_EQ(balance(), 7);

    // As stored: research is the prospect's, completed; content is what the job runs next.
    auto stored = store_->read([&](Repositories& r) { return r.jobs().find(made.job.id); });
    ASSERT_TRUE(stored);
    const auto* research = stored->step(StepName::Research);
    ASSERT_NE(research, nullptr);
    EXPECT_EQ(research->status, StepStatus::Completed);
    EXPECT_EQ(research->outputJson, kResearch);
    EXPECT_EQ(stored->step(StepName::Content), nullptr);
    EXPECT_EQ(stored->nextStep, StepName::Content);

    // The prospect's fields under the project's (default) schema's names.
    auto fields =
        Poco::JSON::Parser().parse(made.lead.fieldsJson).extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(fields->getValue<std::string>("email"), "Ann@Initech.com");
    EXPECT_EQ(fields->getValue<std::string>("fullName"), "Ann Lee");
    EXPECT_EQ(fields->getValue<std::string>("company"), "Initech");
    EXPECT_EQ(fields->getValue<std::string>("domain"), "initech.com");
    EXPECT_EQ(fields->getValue<std::string>("title"), "VP Sales");
    EXPECT_EQ(fields->getValue<std::string>("industry"), "Software");
    EXPECT_EQ(fields->getValue<std::string>("companySize"), "51-200");
    EXPECT_EQ(fields->getObject("customFields")->getValue<std::string>("plan"), "pro");
    EXPECT_FALSE(fields->has("companyName"));  // the default schema does not know it

    // Again (a re-score, a retried job): the same lead, no second charge.
    auto again = ensure(kT0 + 20);
    EXPECT_EQ(again.lead.id, made.lead.id);
    EXPECT_EQ(again.job.id, made.job.id);
    EXPECT_EQ(balance(), 7);
    EXPECT_EQ(count("SELECT COUNT(*) FROM leads WHERE prospect_id = '" + ann_.id + "'"), 1);

    auto found =
        store_->read([&](Repositories& r) { return leadmagnet::findProspectMagnet(r, ann_.id); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->lead.id, made.lead.id);
    EXPECT_FALSE(found->ready());
    EXPECT_FALSE(found->failed());
}

TEST_F(ProspectMagnets, TheDatabaseRefusesASecondLeadForTheProspect) {
    auto made = ensure();
    auto second = made.lead;
    second.id = domain::newId(domain::IdKind::Lead);
    EXPECT_ANY_THROW(store_->write([&](Repositories& r) { r.leads().insert(second); }));
}

TEST_F(ProspectMagnets, WithoutCreditsTheMagnetWaitsFailedAndARetryChargesThen) {
    sql("UPDATE organisations SET credits = 2 WHERE id = '" + org_.id + "'");
    auto made = ensure();
    EXPECT_EQ(made.job.status, JobStatus::Failed);
    EXPECT_TRUE(made.job.retryable);
    EXPECT_EQ(made.job.creditsCharged, 0);
    ASSERT_TRUE(made.job.error);
    EXPECT_EQ(made.job.error->rfind("no credits: ", 0), 0u) << *made.job.error;
    EXPECT_EQ(balance(), 2);  // nothing was taken
    auto found =
        store_->read([&](Repositories& r) { return leadmagnet::findProspectMagnet(r, ann_.id); });
    ASSERT_TRUE(found);
    EXPECT_TRUE(found->failed());

    // Still short: the retry is refused and changes nothing.
    EXPECT_THROW(store_->write([&](Repositories& r) {
        return leadmagnet::retryGeneration(r, found->job, project_, kT0 + 20);
    }),
                 storage::InsufficientCredits);
    sql("UPDATE organisations SET credits = 5 WHERE id = '" + org_.id + "'");
    auto requeued = store_->write([&](Repositories& r) {
        return leadmagnet::retryGeneration(r, found->job, project_, kT0 + 30);
    });
    EXPECT_EQ(requeued.status, JobStatus::Queued);
    EXPECT_EQ(requeued.nextStep, StepName::Content);
    EXPECT_EQ(requeued.creditsCharged, 3);
    EXPECT_EQ(balance(), 2);
}
