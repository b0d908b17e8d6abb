#include <Poco/Data/SQLite/SQLiteException.h>
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <string>
#include <vector>

#include "storage/StorageError.hpp"
#include "storage/sqlite/ColumnIndex.hpp"
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

TEST_F(Prepared, OptionalTextTellsEmptyTextAndNumbersFromNull) {
    Query query(*statements_,
                "SELECT '' AS empty_text, NULL AS no_value, 42 AS a_number, x'' AS empty_blob");
    ASSERT_TRUE(query.next());
    EXPECT_EQ(query.row().optionalText("empty_text"), std::optional<std::string>(""));
    EXPECT_EQ(query.row().optionalText("no_value"), std::nullopt);
    EXPECT_EQ(query.row().optionalText("a_number"), std::optional<std::string>("42"));
    EXPECT_EQ(query.row().optionalText("empty_blob"), std::optional<std::string>(""));
}

// A kept statement keeps its last values through reset(): what a run leaves unbound is still NULL.
TEST_F(Prepared, AParameterLeftUnboundIsNullNotTheLastRunsValue) {
    const char* const sql = "SELECT ? AS a, ? AS b";
    auto read = [&](Query& query) {
        return query.firstRow([](const sql::Row& row) {
            return std::to_string(row.integer("a")) + ":" +
                   (row.optionalInteger("b") ? std::to_string(*row.optionalInteger("b")) : "-");
        });
    };
    {
        Query query(*statements_, sql);
        query.bindAll(1, 2);
        EXPECT_EQ(read(query), "1:2");
    }
    {
        Query query(*statements_, sql);
        query.bind(3);
        EXPECT_EQ(read(query), "3:-");
    }
    const std::string large(5000, 'x');  // let go of when its query ends
    {
        Query query(*statements_, "SELECT length(?) AS a, ? AS b");
        query.bindAll(large, 4);
        EXPECT_EQ(read(query), "5000:4");
    }
    {
        Query query(*statements_, "SELECT length(?) AS a, ? AS b");
        query.bind(large.substr(0, 10));
        EXPECT_EQ(read(query), "10:-");
    }
    add("a", 1, std::string("note"));
    Query(*statements_, "INSERT INTO items (id, size, note) VALUES (?, ?, ?)").bind("b").execute();
    Query query(*statements_, "SELECT size, note FROM items WHERE id = 'b'");
    ASSERT_TRUE(query.next());
    EXPECT_FALSE(query.row().optionalInteger("size"));
    EXPECT_FALSE(query.row().optionalText("note"));
}

TEST_F(Prepared, ColumnsAreFoundByNameInAnyOrder) {
    add("a", 7, std::string("note"));
    Query query(*statements_,
                "SELECT i.note, i.size, i.id, j.id, j.size AS other_size FROM items i "
                "JOIN items j ON j.id = i.id");
    ASSERT_TRUE(query.next());
    const sql::Row row = query.row();
    EXPECT_EQ(row.integer("size"), 7);
    EXPECT_EQ(row.text("note"), "note");
    EXPECT_EQ(row.text("id"), "a");  // the first of the two
    EXPECT_EQ(row.integer("other_size"), 7);
    EXPECT_THROW(row.text("ID"), StorageError);
    EXPECT_THROW(row.text("missing"), StorageError);
}

// Names alike in length and in the characters the table looks at share a slot, and each is
// still found.
TEST(ColumnIndex, FindsEveryNameAndNoOther) {
    std::vector<std::string> names;
    for (char middle = 'a'; middle <= 'z'; ++middle) {
        names.push_back(std::string("c_") + middle + "_x");
        names.push_back(std::string("c") + middle + "__x");
    }
    names.push_back("");
    names.push_back("c_a_x");  // again: stands for the first
    const ColumnIndex index(names);
    for (std::size_t i = 0; i + 1 < names.size(); ++i) {
        EXPECT_EQ(index.find(names[i]), static_cast<int>(i)) << names[i];
    }
    EXPECT_EQ(index.find("c_a_y"), -1);
    EXPECT_EQ(index.find("c_a_"), -1);
    EXPECT_EQ(ColumnIndex().find("id"), -1);
    EXPECT_EQ(ColumnIndex().find(""), -1);
}

}  // namespace
}  // namespace lodestone::storage::sqlite
