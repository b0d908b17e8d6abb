#pragma once

#include <gtest/gtest.h>

#include "storage/Store.hpp"
#include "support/TempDir.hpp"

namespace lodestone::storage::test {

// A migrated SQLite store in a temporary directory.
class StoreFixture : public ::testing::Test {
  protected:
    void SetUp() override {
        config_.path = dir_ / "var" / "lodestone.db";
        store_ = openStore(config_);
        store_->migrate();
    }

    lodestone::test::TempDir dir_;
    config::StorageConfig config_;
    std::unique_ptr<Store> store_;
};

}  // namespace lodestone::storage::test
