// `lodestonectl backup` while lodestoned runs and writes: the copy is one consistent snapshot.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <thread>

#include "IntegrationSupport.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;

namespace {

constexpr const char* kKey = "lsk_backup_test_0000000000000000000000000000";

// One integer a query over the SQLite file at `path` yields (opened read-only, as a restore
// check would).
std::string queryText(const std::filesystem::path& path, const std::string& sql) {
    sqlite3* db = nullptr;
    std::string text = "(no answer)";
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK &&
            sqlite3_step(statement) == SQLITE_ROW) {
            text = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
        } else {
            text = sqlite3_errmsg(db);
        }
        sqlite3_finalize(statement);
    }
    sqlite3_close(db);
    return text;
}

}  // namespace

TEST(Backup, ACopyTakenWhileTheDaemonWritesIsConsistentAndHasTheData) {
    LODESTONE_SQLITE_ONLY("backup copies a SQLite file; PostgreSQL is backed up with pg_dump");
    TestConfig config(std::string(R"(jobs:
  run: false
limits:
  generate_per_minute: 100000
provision:
  organisations:
    - name: Acme
      initial_credits: 100000
      projects:
        - name: Guides
      api_keys:
        - name: test
          key: )") + kKey +
                      "\n");
    Daemon daemon(config.file());
    const std::uint16_t port = daemon.waitUntilListening();
    ASSERT_NE(port, 0);
    auto projects = runToCompletion(LODESTONECTL_PATH,
                                    {"-c", config.file().string(), "--json", "project", "list"});
    ASSERT_EQ(projects.status.code, 0) << projects.errors;
    const auto at = projects.output.find("\"id\":\"") + 6;
    const std::string projectId = projects.output.substr(at, projects.output.find('"', at) - at);

    // The daemon writes a lead, its job and a credit transaction for each request, all the time
    // the backup runs.
    std::atomic<bool> stop = false;
    std::atomic<int> created = 0;
    std::thread writer([&] {
        for (int i = 0; !stop; ++i) {
            auto reply = httpRequest(port, "POST", "/api/projects/" + projectId + "/generate",
                                     R"({"email":"lead)" + std::to_string(i) + R"(@acme.test"})",
                                     {{"Authorization", std::string("Bearer ") + kKey},
                                      {"Content-Type", "application/json"}});
            if (reply.status / 100 == 2) ++created;
        }
    });
    ASSERT_TRUE(eventually([&] { return created >= 20; }, std::chrono::seconds(30)));
    const int before = created;
    auto target = config.dir().path() / "backup.db";
    auto backup = runToCompletion(LODESTONECTL_PATH,
                                  {"-c", config.file().string(), "backup", target.string()});
    const int after = created;
    // Writes go on after the copy: it is a snapshot, not the file as it ends up.
    ASSERT_TRUE(eventually([&] { return created >= after + 5; }, std::chrono::seconds(30)));
    stop = true;
    writer.join();
    ASSERT_EQ(backup.status.code, 0) << backup.errors;
    EXPECT_THAT(backup.output, HasSubstr("Backed up"));

    EXPECT_EQ(queryText(target, "PRAGMA integrity_check"), "ok");
    EXPECT_EQ(queryText(target, "SELECT name FROM organisations"), "Acme");
    const int leads = std::stoi(queryText(target, "SELECT count(*) FROM leads"));
    EXPECT_GE(leads, before);
    EXPECT_LE(leads, after + 1);  // a request answered just after the copy began
    // Consistent: every lead of the copy has its job and was paid for, none half-written.
    EXPECT_EQ(queryText(target, "SELECT count(*) FROM jobs"), std::to_string(leads));
    EXPECT_EQ(queryText(target, "SELECT credits FROM organisations"),
              std::to_string(100000 - leads));

    auto again = runToCompletion(LODESTONECTL_PATH,
                                 {"-c", config.file().string(), "backup", target.string()});
    EXPECT_EQ(again.status.code, 1);
    EXPECT_THAT(again.errors, HasSubstr("already exists"));
    EXPECT_EQ(daemon.stop(SIGTERM).code, 0);
}
