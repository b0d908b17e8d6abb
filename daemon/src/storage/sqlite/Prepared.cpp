#include "storage/sqlite/Prepared.hpp"

#include <Poco/Data/SQLite/SQLiteException.h>
#include <Poco/Data/SQLite/Utility.h>

#include "storage/StorageError.hpp"

namespace lodestone::storage::sqlite {
namespace {

// A constraint refused is the repositories' ConstraintViolation; anything else the exception Poco
// raises for the same error (a locked database is DBLockedException, …), as the connections and
// migrations, which run on Poco Data, raise it.
[[noreturn]] void throwFor(sqlite3* db, int rc) {
    if ((rc & 0xff) == SQLITE_CONSTRAINT) throw sql::ConstraintViolation(sqlite3_errmsg(db));
    Poco::Data::SQLite::Utility::throwException(db, rc, sqlite3_errmsg(db));
    throw StorageError("SQLite error " + std::to_string(rc));  // not reached
}

}  // namespace

SqliteStatement::SqliteStatement(sqlite3* db, std::string_view sql) : db_(db), sql_(sql) {
    int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                                SQLITE_PREPARE_PERSISTENT, &statement_, nullptr);
    if (rc != SQLITE_OK) throwFor(db_, rc);
    std::vector<std::string> names;
    const int columns = sqlite3_column_count(statement_);
    for (int i = 0; i < columns; ++i) names.emplace_back(sqlite3_column_name(statement_, i));
    columns_ = ColumnIndex(std::move(names));
    parameters_ = sqlite3_bind_parameter_count(statement_);
}

void SqliteStatement::bindText(std::string_view value) {
    if (value.size() > kLargeText) holdsLargeText_ = true;
    int rc = sqlite3_bind_text(statement_, nextParameter_++, value.data(),
                               static_cast<int>(value.size()), SQLITE_TRANSIENT);
    if (rc != SQLITE_OK) fail(rc);
}

void SqliteStatement::bindInteger(std::int64_t value) {
    int rc = sqlite3_bind_int64(statement_, nextParameter_++, value);
    if (rc != SQLITE_OK) fail(rc);
}

void SqliteStatement::bindNull() {
    int rc = sqlite3_bind_null(statement_, nextParameter_++);
    if (rc != SQLITE_OK) fail(rc);
}

void SqliteStatement::unboundToNull() {
    while (nextParameter_ <= parameters_) bindNull();
}

int SqliteStatement::execute() {
    if (nextParameter_ <= parameters_) unboundToNull();
    int rc;
    while ((rc = sqlite3_step(statement_)) == SQLITE_ROW) {
    }
    if (rc != SQLITE_DONE) fail(rc);
    return sqlite3_changes(db_);
}

bool SqliteStatement::next() {
    if (nextParameter_ <= parameters_) unboundToNull();
    int rc = sqlite3_step(statement_);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) fail(rc);
    return false;
}

int SqliteStatement::column(std::string_view name) const {
    if (const int index = columns_.find(name); index >= 0) return index;
    throw StorageError("no column " + std::string(name) + " in the query's result");
}

bool SqliteStatement::isNull(int column) const {
    return sqlite3_column_type(statement_, column) == SQLITE_NULL;
}

std::string SqliteStatement::text(int column) const {
    const auto* bytes = sqlite3_column_text(statement_, column);
    if (!bytes) return {};
    return std::string(reinterpret_cast<const char*>(bytes),
                       static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)));
}

std::int64_t SqliteStatement::integer(int column) const {
    return sqlite3_column_int64(statement_, column);
}

double SqliteStatement::number(int column) const {
    return sqlite3_column_double(statement_, column);
}

void SqliteStatement::reset() {
    sqlite3_reset(statement_);
    if (holdsLargeText_) sqlite3_clear_bindings(statement_);
    holdsLargeText_ = false;
    nextParameter_ = 1;
}

void SqliteStatement::fail(int rc) const {
    throwFor(db_, rc);
}

sql::Statement& PreparedStatements::kept(std::string_view sql) {
    auto found = kept_.find(sql);
    if (found != kept_.end()) return *found->second;
    auto compiled = std::make_unique<SqliteStatement>(db_, sql);
    const std::string_view key = compiled->sql();
    return *kept_.emplace(key, std::move(compiled)).first->second;
}

std::unique_ptr<sql::Statement> PreparedStatements::compile(std::string_view sql) {
    return std::make_unique<SqliteStatement>(db_, sql);
}

}  // namespace lodestone::storage::sqlite
