#pragma once

#include <Poco/Data/SQLite/Connector.h>
#include <Poco/Data/Session.h>

#include <cstdint>
#include <filesystem>
#include <string>

namespace lodestone::test {

// The daemon's SQLite file, read and written by a test behind the daemon's back. Each call opens
// its own connection and waits up to 5 s for a lock the daemon holds.
class TestDatabase {
  public:
    explicit TestDatabase(std::filesystem::path file) : file_(std::move(file)) {}

    // The first column of the first row.
    std::int64_t count(const std::string& query) const {
        auto session = open();
        std::int64_t n = 0;
        session << query, Poco::Data::Keywords::into(n), Poco::Data::Keywords::now;
        return n;
    }
    std::string text(const std::string& query) const {
        auto session = open();
        std::string value;
        session << query, Poco::Data::Keywords::into(value), Poco::Data::Keywords::now;
        return value;
    }
    void sql(const std::string& statement) const {
        auto session = open();
        session << statement, Poco::Data::Keywords::now;
    }

  private:
    Poco::Data::Session open() const {
        Poco::Data::SQLite::Connector::registerConnector();
        Poco::Data::Session session("SQLite", file_.string());
        session << "PRAGMA busy_timeout=5000", Poco::Data::Keywords::now;
        return session;
    }

    std::filesystem::path file_;
};

}  // namespace lodestone::test
