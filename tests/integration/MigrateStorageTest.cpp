// lodestonectl migrate-storage: a single-host installation's SQLite database copied into
// PostgreSQL, where lodestoned carries on with the same organisations, keys and jobs.
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "support/Daemon.hpp"
#include "support/TempDir.hpp"
#include "support/TestDatabase.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;

const std::string kKey = "lsk_migrated_0000000000000000000000000000";

Poco::JSON::Object::Ptr parse(const std::string& text) {
    return Poco::JSON::Parser().parse(text).extract<Poco::JSON::Object::Ptr>();
}

Completed migrate(const std::filesystem::path& config, const std::filesystem::path& sqlite,
                  const std::string& dsn) {
    return runToCompletion(LODESTONECTL_PATH,
                           {"--config", config.string(), "migrate-storage", "--from",
                            "sqlite:" + sqlite.string(), "--to", "postgresql:" + dsn, "--json"});
}

TEST(MigrateStorage, AnInstallationCopiedToPostgresqlCarriesOnWithItsKeysAndJobs) {
    TempDir dir;
    const auto sqlite = dir / "var" / "lodestone.db";
    std::ofstream(dir / "single.yaml")
        << "server:\n  listen: \"127.0.0.1:0\"\nstorage:\n  path: " << sqlite.string()
        << "\njobs:\n  run: false\nprovision:\n  organisations:\n    - name: Acme\n"
           "      initial_credits: 50\n      projects:\n        - name: Guides\n"
           "      campaigns:\n        - name: Outbound\n"
           "      api_keys:\n        - { name: crm, key: "
        << kKey << " }\n";
    std::vector<std::string> jobs;
    std::string projectId;
    {
        Daemon single(dir / "single.yaml");
        ASSERT_NE(single.waitUntilListening(), 0);
        auto projects = httpRequest(single.port(), "GET", "/api/projects", "",
                                    {{"Authorization", "Bearer " + kKey}});
        ASSERT_EQ(projects.status, 200) << projects.body;
        projectId =
            parse(projects.body)->getArray("projects")->getObject(0)->getValue<std::string>("id");
        for (int i = 0; i < 3; ++i) {
            auto created = httpRequest(
                single.port(), "POST", "/api/projects/" + projectId + "/generate",
                R"({"email":"ada)" + std::to_string(i) + R"(@example.com"})",
                {{"Authorization", "Bearer " + kKey}, {"Content-Type", "application/json"}});
            ASSERT_EQ(created.status, 200) << created.body;
            jobs.push_back(parse(created.body)->getValue<std::string>("jobId"));
        }
        ASSERT_EQ(single.stop(SIGTERM).code, 0);
    }
    // Text with what COPY's format must escape.
    const std::string awkward = "tab\tline\nreturn\rback\\slash";
    DatabaseBackdoor(sqlite).execute(
        "INSERT INTO audit_log (id, organisation_id, actor, action, subject, detail, created_at) "
        "SELECT 'aud_1', id, 'test', 'test', 'test', 'tab' || char(9) || 'line' || char(10) || "
        "'return' || char(13) || 'back\\slash', 1 FROM organisations");

    const auto target = TestDatabase::forSeveralDaemons();
    auto copied = migrate(dir / "single.yaml", sqlite, target.dsn());
    ASSERT_EQ(copied.status.code, 0) << copied.errors;
    auto report = parse(copied.output);
    EXPECT_EQ(report->getObject("rows")->getValue<int>("jobs"), 3);
    EXPECT_EQ(report->getObject("rows")->getValue<int>("organisations"), 1);
    EXPECT_EQ(target.backdoor().count("SELECT credits FROM organisations"), 47);
    EXPECT_EQ(target.backdoor().text("SELECT detail FROM audit_log WHERE id = 'aud_1'"), awkward);

    // No provision section: what it serves came across.
    std::ofstream(dir / "several.yaml") << "server:\n  listen: \"127.0.0.1:0\"\nstorage:\n"
                                        << target.yaml() << "jobs:\n  run: false\n";
    Daemon onPostgresql(dir / "several.yaml");
    ASSERT_NE(onPostgresql.waitUntilListening(), 0);
    for (const auto& job : jobs) {
        auto status = httpRequest(onPostgresql.port(), "GET", "/api/generation/" + job + "/status",
                                  "", {{"Authorization", "Bearer " + kKey}});
        EXPECT_EQ(status.status, 200) << status.body;
    }
    auto another =
        httpRequest(onPostgresql.port(), "POST", "/api/projects/" + projectId + "/generate",
                    R"({"email":"grace@example.com"})",
                    {{"Authorization", "Bearer " + kKey}, {"Content-Type", "application/json"}});
    EXPECT_EQ(another.status, 200) << another.body;  // identities continue past copied ids
    EXPECT_EQ(target.backdoor().count("SELECT credits FROM organisations"), 46);

    // Into a database that holds rows: refused, and nothing added.
    auto again = migrate(dir / "single.yaml", sqlite, target.dsn());
    EXPECT_NE(again.status.code, 0);
    EXPECT_THAT(again.errors, HasSubstr("is not empty"));
    EXPECT_EQ(target.backdoor().count("SELECT COUNT(*) FROM jobs"), 4);
}

TEST(MigrateStorage, FromAndToMustNameTheirDatabases) {
    TempDir dir;
    std::ofstream(dir / "lodestone.yaml")
        << "storage:\n  path: " << (dir / "x.db").string() << "\n";
    auto wrong = runToCompletion(LODESTONECTL_PATH,
                                 {"--config", (dir / "lodestone.yaml").string(), "migrate-storage",
                                  "--from", (dir / "x.db").string(), "--to", "postgresql:x"});
    EXPECT_NE(wrong.status.code, 0);
    EXPECT_THAT(wrong.errors, HasSubstr("--from: expected sqlite:PATH"));
    auto missing = runToCompletion(
        LODESTONECTL_PATH, {"--config", (dir / "lodestone.yaml").string(), "migrate-storage",
                            "--from", "sqlite:/nonexistent/x.db", "--to", "postgresql:dbname=x"});
    EXPECT_NE(missing.status.code, 0);
    EXPECT_THAT(missing.errors, HasSubstr("/nonexistent/x.db does not exist"));
}

}  // namespace
}  // namespace lodestone::test
