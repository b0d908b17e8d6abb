#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

// The repositories' statements on the SQLite C API, compiled once per connection and kept. Poco
// Data compiles every statement afresh and moves each value through its own row machinery:
// measured at ~32 µs a query against a few µs here (docs/benchmarks.md), which made the database
// most of the daemon's CPU per job. Poco Data still opens the connections and runs the migrations
// (rare, and not worth a second way of doing them).
namespace lodestone::storage::sqlite {

// One connection's compiled statements, by SQL text. Not thread-safe: like the connection, it is
// used by one transaction at a time.
class PreparedStatements {
  public:
    explicit PreparedStatements(sqlite3* db) : db_(db) {}
    PreparedStatements(const PreparedStatements&) = delete;
    PreparedStatements& operator=(const PreparedStatements&) = delete;

    struct Compiled {
        std::string sql;  // the key it is kept under
        sqlite3_stmt* statement = nullptr;
        std::vector<std::string> columns;  // result column names, by index
        bool inUse = false;                // a Query holds it
        ~Compiled() { sqlite3_finalize(statement); }
    };
    // Compiles `sql` on first use. Throws the exception Poco raises for the same error.
    Compiled& get(std::string_view sql);
    // A statement of its own, for a Query run while another Query holds the kept one (a
    // repository reading rows of a query while it runs the same query again).
    std::unique_ptr<Compiled> compile(std::string_view sql);
    sqlite3* db() const { return db_; }

  private:
    sqlite3* db_;
    // Keyed by a view of each statement's own `sql`, so that finding one allocates nothing.
    std::unordered_map<std::string_view, std::unique_ptr<Compiled>> compiled_;
};

// A result row of a Query, read by column name (as Sql.hpp's Row is).
class PreparedRow {
  public:
    PreparedRow(const PreparedStatements::Compiled& compiled) : compiled_(compiled) {}
    std::string text(std::string_view column) const;
    std::optional<std::string> optionalText(std::string_view column) const;
    std::int64_t integer(std::string_view column) const;
    std::optional<std::int64_t> optionalInteger(std::string_view column) const;
    double number(std::string_view column) const;

  private:
    int index(std::string_view column) const;
    bool isNull(int index) const;
    const PreparedStatements::Compiled& compiled_;
};

// One run of a kept statement: bind its parameters in order, then execute() or read rows. The
// statement is reset for its next use when the Query ends.
class Query {
  public:
    Query(PreparedStatements& statements, std::string_view sql);
    ~Query();
    Query(const Query&) = delete;
    Query& operator=(const Query&) = delete;

    Query& bind(std::string_view value);
    Query& bind(const std::string& value) { return bind(std::string_view(value)); }
    Query& bind(const char* value) { return bind(std::string_view(value)); }
    Query& bind(std::int64_t value);
    Query& bind(int value) { return bind(static_cast<std::int64_t>(value)); }
    Query& bind(const std::optional<std::string>& value);
    Query& bind(const std::optional<std::int64_t>& value);
    template <typename... Values>
    Query& bindAll(const Values&... values) {
        (bind(values), ...);
        return *this;
    }

    // Runs a statement that returns no rows; the number of rows it changed.
    int execute();
    // Steps to the next row; false when there is none.
    bool next();
    PreparedRow row() const { return PreparedRow(compiled_); }

    template <typename Map>
    void forEachRow(Map&& map) {
        while (next()) map(row());
    }
    template <typename Map>
    auto firstRow(Map&& map) -> std::optional<decltype(map(std::declval<PreparedRow>()))> {
        if (!next()) return std::nullopt;
        return map(row());
    }

  private:
    [[noreturn]] void fail(int rc) const;

    std::unique_ptr<PreparedStatements::Compiled> own_;  // set when the kept one was in use
    PreparedStatements::Compiled& compiled_;
    sqlite3* db_;
    int nextParameter_ = 1;
};

}  // namespace lodestone::storage::sqlite
