// The /metrics scrape: well-formed as a whole, its job gauges read from the database, and that
// read shared by the scrapes within its refresh, so a hammered /metrics cannot load the
// database.
#include <gtest/gtest.h>

#include "app/MetricsScrape.hpp"
#include "domain/Ids.hpp"
#include "metrics/Series.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "support/PrometheusText.hpp"
#include "support/Records.hpp"
#include "unit/storage/StoreFixture.hpp"

using namespace lodestone;
using lodestone::test::MetricsScrape;

namespace {

constexpr domain::Timestamp kT0 = 1'750'000'000'000;

class Scrape : public storage::test::StoreFixture {
  protected:
    void SetUp() override {
        StoreFixture::SetUp();
        org_ = {domain::newId(domain::IdKind::Organisation), "Acme", 10, kT0, kT0};
        project_.id = domain::newId(domain::IdKind::Project);
        project_.organisationId = org_.id;
        project_.name = "Guides";
        project_.createdAt = project_.updatedAt = kT0;
        store_->write([&](storage::Repositories& r) {
            r.organisations().insert(org_);
            r.projects().insert(project_);
        });
    }

    void addJob() {
        auto lead = lodestone::test::newLead(org_.id, project_.id, kT0);
        auto job = lodestone::test::newJob(lead, kT0);
        store_->write([&](storage::Repositories& r) {
            r.leads().insert(lead);
            r.jobs().insert(job);
        });
    }

    static double waiting(app::MetricsScrape& scrape) {
        return MetricsScrape::parse(scrape.text())
            .count("lodestone_queue_depth", {{"kind", "lead_magnet"}, {"step", "research_agent"}});
    }

    domain::Organisation org_;
    domain::Project project_;
    const domain::SystemClock clock_;
    metrics::Metrics metrics_;
};

}  // namespace

TEST_F(Scrape, IsWellFormedAndNamesTheBuild) {
    app::MetricsScrape scrape(*store_, clock_, metrics_.registry());
    const auto parsed = MetricsScrape::parse(scrape.text());
    const auto* build = parsed.family("lodestone_build_info");
    ASSERT_NE(build, nullptr);
    ASSERT_EQ(build->samples.size(), 1u);
    EXPECT_EQ(build->samples[0].value, 1);
    EXPECT_EQ(parsed.family("lodestone_jobs")->type, "gauge");
    // Every kind's every step, empty ones at zero.
    EXPECT_EQ(parsed.family("lodestone_queue_depth")->samples.size(), 5u);
}

TEST_F(Scrape, TheDatabaseIsReadOncePerRefreshHoweverOftenItIsAsked) {
    app::MetricsScrape cached(*store_, clock_, metrics_.registry(), std::chrono::hours(1));
    EXPECT_EQ(waiting(cached), 0);
    addJob();
    EXPECT_EQ(waiting(cached), 0) << "within the refresh, the first read stands";

    app::MetricsScrape uncached(*store_, clock_, metrics_.registry(), std::chrono::milliseconds(0));
    EXPECT_EQ(waiting(uncached), 1);
    addJob();
    EXPECT_EQ(waiting(uncached), 2);
}
