#pragma once

#include <sqlite3.h>

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "storage/sql/Statements.hpp"
#include "storage/sqlite/ColumnIndex.hpp"

// The repositories' statements on the SQLite C API, compiled once per connection and kept. Poco
// Data compiles every statement afresh and moves each value through its own row machinery:
// measured at ~32 µs a query against a few µs here (docs/benchmarks.md), which made the database
// most of the daemon's CPU per job. Poco Data still opens the connections and runs the migrations
// (rare, and not worth a second way of doing them).
namespace lodestone::storage::sqlite {

using sql::Query;

// One compiled SQLite statement.
class SqliteStatement final : public sql::Statement {
  public:
    SqliteStatement(sqlite3* db, std::string_view sql);
    ~SqliteStatement() override { sqlite3_finalize(statement_); }

    void bindText(std::string_view value) override;
    void bindInteger(std::int64_t value) override;
    void bindNull() override;
    int execute() override;
    bool next() override;
    int column(std::string_view name) const override;
    bool isNull(int column) const override;
    std::string text(int column) const override;
    std::int64_t integer(int column) const override;
    double number(int column) const override;
    void reset() override;

    const std::string& sql() const { return sql_; }

  private:
    [[noreturn]] void fail(int rc) const;
    // A parameter a run leaves unbound is NULL, as on a fresh statement. Done when it runs rather
    // than by clearing every parameter on reset(): each query binds them all, almost always.
    void unboundToNull();

    sqlite3* db_;
    std::string sql_;  // the key it is kept under
    sqlite3_stmt* statement_ = nullptr;
    ColumnIndex columns_;
    int nextParameter_ = 1;
    int parameters_ = 0;  // its `?`s
    // SQLite keeps a copy of each bound text until it is bound again: a large one (a step's
    // output) is let go of when the query ends rather than kept for the statement's next use.
    static constexpr std::size_t kLargeText = 4096;
    bool holdsLargeText_ = false;
};

// One connection's compiled statements, by SQL text.
class PreparedStatements final : public sql::Statements {
  public:
    explicit PreparedStatements(sqlite3* db) : db_(db) {}
    PreparedStatements(const PreparedStatements&) = delete;
    PreparedStatements& operator=(const PreparedStatements&) = delete;

    sql::Statement& kept(std::string_view sql) override;
    std::unique_ptr<sql::Statement> compile(std::string_view sql) override;
    sql::Dialect dialect() const override { return sql::Dialect::Sqlite; }
    sqlite3* db() const { return db_; }

  private:
    sqlite3* db_;
    // Keyed by a view of each statement's own `sql`, so that finding one allocates nothing.
    std::unordered_map<std::string_view, std::unique_ptr<SqliteStatement>> kept_;
};

}  // namespace lodestone::storage::sqlite
