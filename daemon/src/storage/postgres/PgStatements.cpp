#include "storage/postgres/PgStatements.hpp"

#include <charconv>
#include <cstdlib>
#include <cstring>

#include "storage/StorageError.hpp"

namespace lodestone::storage::postgres {
namespace {

struct ResultDeleter {
    void operator()(PGresult* result) const { PQclear(result); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

}  // namespace

Failure failureOf(const PGresult* result) {
    const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    if (state == nullptr) return Failure::Other;
    if (std::strncmp(state, "23", 2) == 0) return Failure::Constraint;
    if (std::strcmp(state, "40001") == 0 || std::strcmp(state, "40P01") == 0) {
        return Failure::Conflict;
    }
    if (std::strcmp(state, "57014") == 0) return Failure::Timeout;
    if (std::strcmp(state, "55P03") == 0) return Failure::LockWait;
    return Failure::Other;
}

void throwFor(const PGresult* result, PGconn* connection, std::string_view what) {
    std::string message = result ? PQresultErrorMessage(result) : "";
    if (message.empty()) message = PQerrorMessage(connection);
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) {
        message.pop_back();
    }
    switch (failureOf(result)) {
        case Failure::Constraint:
            throw sql::ConstraintViolation(message);
        case Failure::Conflict:
            throw RetryableConflict(message);
        case Failure::Timeout:
            throw StorageError("PostgreSQL cancelled " + std::string(what) +
                               " (storage.statement_timeout passed?): " + message);
        case Failure::LockWait:
            throw StorageError(
                "the database is locked by another writer (waited "
                "storage.busy_timeout): " +
                message);
        case Failure::Other:
            break;
    }
    throw StorageError("PostgreSQL: " + message + " (in: " + std::string(what) + ")");
}

std::string numberedParameters(std::string_view sql) {
    std::string out;
    out.reserve(sql.size() + 16);
    int number = 0;
    char quote = 0;
    for (char c : sql) {
        if (quote) {
            if (c == quote) quote = 0;
            out += c;
        } else if (c == '\'' || c == '"') {
            quote = c;
            out += c;
        } else if (c == '?') {
            out += '$' + std::to_string(++number);
        } else {
            out += c;
        }
    }
    return out;
}

PgStatement::PgStatement(PGconn* connection, std::string name, std::string_view sql, bool temporary)
    : connection_(connection), name_(std::move(name)), temporary_(temporary), sql_(sql) {
    Result prepared(
        PQprepare(connection_, name_.c_str(), numberedParameters(sql).c_str(), 0, nullptr));
    if (PQresultStatus(prepared.get()) != PGRES_COMMAND_OK) {
        throwFor(prepared.get(), connection_, sql_);
    }
}

PgStatement::~PgStatement() {
    reset();
    // A kept statement lives as long as its connection, which is closed with its statements.
    if (temporary_) Result(PQexec(connection_, ("DEALLOCATE " + name_).c_str()));
}

void PgStatement::bindText(std::string_view value) {
    parameters_.emplace_back(std::string(value));
}

void PgStatement::bindInteger(std::int64_t value) {
    parameters_.emplace_back(std::to_string(value));
}

void PgStatement::bindNull() {
    parameters_.emplace_back(std::nullopt);
}

void PgStatement::run() {
    std::vector<const char*> values;
    values.reserve(parameters_.size());
    for (const auto& parameter : parameters_) {
        values.push_back(parameter ? parameter->c_str() : nullptr);
    }
    result_ = PQexecPrepared(connection_, name_.c_str(), static_cast<int>(values.size()),
                             values.data(), nullptr, nullptr, 0);
    const auto status = PQresultStatus(result_);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        Result failed(result_);
        result_ = nullptr;
        throwFor(failed.get(), connection_, sql_);
    }
}

int PgStatement::execute() {
    if (!result_) run();
    const char* changed = PQcmdTuples(result_);
    return changed && *changed ? std::atoi(changed) : 0;
}

bool PgStatement::next() {
    if (!result_) run();
    return ++row_ < PQntuples(result_);
}

int PgStatement::column(std::string_view name) const {
    const int index = result_ ? PQfnumber(result_, std::string(name).c_str()) : -1;
    if (index < 0) throw StorageError("no column " + std::string(name) + " in the query's result");
    return index;
}

bool PgStatement::isNull(int column) const {
    return PQgetisnull(result_, row_, column) != 0;
}

std::string PgStatement::text(int column) const {
    return std::string(PQgetvalue(result_, row_, column),
                       static_cast<std::size_t>(PQgetlength(result_, row_, column)));
}

std::int64_t PgStatement::integer(int column) const {
    const char* value = PQgetvalue(result_, row_, column);
    const char* end = value + PQgetlength(result_, row_, column);
    // A comparison's boolean reads as SQLite's 0 or 1.
    if (end - value == 1 && (*value == 't' || *value == 'f')) return *value == 't' ? 1 : 0;
    std::int64_t number = 0;
    auto [stop, error] = std::from_chars(value, end, number);
    if (error == std::errc() && stop == end) return number;
    // numeric with a fraction (an average): its whole part, as SQLite's integer read gives.
    return static_cast<std::int64_t>(std::strtod(value, nullptr));
}

double PgStatement::number(int column) const {
    return std::strtod(PQgetvalue(result_, row_, column), nullptr);
}

void PgStatement::reset() {
    if (result_) PQclear(result_);
    result_ = nullptr;
    row_ = -1;
    parameters_.clear();
}

sql::Statement& PgStatements::kept(std::string_view sql) {
    auto found = kept_.find(sql);
    if (found != kept_.end()) return *found->second;
    auto statement =
        std::make_unique<PgStatement>(connection_, "s" + std::to_string(++named_), sql, false);
    const std::string_view key = statement->sql();
    return *kept_.emplace(key, std::move(statement)).first->second;
}

std::unique_ptr<sql::Statement> PgStatements::compile(std::string_view sql) {
    // Named too: the unnamed statement would be replaced by the next PQprepare on the connection.
    return std::make_unique<PgStatement>(connection_, "t" + std::to_string(++named_), sql, true);
}

}  // namespace lodestone::storage::postgres
