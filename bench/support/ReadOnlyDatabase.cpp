#include "bench/support/ReadOnlyDatabase.hpp"

namespace lodestone::bench {

ReadOnlyDatabase::ReadOnlyDatabase(const std::filesystem::path& file) {
    if (sqlite3_open_v2(file.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw std::runtime_error("cannot open " + file.string() + ": " + message);
    }
    sqlite3_busy_timeout(db_, 5000);
}

ReadOnlyDatabase::~ReadOnlyDatabase() {
    sqlite3_close(db_);
}

std::string ReadOnlyDatabase::text(const std::string& sql) {
    std::string value;
    query(sql, [&](sqlite3_stmt* s) { value = column(s, 0); });
    return value;
}

std::int64_t ReadOnlyDatabase::integer(const std::string& sql,
                                       const std::vector<std::int64_t>& parameters) {
    std::int64_t value = 0;
    query(
        sql, [&](sqlite3_stmt* s) { value = sqlite3_column_int64(s, 0); }, parameters);
    return value;
}

std::string ReadOnlyDatabase::column(sqlite3_stmt* statement, int index) {
    const auto* text = sqlite3_column_text(statement, index);
    return text ? reinterpret_cast<const char*>(text) : "";
}

sqlite3_stmt* ReadOnlyDatabase::prepare(const std::string& sql,
                                        const std::vector<std::int64_t>& parameters) {
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
        throw std::runtime_error("cannot prepare \"" + sql + "\": " + sqlite3_errmsg(db_));
    }
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        sqlite3_bind_int64(statement, static_cast<int>(i + 1), parameters[i]);
    }
    return statement;
}

void ReadOnlyDatabase::finish(const std::string& sql, sqlite3_stmt* statement, int rc) {
    sqlite3_finalize(statement);
    if (rc != SQLITE_DONE) {
        throw std::runtime_error("query \"" + sql + "\" failed: " + sqlite3_errmsg(db_));
    }
}

}  // namespace lodestone::bench
