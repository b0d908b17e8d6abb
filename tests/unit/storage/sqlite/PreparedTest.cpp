#include <Poco/Data/SQLite/SQLiteException.h>
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <vector>

#include "storage/sqlite/Prepared.hpp"

namespace lodestone::storage::sqlite {
namespace {

// An in-memory database of its own: the kept statements need nothing else.
class Prepared : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_EQ(sqlite3_open(":memory:", &db_), SQLITE_OK);
        statements_ = std::make_unique<PreparedStatements>(db_);
        Query(*statements_, "CREATE TABLE items (id TEXT PRIMARY KEY, size INTEGER, note TEXT)")
            .execute();
    }
    void TearDown() override {
        statements_.reset();  // finalized before the connection closes
        sqlite3_close(db_);
    }
    void add(const std::string& id, std::optional<std::int64_t> size,
             std::optional<std::string> note) {
        Query(*statements_, "INSERT INTO items (id, size, note) VALUES (?, ?, ?)")
            .bindAll(id, size, note)
            .execute();
    }

    sqlite3* db_ = nullptr;
    std::unique_ptr<PreparedStatements> statements_;
};

TEST_F(Prepared, BindsAndReadsValuesAndNulls) {
    add("a", 3, std::string("first"));
    add("b", std::nullopt, std::nullopt);
    Query query(*statements_, "SELECT id, size, note FROM items ORDER BY id");
    std::vector<std::string> seen;
    query.forEachRow([&](const sql::Row& row) {
        seen.push_back(row.text("id") + ":" +
                       (row.optionalInteger("size") ? std::to_string(row.integer("size")) : "-") +
                       ":" + row.optionalText("note").value_or("-"));
    });
    EXPECT_EQ(seen, (std::vector<std::string>{"a:3:first", "b:-:-"}));
}

TEST_F(Prepared, AStatementIsCompiledOnceAndResetForItsNextUse) {
    add("a", 1, std::nullopt);
    add("b", 2, std::nullopt);
    auto* first = &statements_->kept("SELECT size FROM items WHERE id = ?");
    for (const char* id : {"a", "b", "a"}) {
        Query query(*statements_, "SELECT size FROM items WHERE id = ?");
        auto size =
            query.bind(id).firstRow([](const sql::Row& row) { return row.integer("size"); });
        EXPECT_EQ(size, std::string(id) == "a" ? 1 : 2);  // first row only: not yet reset
    }
    EXPECT_EQ(&statements_->kept("SELECT size FROM items WHERE id = ?"), first);
}

TEST_F(Prepared, TheSameQueryInsideItsOwnRowsGetsAStatementOfItsOwn) {
    add("a", 1, std::nullopt);
    add("b", 2, std::nullopt);
    const char* const sql = "SELECT id, size FROM items WHERE size >= ? ORDER BY id";
    Query outer(*statements_, sql);
    outer.bind(1);
    std::vector<std::string> pairs;
    outer.forEachRow([&](const sql::Row& row) {
        Query inner(*statements_, sql);
        inner.bind(row.integer("size"));
        inner.forEachRow(
            [&](const sql::Row& other) { pairs.push_back(row.text("id") + other.text("id")); });
    });
    EXPECT_EQ(pairs, (std::vector<std::string>{"aa", "ab", "bb"}));
}

TEST_F(Prepared, ErrorsAreThePocoExceptionsCallersAlreadyHandle) {
    add("a", 1, std::nullopt);
    EXPECT_THROW(add("a", 2, std::nullopt), sql::ConstraintViolation);
    EXPECT_THROW(Query(*statements_, "SELECT nope FROM items"), Poco::Exception);
    // The failed statements left nothing half-done behind.
    Query count(*statements_, "SELECT COUNT(*) AS n FROM items");
    EXPECT_EQ(count.firstRow([](const sql::Row& row) { return row.integer("n"); }), 1);
}

TEST_F(Prepared, ExecuteCountsTheRowsItChanged) {
    add("a", 1, std::nullopt);
    add("b", 1, std::nullopt);
    EXPECT_EQ(
        Query(*statements_, "UPDATE items SET size = ? WHERE size = ?").bindAll(5, 1).execute(), 2);
    EXPECT_EQ(
        Query(*statements_, "UPDATE items SET size = ? WHERE size = ?").bindAll(5, 1).execute(), 0);
}

}  // namespace
}  // namespace lodestone::storage::sqlite
