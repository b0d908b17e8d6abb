#pragma once

#include <Poco/Data/SQLite/Connector.h>
#include <Poco/Data/Session.h>

#include <filesystem>

#include "unit/storage/StoreBackend.hpp"

namespace lodestone::storage::test {

// A SQLite database file, and raw SQL over a Poco session of its own on that file.
class SqliteDatabase final : public BackendDatabase {
  public:
    explicit SqliteDatabase(std::filesystem::path file) { options_.path = std::move(file); }

    std::unique_ptr<Store> open() override { return openStore(options_); }

    void execute(const std::string& statement) override {
        auto raw = session();
        raw << statement, Poco::Data::Keywords::now;
    }

    std::int64_t count(const std::string& query) override {
        auto raw = session();
        std::int64_t n = 0;
        raw << query, Poco::Data::Keywords::into(n), Poco::Data::Keywords::now;
        return n;
    }

    const StoreOptions& options() const { return options_; }

    // A connection of its own to the file, set up as SQLite's defaults leave it (foreign keys
    // off), unlike the store's.
    Poco::Data::Session session() const {
        Poco::Data::SQLite::Connector::registerConnector();
        return Poco::Data::Session("SQLite", options_.path.string());
    }

  private:
    StoreOptions options_;
};

// The embedded default backend: a file in the test's folder, in a subfolder openStore creates.
inline StoreBackend sqliteBackend() {
    return {"sqlite", [](const lodestone::test::TempDir& dir) {
                return std::make_unique<SqliteDatabase>(dir / "var" / "lodestone.db");
            }};
}

}  // namespace lodestone::storage::test
