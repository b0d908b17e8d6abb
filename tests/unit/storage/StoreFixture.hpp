#pragma once

#include <Poco/Data/SQLite/Connector.h>
#include <Poco/Data/Session.h>
#include <gtest/gtest.h>

#include "storage/Store.hpp"
#include "support/TempDir.hpp"

namespace lodestone::storage::test {

// A migrated SQLite store in a temporary directory, plus raw SQL on the same file for what the
// repositories do not (yet) write, as a later engine or another process would.
class StoreFixture : public ::testing::Test {
  protected:
    void SetUp() override {
        config_.path = dir_ / "var" / "lodestone.db";
        store_ = openStore(config_);
        store_->migrate();
    }

    void sql(const std::string& statement) {
        auto session = rawSession();
        session << statement, Poco::Data::Keywords::now;
    }

    std::int64_t count(const std::string& query) {
        auto session = rawSession();
        std::int64_t n = 0;
        session << query, Poco::Data::Keywords::into(n), Poco::Data::Keywords::now;
        return n;
    }

    Poco::Data::Session rawSession() {
        Poco::Data::SQLite::Connector::registerConnector();
        return Poco::Data::Session("SQLite", config_.path.string());
    }

    lodestone::test::TempDir dir_;
    StoreOptions config_;
    std::unique_ptr<Store> store_;
};

}  // namespace lodestone::storage::test
