#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "unit/storage/StoreBackend.hpp"
#include "unit/storage/postgres/PostgresBackend.hpp"
#include "unit/storage/sqlite/SqliteBackend.hpp"

// The storage suite: how the repositories behave, written against the Store interface only, so
// that every backend must pass it unchanged. Each area's fixture is run on every backend:
//
//   class JobQueue : public OnEveryBackend<StoreFixture> { ... };
//   TEST_P(JobQueue, ...) { ... }
//   INSTANTIATE_TEST_SUITE_P(, JobQueue, everyBackend(), backendName);
namespace lodestone::storage::test {

// The backends the suite runs on: SQLite, and PostgreSQL on a server the test program starts
// (support/PostgresServer.hpp). A new backend joins here, with the factory that makes its
// databases; no test changes.
inline std::vector<StoreBackend> storeBackends() {
    return {sqliteBackend(), postgresBackend()};
}

inline auto everyBackend() {
    return ::testing::ValuesIn(storeBackends());
}

// "JobQueue.ClaimTakesTheOldestDueFirst/sqlite".
inline std::string backendName(const ::testing::TestParamInfo<StoreBackend>& info) {
    return info.param.name;
}

// A store fixture whose database comes from the backend the suite is instantiated with.
template <typename Fixture>
class OnEveryBackend : public Fixture, public ::testing::WithParamInterface<StoreBackend> {
  protected:
    StoreBackend backend() const override { return GetParam(); }
};

}  // namespace lodestone::storage::test
