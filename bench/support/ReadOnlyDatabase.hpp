#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace lodestone::bench {

// A read-only connection to the daemon's database, so that watching a run adds no API traffic of
// its own. WAL mode lets it read while the daemon writes.
class ReadOnlyDatabase {
  public:
    explicit ReadOnlyDatabase(const std::filesystem::path& file);
    ~ReadOnlyDatabase();
    ReadOnlyDatabase(const ReadOnlyDatabase&) = delete;
    ReadOnlyDatabase& operator=(const ReadOnlyDatabase&) = delete;

    // Runs `sql` with `parameters` bound as integers and hands each row to `row`.
    template <typename RowFn>
    void query(const std::string& sql, RowFn row, const std::vector<std::int64_t>& parameters = {});

    // The first column of the last row; "" or 0 when there is none.
    std::string text(const std::string& sql);
    std::int64_t integer(const std::string& sql, const std::vector<std::int64_t>& parameters = {});

    // A text column, "" for NULL.
    static std::string column(sqlite3_stmt* statement, int index);

  private:
    sqlite3_stmt* prepare(const std::string& sql, const std::vector<std::int64_t>& parameters);
    void finish(const std::string& sql, sqlite3_stmt* statement, int rc);

    sqlite3* db_ = nullptr;
};

template <typename RowFn>
void ReadOnlyDatabase::query(const std::string& sql, RowFn row,
                             const std::vector<std::int64_t>& parameters) {
    sqlite3_stmt* statement = prepare(sql, parameters);
    int rc;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) row(statement);
    finish(sql, statement, rc);
}

}  // namespace lodestone::bench
