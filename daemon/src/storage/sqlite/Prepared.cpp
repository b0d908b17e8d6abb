#include "storage/sqlite/Prepared.hpp"

#include <Poco/Data/SQLite/Utility.h>

#include "storage/StorageError.hpp"

namespace lodestone::storage::sqlite {
namespace {

// The same exception types Poco raises (a locked database is DBLockedException, a UNIQUE
// violation ConstraintViolationException, …), so callers treat both paths alike.
[[noreturn]] void throwFor(sqlite3* db, int rc) {
    Poco::Data::SQLite::Utility::throwException(db, rc, sqlite3_errmsg(db));
    throw StorageError("SQLite error " + std::to_string(rc));  // not reached
}

}  // namespace

PreparedStatements::Compiled& PreparedStatements::get(std::string_view sql) {
    auto found = compiled_.find(sql);
    if (found != compiled_.end()) return *found->second;
    auto compiled = compile(sql);
    compiled->sql = sql;
    const std::string_view key = compiled->sql;
    return *compiled_.emplace(key, std::move(compiled)).first->second;
}

std::unique_ptr<PreparedStatements::Compiled> PreparedStatements::compile(std::string_view sql) {
    auto compiled = std::make_unique<Compiled>();
    int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                                SQLITE_PREPARE_PERSISTENT, &compiled->statement, nullptr);
    if (rc != SQLITE_OK) throwFor(db_, rc);
    const int columns = sqlite3_column_count(compiled->statement);
    for (int i = 0; i < columns; ++i) {
        compiled->columns.emplace_back(sqlite3_column_name(compiled->statement, i));
    }
    return compiled;
}

int PreparedRow::index(std::string_view column) const {
    for (std::size_t i = 0; i < compiled_.columns.size(); ++i) {
        if (compiled_.columns[i] == column) return static_cast<int>(i);
    }
    throw StorageError("no column " + std::string(column) + " in the query's result");
}

bool PreparedRow::isNull(int index) const {
    return sqlite3_column_type(compiled_.statement, index) == SQLITE_NULL;
}

std::string PreparedRow::text(std::string_view column) const {
    const int i = index(column);
    const auto* bytes = sqlite3_column_text(compiled_.statement, i);
    if (!bytes) return {};
    return std::string(reinterpret_cast<const char*>(bytes),
                       static_cast<std::size_t>(sqlite3_column_bytes(compiled_.statement, i)));
}

std::optional<std::string> PreparedRow::optionalText(std::string_view column) const {
    if (isNull(index(column))) return std::nullopt;
    return text(column);
}

std::int64_t PreparedRow::integer(std::string_view column) const {
    return sqlite3_column_int64(compiled_.statement, index(column));
}

std::optional<std::int64_t> PreparedRow::optionalInteger(std::string_view column) const {
    const int i = index(column);
    if (isNull(i)) return std::nullopt;
    return sqlite3_column_int64(compiled_.statement, i);
}

double PreparedRow::number(std::string_view column) const {
    return sqlite3_column_double(compiled_.statement, index(column));
}

namespace {

PreparedStatements::Compiled& take(PreparedStatements& statements, std::string_view sql,
                                   std::unique_ptr<PreparedStatements::Compiled>& own) {
    auto& kept = statements.get(sql);
    if (!kept.inUse) return kept;
    own = statements.compile(sql);
    return *own;
}

}  // namespace

Query::Query(PreparedStatements& statements, std::string_view sql)
    : compiled_(take(statements, sql, own_)), db_(statements.db()) {
    compiled_.inUse = true;
}

Query::~Query() {
    sqlite3_reset(compiled_.statement);
    sqlite3_clear_bindings(compiled_.statement);
    compiled_.inUse = false;
}

Query& Query::bind(std::string_view value) {
    int rc = sqlite3_bind_text(compiled_.statement, nextParameter_++, value.data(),
                               static_cast<int>(value.size()), SQLITE_TRANSIENT);
    if (rc != SQLITE_OK) fail(rc);
    return *this;
}

Query& Query::bind(std::int64_t value) {
    int rc = sqlite3_bind_int64(compiled_.statement, nextParameter_++, value);
    if (rc != SQLITE_OK) fail(rc);
    return *this;
}

Query& Query::bind(const std::optional<std::string>& value) {
    if (value) return bind(std::string_view(*value));
    int rc = sqlite3_bind_null(compiled_.statement, nextParameter_++);
    if (rc != SQLITE_OK) fail(rc);
    return *this;
}

Query& Query::bind(const std::optional<std::int64_t>& value) {
    if (value) return bind(*value);
    int rc = sqlite3_bind_null(compiled_.statement, nextParameter_++);
    if (rc != SQLITE_OK) fail(rc);
    return *this;
}

int Query::execute() {
    int rc;
    while ((rc = sqlite3_step(compiled_.statement)) == SQLITE_ROW) {
    }
    if (rc != SQLITE_DONE) fail(rc);
    return sqlite3_changes(db_);
}

bool Query::next() {
    int rc = sqlite3_step(compiled_.statement);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) fail(rc);
    return false;
}

void Query::fail(int rc) const {
    throwFor(db_, rc);
}

}  // namespace lodestone::storage::sqlite
