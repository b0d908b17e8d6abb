#include "storage/Transfer.hpp"

#include <libpq-fe.h>
#include <sqlite3.h>

#include <map>
#include <memory>
#include <set>

#include "storage/Store.hpp"

namespace lodestone::storage {
namespace {

using Sqlite = std::unique_ptr<sqlite3, decltype(&sqlite3_close_v2)>;
using Postgres = std::unique_ptr<PGconn, decltype(&PQfinish)>;
using PgResult = std::unique_ptr<PGresult, decltype(&PQclear)>;

class SqliteQuery {
  public:
    SqliteQuery(sqlite3* db, const std::string& sql) : db_(db) {
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement_, nullptr) != SQLITE_OK) {
            throw StorageError("SQLite: " + std::string(sqlite3_errmsg(db)) + " (in: " + sql + ")");
        }
    }
    ~SqliteQuery() { sqlite3_finalize(statement_); }
    SqliteQuery(const SqliteQuery&) = delete;
    SqliteQuery& operator=(const SqliteQuery&) = delete;
    // False after the last row; a read that fails (busy, I/O, corruption) throws, so a table is
    // never copied short.
    bool next() {
        const int code = sqlite3_step(statement_);
        if (code == SQLITE_ROW) return true;
        if (code == SQLITE_DONE) return false;
        throw StorageError("reading SQLite: " + std::string(sqlite3_errmsg(db_)));
    }
    std::string text(int column) const {
        const auto* value = sqlite3_column_text(statement_, column);
        return value ? reinterpret_cast<const char*>(value) : "";
    }
    sqlite3_stmt* raw() const { return statement_; }

  private:
    sqlite3* db_;
    sqlite3_stmt* statement_ = nullptr;
};

PgResult pgRun(PGconn* connection, const std::string& sql) {
    PgResult result(PQexec(connection, sql.c_str()), &PQclear);
    const auto status = PQresultStatus(result.get());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && status != PGRES_COPY_IN) {
        throw StorageError("PostgreSQL: " + std::string(PQerrorMessage(connection)) +
                           " (in: " + sql + ")");
    }
    return result;
}

// The tables of the SQLite database with their columns, parents (tables their foreign keys
// name) before children.
std::vector<std::pair<std::string, std::vector<std::string>>> tablesInOrder(sqlite3* db) {
    std::map<std::string, std::set<std::string>> parents;
    SqliteQuery tables(db,
                       "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                       "'sqlite_%' AND name <> 'schema_migrations' ORDER BY name");
    while (tables.next()) parents[tables.text(0)];
    for (auto& [table, theirs] : parents) {
        SqliteQuery keys(db, "SELECT \"table\" FROM pragma_foreign_key_list('" + table + "')");
        while (keys.next()) {
            if (keys.text(0) != table) theirs.insert(keys.text(0));
        }
    }
    std::vector<std::pair<std::string, std::vector<std::string>>> ordered;
    std::set<std::string> placed;
    while (placed.size() < parents.size()) {
        const auto before = placed.size();
        for (const auto& [table, theirs] : parents) {
            if (placed.count(table)) continue;
            bool ready = true;
            for (const auto& parent : theirs) ready = ready && placed.count(parent);
            if (!ready) continue;
            std::vector<std::string> columns;
            SqliteQuery info(db,
                             "SELECT name FROM pragma_table_info('" + table + "') ORDER BY cid");
            while (info.next()) columns.push_back(info.text(0));
            ordered.emplace_back(table, std::move(columns));
            placed.insert(table);
        }
        if (placed.size() == before) throw StorageError("the tables' foreign keys form a cycle");
    }
    return ordered;
}

// One value in COPY's text format.
void appendCopyValue(std::string& line, sqlite3_stmt* row, int column) {
    switch (sqlite3_column_type(row, column)) {
        case SQLITE_NULL:
            line += "\\N";
            return;
        case SQLITE_INTEGER:
            line += std::to_string(sqlite3_column_int64(row, column));
            return;
        case SQLITE_FLOAT: {
            char number[64];
            std::snprintf(number, sizeof number, "%.17g", sqlite3_column_double(row, column));
            line += number;
            return;
        }
        default:
            break;
    }
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(row, column));
    const int size = sqlite3_column_bytes(row, column);
    for (int i = 0; i < size; ++i) {
        switch (text[i]) {
            case '\\':
                line += "\\\\";
                break;
            case '\n':
                line += "\\n";
                break;
            case '\r':
                line += "\\r";
                break;
            case '\t':
                line += "\\t";
                break;
            default:
                line += text[i];
        }
    }
}

std::int64_t copyTable(sqlite3* source, PGconn* target, const std::string& table,
                       const std::vector<std::string>& columns) {
    std::string list;
    for (const auto& column : columns) list += (list.empty() ? "\"" : ", \"") + column + "\"";
    pgRun(target, "COPY " + table + " (" + list + ") FROM STDIN");
    SqliteQuery rows(source, "SELECT " + list + " FROM \"" + table + "\"");
    std::int64_t copied = 0;
    std::string line;
    while (rows.next()) {
        line.clear();
        for (int c = 0; c < static_cast<int>(columns.size()); ++c) {
            if (c > 0) line += '\t';
            appendCopyValue(line, rows.raw(), c);
        }
        line += '\n';
        if (PQputCopyData(target, line.data(), static_cast<int>(line.size())) != 1) {
            throw StorageError("PostgreSQL: " + std::string(PQerrorMessage(target)));
        }
        ++copied;
    }
    if (PQputCopyEnd(target, nullptr) != 1) {
        throw StorageError("PostgreSQL: " + std::string(PQerrorMessage(target)));
    }
    PgResult done(PQgetResult(target), &PQclear);
    if (PQresultStatus(done.get()) != PGRES_COMMAND_OK) {
        throw StorageError("copying " + table +
                           " into PostgreSQL: " + std::string(PQerrorMessage(target)));
    }
    while (PGresult* rest = PQgetResult(target)) PQclear(rest);
    return copied;
}

}  // namespace

TransferReport copySqliteToPostgresql(const StoreOptions& from, const StoreOptions& to,
                                      const domain::Clock& clock) {
    if (from.driver != "sqlite" || to.driver != "postgresql") {
        throw StorageError("only a copy from SQLite to PostgreSQL is supported");
    }
    TransferReport report;
    {
        // Both at this build's schema, so their tables and columns are the same.
        auto source = openStore(from);
        source->migrate(clock);
        auto target = openStore(to);
        target->migrate(clock);
        report.schemaVersion = source->schemaVersion();
    }
    sqlite3* rawSource = nullptr;
    if (sqlite3_open_v2(from.path.c_str(), &rawSource, SQLITE_OPEN_READONLY, nullptr) !=
        SQLITE_OK) {
        const std::string reason = rawSource ? sqlite3_errmsg(rawSource) : "out of memory";
        sqlite3_close_v2(rawSource);
        throw StorageError("cannot open " + from.path.string() + ": " + reason);
    }
    Sqlite source(rawSource, &sqlite3_close_v2);
    Postgres target(PQconnectdb(to.dsn.c_str()), &PQfinish);
    if (PQstatus(target.get()) != CONNECTION_OK) {
        throw StorageError("cannot connect to PostgreSQL: " +
                           std::string(PQerrorMessage(target.get())));
    }
    const auto tables = tablesInOrder(source.get());
    // One snapshot of the source, one transaction on the target.
    SqliteQuery(source.get(), "BEGIN").next();
    pgRun(target.get(), "BEGIN");
    for (const auto& [table, columns] : tables) {
        PgResult rows = pgRun(target.get(), "SELECT EXISTS (SELECT 1 FROM " + table + ")");
        if (std::string(PQgetvalue(rows.get(), 0, 0)) == "t") {
            throw StorageError("the PostgreSQL database is not empty (table " + table +
                               " has rows); migrate-storage copies into an empty one only");
        }
    }
    for (const auto& [table, columns] : tables) {
        report.tables.push_back({table, copyTable(source.get(), target.get(), table, columns)});
    }
    // Identity columns continue after the copied ids.
    PgResult identities = pgRun(target.get(),
                                "SELECT table_name, column_name FROM information_schema.columns "
                                "WHERE table_schema = current_schema() AND is_identity = 'YES'");
    for (int i = 0; i < PQntuples(identities.get()); ++i) {
        const std::string table = PQgetvalue(identities.get(), i, 0);
        const std::string column = PQgetvalue(identities.get(), i, 1);
        pgRun(target.get(), "SELECT setval(pg_get_serial_sequence('" + table + "', '" + column +
                                "'), COALESCE(MAX(" + column + "), 0) + 1, false) FROM " + table);
    }
    pgRun(target.get(), "COMMIT");
    return report;
}

}  // namespace lodestone::storage
