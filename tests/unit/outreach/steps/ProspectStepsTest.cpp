// A prospect's pipeline in the job engine: research input, ICP scoring, and what a failure does.
#include <Poco/JSON/Parser.h>
#include <gtest/gtest.h>

#include <sstream>

#include "domain/Clock.hpp"
#include "domain/Ids.hpp"
#include "jobs/JobOutcomes.hpp"
#include "outreach/steps/ProspectJobs.hpp"
#include "outreach/steps/ProspectSteps.hpp"
#include "plugins/PluginLibrary.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/JobQueue.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "storage/WebhookEndpointRepository.hpp"
#include "unit/storage/ProspectStoreFixture.hpp"
#include "vocabulary/Vocabulary.hpp"

using namespace lodestone;
using namespace lodestone::jobs;
using namespace lodestone::outreach;
using domain::JobStatus;
using domain::ProspectStatus;
using domain::StepName;
using domain::StepStatus;
using namespace std::chrono_literals;

namespace {

const std::string kIcp =
    R"({"threshold":60,"criteria":{"industries":{"include":["Software"],"exclude":["Gambling"]}}})";
const std::string kResearch = R"({"person":{},"company":{"industry":"Software"},"facts":[]})";

Poco::JSON::Object::Ptr parse(const std::string& json) {
    return Poco::JSON::Parser().parse(json).extract<Poco::JSON::Object::Ptr>();
}

// The job as the score step sees it: research done, with `research` as its output.
domain::Job researched(const domain::Job& job, const std::string& research) {
    auto out = job;
    domain::JobStep step;
    step.name = StepName::Research;
    step.status = StepStatus::Completed;
    step.outputJson = research;
    out.steps = {step};
    return out;
}

// The score step's output, parsed and as text.
struct Verdict {
    Poco::JSON::Object::Ptr json;
    std::string text;
};

class ProspectSteps : public storage::test::ProspectStoreFixture {
  protected:
    void SetUp() override {
        ProspectStoreFixture::SetUp();
        scored_ = campaign("Scored");
        scored_.icpJson = kIcp;
        store_->write([&](storage::Repositories& r) { r.campaigns().insert(scored_); });
        handlers_.add(prospects_);
    }

    // A prospect of `in` whose research has started, with the stored body `inputJson`.
    domain::Prospect researching(const domain::Campaign& in, const std::string& inputJson,
                                 ProspectStatus status = ProspectStatus::Researching) {
        auto p = prospect(in, "ann@initech.com");
        p.inputJson = inputJson;
        p.status = status;
        store_->write([&](storage::Repositories& r) { r.prospects().insert(p); });
        return p;
    }

    // Scores the prospect as the score step would and stores the verdict at kT0 + 50.
    Verdict score(const domain::Campaign& in, const domain::Prospect& p,
                  const std::string& research = kResearch) {
        plugins::RunControl control;
        auto result = scoreStep(researched(domain::Job{}, research), p, in, control, {},
                                domain::SystemClock().now(), *vocabulary::builtInVocabulary());
        EXPECT_TRUE(result.alsoStore);
        store_->write([&](storage::Repositories& r) { result.alsoStore(r, kT0 + 50); });
        return {parse(result.outputJson), result.outputJson};
    }

    std::vector<ProspectStatus> statuses(const std::string& id) {
        std::vector<ProspectStatus> out;
        for (const auto& entry : history(id)) out.push_back(entry.status);
        return out;
    }

    // The failure of an attempt at a claimed job, as the engine records it.
    bool fail(const FailedAttempt& attempt, const work::RetryPolicy& policy,
              std::optional<domain::Timestamp>& retryAt) {
        auto recorded = store_->write([&](storage::Repositories& r) {
            return recordFailure(r, handlers_, policy, attempt, domain::SystemClock().now());
        });
        retryAt = recorded.retryAt;
        return recorded.held;
    }

    domain::Campaign scored_;
    const domain::SystemClock clock_;
    ProspectJobs prospects_{nullptr, clock_};
    JobHandlers handlers_;
};

// The research plugin the tests run: it answers with the input it was given.
std::shared_ptr<const plugins::PluginInstance> echoPlugin() {
    auto plugin = std::make_shared<plugins::PluginInstance>(
        plugins::PluginLibrary::open(ECHO_PLUGIN_PATH), "research");
    plugin->configure(R"({"greeting":"hi","repeat":1,"pause":5000,"loud":false,"ratio":0.5,)"
                      R"("tags":["alpha"]})");
    return plugin;
}

}  // namespace

TEST_F(ProspectSteps, ResearchInputMapsTheLeadAndCopiesTheClientsFields) {
    auto p = prospect(campaign_, "Ann@Initech.com");
    p.id = "prospect_1";
    p.domain = "initech.com";
    p.inputJson =
        R"({"companyName":"Initech","contactName":"Ann Lee","email":"Ann@Initech.com",)"
        R"("title":"VP Sales","phone":"+1 555 0100","linkedInUrl":"https://l.example/in/ann",)"
        R"("companyLinkedInUrl":"https://l.example/co/initech","notes":"met at the expo",)"
        R"("extraContext":{"source":"webinar"},)"
        R"("company":{"employeeCount":120,"employeeRange":"51-200","industry":"Software"},)"
        R"("contact":{"seniority":"vp"},"domain":"initech.com"})";
    domain::Job job;
    job.id = "job_1";
    job.kind = domain::JobKind::Prospect;
    EXPECT_EQ(prospectResearchInput(job, p, campaign_),
              R"({"jobId":"job_1","kind":"prospect","prospectId":"prospect_1",)"
              R"("lead":{"email":"Ann@Initech.com","fullName":"Ann Lee","company":"Initech",)"
              R"("domain":"initech.com","title":"VP Sales","phone":"+1 555 0100",)"
              R"("linkedInUrl":"https://l.example/in/ann",)"
              R"("companyLinkedInUrl":"https://l.example/co/initech","industry":"Software",)"
              R"("companySize":"51-200"},"notes":"met at the expo",)"
              R"("extraContext":{"source":"webinar"},)"
              R"("company":{"employeeCount":120,"employeeRange":"51-200","industry":"Software"},)"
              R"("contact":{"seniority":"vp"},"skipCompanyEnrichment":true,)"
              R"("campaign":{"id":")" +
                  campaign_.id + R"(","name":"Spring"}})");
    // What a prospect's research step gives the research plugin.
    store_->write([&](storage::Repositories& r) { r.prospects().insert(p); });
    job.prospectId = p.id;
    job.campaignId = campaign_.id;
    const domain::SystemClock clock;
    ProspectJobs prospects(echoPlugin(), clock);
    auto run = store_->write([&](storage::Repositories& r) {
        return prospects.prepare(r, job, StepName::Research, kT0);
    });
    ASSERT_FALSE(run->shortcut());
    plugins::RunControl control;
    std::ostringstream given;
    Poco::JSON::Parser keepingOrder(new Poco::JSON::ParseHandler(true));
    keepingOrder.parse(run->run(control).outputJson)
        .extract<Poco::JSON::Object::Ptr>()
        ->getObject("input")
        ->stringify(given);
    EXPECT_EQ(given.str(), prospectResearchInput(job, findProspect(p.id), campaign_));
}

TEST_F(ProspectSteps, ResearchInputWithoutCompanyAsksForEnrichment) {
    auto p = prospect(campaign_, "ann@initech.com");
    p.id = "prospect_1";
    p.inputJson = R"({"companyName":"Initech","contactName":"Ann Lee","email":"ann@initech.com"})";
    domain::Job job;
    job.id = "job_2";
    EXPECT_EQ(prospectResearchInput(job, p, other_),
              R"({"jobId":"job_2","kind":"prospect","prospectId":"prospect_1",)"
              R"("lead":{"email":"ann@initech.com","fullName":"Ann Lee","company":"Initech"},)"
              R"("skipCompanyEnrichment":false,"campaign":{"id":")" +
                  other_.id + R"(","name":"Autumn"}})");

    // An empty company object is still the client's choice; a count alone is the size.
    p.inputJson = R"({"company":{}})";
    EXPECT_EQ(parse(prospectResearchInput(job, p, other_))->getValue<bool>("skipCompanyEnrichment"),
              true);
    p.inputJson = R"({"company":{"employeeCount":120}})";
    auto lead = parse(prospectResearchInput(job, p, other_))->getObject("lead");
    EXPECT_EQ(lead->getValue<std::string>("companySize"), "120");
    EXPECT_FALSE(lead->has("industry"));
    // A job without its prospect cannot build the input: the attempt fails without running, and
    // no retry can help.
    job.kind = domain::JobKind::Prospect;
    job.prospectId = "prs_gone";
    job.campaignId = other_.id;
    auto run = store_->write([&](storage::Repositories& r) {
        return prospects_.prepare(r, job, StepName::Research, kT0);
    });
    auto shortcut = run->shortcut();
    ASSERT_TRUE(shortcut);
    EXPECT_EQ(shortcut->outcome.type, work::Outcome::Type::Failed);
    EXPECT_FALSE(shortcut->outcome.retryable);
    EXPECT_EQ(shortcut->outcome.error, "the job's prospect or campaign no longer exists");
}

TEST_F(ProspectSteps, AMatchingProspectIsScoredThenQualified) {
    auto p = researching(scored_, R"({"company":{"industry":"Software"}})");
    auto verdict = score(scored_, p);
    EXPECT_EQ(verdict.json->getValue<int>("score"), 100);
    EXPECT_EQ(verdict.json->getValue<int>("threshold"), 60);
    EXPECT_TRUE(verdict.json->getValue<bool>("qualified"));

    auto stored = findProspect(p.id);
    EXPECT_EQ(stored.status, ProspectStatus::Qualified);
    EXPECT_EQ(stored.score, 100);
    EXPECT_EQ(stored.scoreJson, verdict.text);
    EXPECT_EQ(stored.updatedAt, kT0 + 50);
    auto entries = history(p.id);
    ASSERT_EQ(entries.size(), 3u);
    EXPECT_EQ(entries[0].status, ProspectStatus::Researching);
    EXPECT_EQ(entries[1].status, ProspectStatus::Scored);
    EXPECT_EQ(entries[1].detail, "score 100, threshold 60");
    EXPECT_EQ(entries[1].at, kT0 + 50);
    EXPECT_EQ(entries[2].status, ProspectStatus::Qualified);
    EXPECT_EQ(entries[2].detail, "at or above the campaign's threshold");
}

TEST_F(ProspectSteps, WithoutCompanyDataResearchDecides) {
    auto p = researching(scored_, R"({"companyName":"Initech"})");
    EXPECT_EQ(
        score(scored_, p, R"({"company":{"industry":"Retail"}})").json->getValue<int>("score"), 0);
    EXPECT_EQ(findProspect(p.id).status, ProspectStatus::Disqualified);
    EXPECT_EQ(history(p.id).back().detail, "below the campaign's threshold");
    EXPECT_EQ(findProspect(p.id).score, 0);
}

TEST_F(ProspectSteps, AnExcludedProspectIsDisqualifiedWithTheReason) {
    auto p = researching(scored_, R"({"company":{"industry":"Gambling"}})");
    auto verdict = score(scored_, p);
    EXPECT_FALSE(verdict.json->getValue<bool>("qualified"));
    ASSERT_FALSE(verdict.json->isNull("excludedBy"));
    EXPECT_EQ(statuses(p.id), (std::vector{ProspectStatus::Researching, ProspectStatus::Scored,
                                           ProspectStatus::Disqualified}));
    EXPECT_EQ(history(p.id).back().detail, verdict.json->getValue<std::string>("excludedBy"));
}

TEST_F(ProspectSteps, TheVerdictIsToldOnceToSubscribedEndpoints) {
    domain::WebhookEndpoint endpoint;
    endpoint.id = domain::newId(domain::IdKind::WebhookEndpoint);
    endpoint.organisationId = org_.id;
    endpoint.url = "https://hooks.acme.example/events";
    endpoint.secret = "whsec_dGVzdA==";
    endpoint.events = {"prospect.qualified", "prospect.disqualified"};
    store_->write([&](storage::Repositories& r) { r.webhookEndpoints().insert(endpoint); });
    auto excluded = researching(scored_, R"({"company":{"industry":"Gambling"}})");
    auto verdict = score(scored_, excluded);
    score(scored_, excluded);  // scored again (a retried step): no second event
    auto told =
        store_->read([&](storage::Repositories& r) { return r.webhookDeliveries().list({}); });
    ASSERT_EQ(told.size(), 1u);
    EXPECT_EQ(told[0].event, "prospect.disqualified");
    auto payload = parse(told[0].payloadJson);
    EXPECT_EQ(payload->getValue<std::string>("reason"),
              verdict.json->getValue<std::string>("excludedBy"));
    EXPECT_EQ(payload->getObject("prospect")->getValue<std::string>("status"), "disqualified");
}

TEST_F(ProspectSteps, ABookedProspectKeepsItsStatusButGetsItsScore) {
    auto p = researching(scored_, R"({"company":{"industry":"Software"}})",
                         ProspectStatus::MeetingBooked);
    score(scored_, p);
    auto stored = findProspect(p.id);
    EXPECT_EQ(stored.status, ProspectStatus::MeetingBooked);
    EXPECT_EQ(stored.score, 100);
    EXPECT_TRUE(stored.scoreJson);
    EXPECT_EQ(statuses(p.id), std::vector{ProspectStatus::MeetingBooked});
}

TEST_F(ProspectSteps, ACampaignWithoutIcpQualifiesWithScore100) {
    ASSERT_FALSE(campaign_.icpJson);
    auto p = researching(campaign_, R"({"company":{"industry":"Gambling"}})");
    auto verdict = score(campaign_, p, "{}");
    EXPECT_EQ(verdict.json->getValue<int>("score"), 100);
    EXPECT_EQ(findProspect(p.id).status, ProspectStatus::Qualified);
    EXPECT_EQ(history(p.id)[1].detail, "score 100, threshold 50");
}

TEST_F(ProspectSteps, AQualifiedProspectOfACampaignWithAProjectGetsOneLeadMagnet) {
    domain::Project guides;
    guides.id = domain::newId(domain::IdKind::Project);
    guides.organisationId = org_.id;
    guides.name = "Guides";
    guides.createdAt = guides.updatedAt = kT0;
    auto withProject = campaign("With pages");
    withProject.projectId = guides.id;
    store_->write([&](storage::Repositories& r) {
        r.projects().insert(guides);
        r.campaigns().insert(withProject);
    });
    auto p = researching(withProject, R"({"companyName":"Initech"})");
    const LeadMagnetSettings magnets{"https://go.acme.example", 2};
    auto scoreOnce = [&] {
        plugins::RunControl control;
        auto result = scoreStep(researched(domain::Job{}, kResearch), p, withProject, control,
                                magnets, kT0 + 40, *vocabulary::builtInVocabulary());
        store_->write([&](storage::Repositories& r) { result.alsoStore(r, kT0 + 50); });
    };
    scoreOnce();
    EXPECT_EQ(findProspect(p.id).status, ProspectStatus::Qualified);
    EXPECT_EQ(count("SELECT COUNT(*) FROM leads WHERE prospect_id = '" + p.id + "'"), 1);
    EXPECT_EQ(count("SELECT COUNT(*) FROM jobs WHERE kind = 'lead_magnet' AND status = 'queued' "
                    "AND next_step = 'content_generation' AND max_retries = 2"),
              1);
    EXPECT_EQ(count("SELECT COUNT(*) FROM job_steps WHERE name = 'research_agent' AND "
                    "output_json = '" +
                    kResearch + "'"),
              1);
    EXPECT_EQ(store_->read([&](storage::Repositories& r) {
        return r.organisations().find(org_.id)->credits;
    }),
              9);
    // Scored again (a retried job): no second lead, no second charge.
    scoreOnce();
    EXPECT_EQ(count("SELECT COUNT(*) FROM leads"), 1);
    EXPECT_EQ(store_->read([&](storage::Repositories& r) {
        return r.organisations().find(org_.id)->credits;
    }),
              9);
}

TEST_F(ProspectSteps, ScoringNeedsTheResearchOutput) {
    auto p = researching(scored_, "{}");
    plugins::RunControl control;
    EXPECT_THROW(scoreStep(domain::Job{}, p, scored_, control, {}, domain::SystemClock().now(),
                           *vocabulary::builtInVocabulary()),
                 std::runtime_error);
    EXPECT_EQ(findProspect(p.id).status, ProspectStatus::Researching);
}

TEST_F(ProspectSteps, TheEngineTakesAProspectFromQueuedToQualified) {
    auto p = researching(scored_, R"({"company":{"industry":"Software"}})", ProspectStatus::Queued);
    auto job = prospectJob(p);
    struct Claimed {
        domain::Job job;
        std::shared_ptr<StepRun> run;
    };
    auto claimFor = [&](StepName step) {
        auto now = domain::SystemClock().now() + 1000;
        return store_->write([&](storage::Repositories& r) {
            auto claimed = r.jobQueue().claim(step, "w", 10, now, now + 60'000);
            if (claimed.size() != 1) throw std::runtime_error("expected one job");
            return Claimed{claimed[0], prospects_.prepare(r, claimed[0], step, now)};
        });
    };
    auto succeed = [&](const Claimed& claimed, StepName step, const StepResult& result) {
        return store_->write([&](storage::Repositories& r) {
            return recordSuccess(r, "w", claimed.job, step, result, domain::SystemClock().now())
                .held;
        });
    };
    auto research = claimFor(StepName::Research);
    EXPECT_EQ(findProspect(p.id).status, ProspectStatus::Researching);
    EXPECT_FALSE(research.run->shortcut()) << "the prospect and its campaign are there";
    ASSERT_TRUE(succeed(research, StepName::Research, {kResearch, {}}));

    auto scoring = claimFor(StepName::Score);
    EXPECT_EQ(scoring.job.status, JobStatus::Scoring);
    ASSERT_FALSE(scoring.run->shortcut());
    plugins::RunControl control;
    auto result = scoring.run->run(control);
    ASSERT_TRUE(succeed(scoring, StepName::Score, result));
    EXPECT_EQ(findJob(job.id).status, JobStatus::Completed);
    EXPECT_EQ(findProspect(p.id).status, ProspectStatus::Qualified);
    EXPECT_EQ(statuses(p.id), (std::vector{ProspectStatus::Queued, ProspectStatus::Researching,
                                           ProspectStatus::Scored, ProspectStatus::Qualified}));
}

TEST_F(ProspectSteps, AProspectJobThatFailsForGoodFailsItsProspect) {
    auto p = add(campaign_, "ann@initech.com", ProspectStatus::Researching);
    auto job = prospectJob(p, 1);
    auto now = domain::SystemClock().now();
    store_->write([&](storage::Repositories& r) {
        r.jobQueue().claim(StepName::Research, "w", 10, now, now + 60'000);
    });
    work::RetryPolicy policy{10s};
    std::optional<domain::Timestamp> retryAt;
    ASSERT_TRUE(fail({job.id, "w", StepName::Research, 0, "timeout", false, 1}, policy, retryAt));
    ASSERT_TRUE(retryAt);
    EXPECT_EQ(findProspect(p.id).status, ProspectStatus::Researching) << "a retry remains";

    now = *retryAt + 1;
    store_->write([&](storage::Repositories& r) {
        r.jobQueue().claim(StepName::Research, "w", 10, now, now + 60'000);
    });
    ASSERT_TRUE(
        fail({job.id, "w", StepName::Research, 1, "plugin crashed", false, 1}, policy, retryAt));
    EXPECT_FALSE(retryAt);
    EXPECT_EQ(findJob(job.id).status, JobStatus::Failed);
    auto failed = findProspect(p.id);
    EXPECT_EQ(failed.status, ProspectStatus::Failed);
    EXPECT_EQ(failed.error, "plugin crashed");
    EXPECT_EQ(history(p.id).back().detail, "plugin crashed");
    EXPECT_EQ(store_->read([&](storage::Repositories& r) {
        return r.organisations().find(org_.id)->credits;
    }),
              10);
    EXPECT_EQ(count("SELECT COUNT(*) FROM credit_transactions"), 0) << "prospects cost no credits";
}

TEST_F(ProspectSteps, AFailedJobLeavesABookedProspectBooked) {
    auto p = add(campaign_, "ann@initech.com", ProspectStatus::MeetingBooked);
    auto job = prospectJob(p, 0);
    auto now = domain::SystemClock().now();
    store_->write([&](storage::Repositories& r) {
        r.jobQueue().claim(StepName::Research, "w", 10, now, now + 60'000);
    });
    std::optional<domain::Timestamp> retryAt;
    ASSERT_TRUE(fail({job.id, "w", StepName::Research, 0, "boom", false, 0}, work::RetryPolicy{10s},
                     retryAt));
    EXPECT_EQ(findProspect(p.id).status, ProspectStatus::MeetingBooked);
    EXPECT_FALSE(findProspect(p.id).error);
}
