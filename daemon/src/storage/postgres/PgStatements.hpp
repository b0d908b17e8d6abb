#pragma once

#include <libpq-fe.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "storage/sql/Statements.hpp"

// The repositories' statements on libpq: each is prepared once per connection (PQprepare) under a
// name of its own and run with PQexecPrepared, its parameters sent as text for the server to read
// as the column they meet.
namespace lodestone::storage::postgres {

// A failed command's SQLSTATE class: what the caller can do about it.
enum class Failure {
    Constraint,  // class 23: ConstraintViolation
    Conflict,    // 40001 serialization failure, 40P01 deadlock: run the transaction again
    Timeout,     // 57014: statement_timeout passed (or the statement was cancelled)
    LockWait,    // 55P03: lock_timeout (storage.busy_timeout) passed waiting for a lock
    Other,
};
Failure failureOf(const PGresult* result);

// `sql` with each `?` outside quotes numbered as PostgreSQL wants it ($1, $2, ...).
std::string numberedParameters(std::string_view sql);

// Throws the exception for a command that did not succeed: ConstraintViolation, or a
// StorageError saying what the server said (RetryableConflict for serialization failures).
[[noreturn]] void throwFor(const PGresult* result, PGconn* connection, std::string_view what);

// A transaction that lost to a concurrent one (serialization failure, deadlock): nothing it did
// was kept, and running it again may succeed.
class RetryableConflict : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class PgStatement final : public sql::Statement {
  public:
    // `temporary`: deallocated on the server when this ends (a statement not kept).
    PgStatement(PGconn* connection, std::string name, std::string_view sql, bool temporary);
    ~PgStatement() override;

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
    void run();

    PGconn* connection_;
    std::string name_;
    bool temporary_;
    std::string sql_;  // as the repositories wrote it: the key it is kept under
    std::vector<std::optional<std::string>> parameters_;
    PGresult* result_ = nullptr;
    int row_ = -1;
};

class PgStatements final : public sql::Statements {
  public:
    explicit PgStatements(PGconn* connection) : connection_(connection) {}
    PgStatements(const PgStatements&) = delete;
    PgStatements& operator=(const PgStatements&) = delete;

    sql::Statement& kept(std::string_view sql) override;
    std::unique_ptr<sql::Statement> compile(std::string_view sql) override;
    sql::Dialect dialect() const override { return sql::Dialect::Postgresql; }

  private:
    PGconn* connection_;
    std::unordered_map<std::string_view, std::unique_ptr<PgStatement>> kept_;
    int named_ = 0;
};

}  // namespace lodestone::storage::postgres
