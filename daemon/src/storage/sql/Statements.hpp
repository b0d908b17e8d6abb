#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "storage/StorageError.hpp"

// The repositories' SQL, written once for every database driver. A driver (SQLite's C API,
// PostgreSQL's libpq) compiles each statement once per connection and keeps it; the repositories
// run them through Query and read rows by column name, never splicing values into SQL text.
// Statements use `?` for their parameters; a driver whose database numbers them ($1, $2, ...)
// rewrites them when it compiles the statement.
namespace lodestone::storage::sql {

// What differs between the databases' SQL, for the few statements that cannot be written alike.
enum class Dialect { Sqlite, Postgresql };

// The database refused a UNIQUE, CHECK or FOREIGN KEY constraint. Repositories turn the ones
// they expect into Conflict; any other reaches the caller as the StorageError it is.
class ConstraintViolation : public StorageError {
  public:
    using StorageError::StorageError;
};

// One compiled statement of one connection, run by one Query at a time.
class Statement {
  public:
    virtual ~Statement() = default;

    // Parameters, in the order of their `?`.
    virtual void bindText(std::string_view value) = 0;
    virtual void bindInteger(std::int64_t value) = 0;
    virtual void bindNull() = 0;

    // Runs a statement that returns no rows; the number of rows it changed.
    virtual int execute() = 0;
    // Runs the statement on first call, then moves to the next row; false when there is none.
    virtual bool next() = 0;

    // The current row's columns. Throws for a column the result does not have.
    virtual int column(std::string_view name) const = 0;
    virtual bool isNull(int column) const = 0;
    virtual std::string text(int column) const = 0;
    virtual std::int64_t integer(int column) const = 0;
    virtual double number(int column) const = 0;

    // Ready for the next Query: parameters and results dropped.
    virtual void reset() = 0;

    bool inUse = false;  // a Query holds it
};

// One connection's statements, kept by SQL text. Not thread-safe: like the connection, it is used
// by one transaction at a time.
class Statements {
  public:
    virtual ~Statements() = default;
    // The kept statement for `sql`, compiled on first use.
    virtual Statement& kept(std::string_view sql) = 0;
    // A statement of its own, for a Query run while another holds the kept one (a repository
    // reading the rows of a query while it runs the same query again).
    virtual std::unique_ptr<Statement> compile(std::string_view sql) = 0;
    virtual Dialect dialect() const = 0;
};

// A result row of a Query, read by column name.
class Row {
  public:
    explicit Row(const Statement& statement) : statement_(statement) {}
    std::string text(std::string_view column) const;
    std::optional<std::string> optionalText(std::string_view column) const;
    std::int64_t integer(std::string_view column) const;
    std::optional<std::int64_t> optionalInteger(std::string_view column) const;
    double number(std::string_view column) const;

  private:
    const Statement& statement_;
};

// One run of a kept statement: bind its parameters in order, then execute() or read rows. The
// statement is reset for its next use when the Query ends.
class Query {
  public:
    Query(Statements& statements, std::string_view sql);
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

    int execute() { return statement_.execute(); }
    bool next() { return statement_.next(); }
    Row row() const { return Row(statement_); }

    template <typename Map>
    void forEachRow(Map&& map) {
        while (next()) map(row());
    }
    template <typename Map>
    auto firstRow(Map&& map) -> std::optional<decltype(map(std::declval<Row>()))> {
        if (!next()) return std::nullopt;
        return map(row());
    }

  private:
    std::unique_ptr<Statement> own_;  // set when the kept one was in use
    Statement& statement_;
};

// What every repository works on: the statements of the connection its transaction runs on.
class SqlRepository {
  public:
    explicit SqlRepository(Statements& statements) : statements_(statements) {}

  protected:
    Statements& statements_;
};

}  // namespace lodestone::storage::sql
