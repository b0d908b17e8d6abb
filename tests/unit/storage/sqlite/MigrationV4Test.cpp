// Migration 4 rebuilds the job tables: what a database at version 3 holds must survive it.
#include <Poco/Data/SQLite/Connector.h>
#include <Poco/Data/Session.h>
#include <gtest/gtest.h>

#include "domain/Jobs.hpp"
#include "storage/JobQueue.hpp"
#include "storage/JobRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/StorageError.hpp"
#include "storage/Store.hpp"
#include "storage/sqlite/ConnectionPool.hpp"
#include "storage/sqlite/Migrations.hpp"
#include "support/TempDir.hpp"
#include "unit/storage/sqlite/OldDatabase.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using lodestone::storage::test::buildDatabaseAt;
using Poco::Data::Keywords::into;
using Poco::Data::Keywords::now;
using namespace std::chrono_literals;

namespace {

constexpr domain::Timestamp kT0 = 1'750'000'000'000;

// A database built by a version-3 lodestoned: migrations 1-3 applied by hand, holding one
// lead-magnet job that finished research and is running content generation.
class MigrationV4 : public ::testing::Test {
  protected:
    void SetUp() override {
        options_.path = dir_ / "lodestone.db";
        options_.poolSize = 1;  // every store call uses the connection that migrated
        buildDatabaseAt(
            options_.path, 3,
            {
                "INSERT INTO organisations VALUES ('org_1', 'Acme', 5, 1, 1)",
                "INSERT INTO projects (id, organisation_id, name, schema_json, created_at, "
                "updated_at) VALUES ('prj_1', 'org_1', 'Guides', '{}', 1, 1)",
                "INSERT INTO leads (id, organisation_id, project_id, email, fields_json, "
                "lead_magnet_url, created_at) VALUES ('led_1', 'org_1', 'prj_1', "
                "'ada@example.com', '{}', 'http://x/m/led_1', 1)",
                "INSERT INTO jobs (id, lead_id, organisation_id, project_id, lead_magnet_url, "
                "status, retry_count, max_retries, error, retryable, credits_charged, "
                "lease_owner, lease_expires_at, run_after, created_at, updated_at, finished_at, "
                "next_step) VALUES ('job_1', 'led_1', 'org_1', 'prj_1', 'http://x/m/led_1', "
                "'content_running', 1, 3, NULL, 1, 2, NULL, NULL, 1750000000000, 1750000000000, "
                "1750000000005, NULL, 'content_generation')",
                "INSERT INTO job_steps VALUES ('job_1', 'research_agent', 'completed', "
                "1750000000001, 1750000000002, NULL, 100, NULL, '{\"facts\":[\"x\"]}')",
                "INSERT INTO job_steps VALUES ('job_1', 'content_generation', 'failed', "
                "1750000000003, NULL, 1750000000004, 40, 'boom', NULL)",
            });
    }

    Poco::Data::Session rawSession() {
        Poco::Data::SQLite::Connector::registerConnector();
        return Poco::Data::Session("SQLite", options_.path.string());
    }

    std::int64_t count(const std::string& query) {
        auto session = rawSession();
        std::int64_t n = 0;
        session << query, into(n), now;
        return n;
    }

    std::string schema() {
        auto session = rawSession();
        std::vector<std::string> rows;
        session << "SELECT type || ' ' || name || ' ' || COALESCE(sql, '') FROM sqlite_master "
                   "ORDER BY type, name",
            into(rows), now;
        std::string all;
        for (const auto& row : rows) all += row + "\n";
        return all;
    }

    static int foreignKeys(Poco::Data::Session& session) {
        int on = -1;
        session << "PRAGMA foreign_keys", into(on), now;
        return on;
    }

    lodestone::test::TempDir dir_;
    StoreOptions options_;
};

}  // namespace

TEST_F(MigrationV4, JobsAndStepsSurviveAsLeadMagnetJobs) {
    auto store = openStore(options_);
    ASSERT_EQ(store->schemaVersion(), 3);
    store->migrate(domain::SystemClock());
    EXPECT_EQ(store->schemaVersion(), store->latestSchemaVersion());

    auto job = store->read([](Repositories& r) { return r.jobs().find("job_1"); });
    ASSERT_TRUE(job);
    EXPECT_EQ(job->kind, domain::JobKind::LeadMagnet);
    EXPECT_EQ(job->leadId, "led_1");
    EXPECT_EQ(job->projectId, "prj_1");
    EXPECT_EQ(job->organisationId, "org_1");
    EXPECT_EQ(job->leadMagnetUrl, "http://x/m/led_1");
    EXPECT_EQ(job->prospectId, "");
    EXPECT_EQ(job->campaignId, "");
    EXPECT_EQ(job->status, domain::JobStatus::ContentRunning);
    EXPECT_EQ(job->nextStep, domain::StepName::Content);
    EXPECT_EQ(job->retryCount, 1);
    EXPECT_EQ(job->creditsCharged, 2);
    EXPECT_EQ(job->updatedAt, kT0 + 5);
    ASSERT_EQ(job->steps.size(), 2u);
    EXPECT_EQ(job->steps[0].name, domain::StepName::Research);
    EXPECT_EQ(job->steps[0].status, domain::StepStatus::Completed);
    EXPECT_EQ(job->steps[0].completedAt, kT0 + 2);
    EXPECT_EQ(job->steps[0].outputJson, R"({"facts":["x"]})");
    EXPECT_EQ(job->steps[1].name, domain::StepName::Content);
    EXPECT_EQ(job->steps[1].status, domain::StepStatus::Failed);
    EXPECT_EQ(job->steps[1].error, "boom");
    EXPECT_EQ(job->steps[1].progress, 40);
    EXPECT_EQ(count("SELECT COUNT(*) FROM jobs WHERE kind = 'lead_magnet'"), 1);
    EXPECT_EQ(count("SELECT COUNT(*) FROM job_steps"), 2);
    EXPECT_EQ(count("SELECT COUNT(*) FROM sqlite_master WHERE name LIKE '%_v4'"), 0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name IN "
                    "('jobs_ready', 'jobs_claimable', 'jobs_leased', 'job_steps_completed')"),
              4);

    // The rebuilt tables still do the engine's work: the job is claimable at its step.
    auto claimed = store->write([](Repositories& r) {
        return r.jobQueue().claim(domain::StepName::Content, "w", 5, kT0 + 10, kT0 + 20);
    });
    ASSERT_EQ(claimed.size(), 1u);
    EXPECT_EQ(claimed[0].id, "job_1");
}

TEST_F(MigrationV4, ForeignKeysAreOnAgainAfterwards) {
    {
        sqlite::ConnectionPool pool(options_.path, 5s, 1, "full");
        auto lease = pool.acquire();
        ASSERT_EQ(foreignKeys(lease.session()), 1);
        sqlite::applyMigrations(lease.session(), options_.path.string(), domain::SystemClock());
        EXPECT_EQ(foreignKeys(lease.session()), 1) << "on the connection that migrated";
    }
    // Through a store whose only connection migrates (again: nothing to do) and then writes.
    auto store = openStore(options_);
    store->migrate(domain::SystemClock());
    domain::Project orphan;
    orphan.id = "prj_orphan";
    orphan.organisationId = "org_missing";
    orphan.name = "x";
    EXPECT_THROW(store->write([&](Repositories& r) { r.projects().insert(orphan); }), Conflict);
    // Deleting a job still cascades to its steps: the rebuilt job_steps refers to the new jobs.
    auto session = rawSession();
    session << "PRAGMA foreign_keys = ON", now;
    session << "DELETE FROM jobs WHERE id = 'job_1'", now;
    int steps = -1;
    session << "SELECT COUNT(*) FROM job_steps", into(steps), now;
    EXPECT_EQ(steps, 0);
}

TEST_F(MigrationV4, MigratingTwiceChangesNothing) {
    openStore(options_)->migrate(domain::SystemClock());
    auto before = schema();
    auto jobs = count("SELECT COUNT(*) FROM jobs");
    auto steps = count("SELECT COUNT(*) FROM job_steps");
    auto store = openStore(options_);
    store->migrate(domain::SystemClock());
    store->migrate(domain::SystemClock());
    EXPECT_EQ(schema(), before);
    EXPECT_EQ(count("SELECT COUNT(*) FROM jobs"), jobs);
    EXPECT_EQ(count("SELECT COUNT(*) FROM job_steps"), steps);
    EXPECT_EQ(count("SELECT COUNT(*) FROM schema_migrations"), store->latestSchemaVersion());
    EXPECT_EQ(store->schemaVersion(), store->latestSchemaVersion());
}

TEST_F(MigrationV4, ADanglingReferenceRollsTheMigrationBack) {
    // A step of a job that no longer exists, left by a version-3 database with keys off.
    rawSession() << "INSERT INTO job_steps VALUES ('job_gone', 'research_agent', 'running', 1, "
                    "NULL, NULL, 0, NULL, NULL)",
        now;
    sqlite::ConnectionPool pool(options_.path, 5s, 1, "full");
    auto lease = pool.acquire();
    try {
        sqlite::applyMigrations(lease.session(), options_.path.string(), domain::SystemClock());
        FAIL() << "expected the foreign key check to refuse the migration";
    } catch (const StorageError& e) {
        EXPECT_NE(std::string(e.what()).find("job_steps"), std::string::npos) << e.what();
    }
    EXPECT_EQ(foreignKeys(lease.session()), 1);
    EXPECT_EQ(sqlite::appliedVersion(lease.session()), 3);
    EXPECT_EQ(count("SELECT COUNT(*) FROM sqlite_master WHERE name = 'prospects'"), 0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM pragma_table_info('jobs') WHERE name = 'kind'"), 0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM jobs"), 1);
    EXPECT_EQ(count("SELECT COUNT(*) FROM job_steps"), 3);
}
